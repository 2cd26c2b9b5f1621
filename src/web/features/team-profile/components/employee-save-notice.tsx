import { useTranslation } from 'react-i18next';
import { formWideError } from '../../../lib/error-messages';
import { FormConflict, FormError } from '../../../ui/form';
import type { useVersionedEdit } from '../../../lib/use-versioned-edit';

interface EmployeeSaveNoticeProps {
  /** The failed save's error, if any. */
  error: unknown;
  versioned: Pick<ReturnType<typeof useVersionedEdit>, 'conflict' | 'keepEntries' | 'discardEntries'>;
}

/** Above an employee form: the conflict of a stale save (reload keeping the entries, or take the saved records), else a failure that names no field. */
export function EmployeeSaveNotice({ error, versioned }: EmployeeSaveNoticeProps) {
  const { t } = useTranslation();
  return versioned.conflict ? (
    <FormConflict
      text={t('team.employeeConflict.text')}
      keepLabel={t('team.employeeConflict.keep')}
      discardLabel={t('team.employeeConflict.discard')}
      onKeep={versioned.keepEntries}
      onDiscard={versioned.discardEntries}
    />
  ) : (
    <FormError error={formWideError(error)} />
  );
}
