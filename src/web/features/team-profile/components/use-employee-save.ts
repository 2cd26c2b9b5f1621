import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeView } from '../../../../domain/team/team.views';
import { describeError } from '../../../lib/error-messages';
import { useUnsavedChangesGuard } from '../../../lib/navigation-guard';
import { useVersionedEdit } from '../../../lib/use-versioned-edit';
import { useNotify } from '../../../ui/notification-bar';
import { employeeQueryOptions, useEmployeeWrite } from '../api/team-profile';

/** The part of a schema form an employee form's save works on. */
interface EmployeeForm<Draft, Valid> {
  isDirty: boolean;
  submit(): Valid | undefined;
  reset(next: Draft): void;
  showServerProblems(error: unknown): void;
}

interface EmployeeSaveOptions<Draft, Valid, Input> {
  id: string;
  write: (id: string, input: Input) => Promise<EmployeeView>;
  /** What to send for the checked draft; a versioned save sends `version` with it. */
  input: (checked: Valid, version: number) => Input;
  /** The draft the form shows once saved. */
  after: (saved: EmployeeView) => Draft;
  /**
   * A save on the version of the employee's records the form was loaded with (profile,
   * organization, a year's entitlement): a save in between answers CONFLICT_ERROR, and the form
   * offers the latest records keeping the entries or taking the saved ones.
   */
  versioned?: { version: number };
  /** The notices: what was saved, and why a save failed. */
  saved: string;
  failed: (reason: string) => string;
}

/**
 * The save of one of an employee's forms: checks the draft, writes it, then lets the user leave, shows the
 * saved draft and says so; a refused write shows the server's problems on the fields and says why.
 * Guards the page while the form has unsaved changes.
 */
export function useEmployeeSave<Draft, Valid, Input>(form: EmployeeForm<Draft, Valid>, options: EmployeeSaveOptions<Draft, Valid, Input>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useEmployeeWrite(options.write);
  const { release } = useUnsavedChangesGuard(form.isDirty);
  const versioned = useVersionedEdit({
    version: options.versioned?.version ?? 0,
    latest: employeeQueryOptions(options.id),
    texts: 'team.employeeConflict',
    onLatest: (latest, keepEntries) => {
      if (!keepEntries) form.reset(options.after(latest));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    save.mutate(
      { id: options.id, input: options.input(checked, versioned.version) },
      {
        onSuccess: (saved) => {
          release();
          versioned.setVersion(saved.version);
          form.reset(options.after(saved));
          notify({ severity: 'success', message: options.saved });
        },
        onError: (error) => {
          if (options.versioned && versioned.isConflict(error)) return;
          form.showServerProblems(error);
          notify({ severity: 'error', message: options.failed(describeError(t, error)) });
        },
      },
    );
  };

  return { save, submit, versioned };
}
