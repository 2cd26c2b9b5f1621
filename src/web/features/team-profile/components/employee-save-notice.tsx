import { formWideError } from '../../../lib/error-messages';
import { EditConflict } from '../../../lib/edit-conflict';
import type { VersionedEdit } from '../../../lib/use-versioned-edit';
import { FormError } from '../../../ui/form';

interface EmployeeSaveNoticeProps {
  /** The failed save's error, if any. */
  error: unknown;
  versioned: Pick<VersionedEdit, 'texts' | 'conflict' | 'keepEntries' | 'discardEntries'>;
}

/** Above an employee form: the conflict of a stale save (reload keeping the entries, or take the saved records), else a failure that names no field. */
export function EmployeeSaveNotice({ error, versioned }: EmployeeSaveNoticeProps) {
  return versioned.conflict ? <EditConflict edit={versioned} /> : <FormError error={formWideError(error)} />;
}
