import { useTranslation } from 'react-i18next';
import { FormConflict } from '../ui/form';
import type { VersionedEdit } from './use-versioned-edit';

export interface EditConflictProps {
  edit: Pick<VersionedEdit, 'texts' | 'conflict' | 'keepEntries' | 'discardEntries'>;
  /** Values the text names, e.g. `{ orderNumber }`. */
  values?: Record<string, string>;
}

/**
 * The notice of a versioned edit's conflict (`useVersionedEdit`): `<texts>.text`, and the buttons
 * `<texts>.keepMine` and `<texts>.discardMine` that load the latest version; nothing while there is none.
 */
export function EditConflict({ edit, values }: EditConflictProps) {
  const { t } = useTranslation();
  if (!edit.conflict) return null;
  return (
    <FormConflict
      text={t(`${edit.texts}.text`, values)}
      keepLabel={t(`${edit.texts}.keepMine`)}
      discardLabel={t(`${edit.texts}.discardMine`)}
      onKeep={edit.keepEntries}
      onDiscard={edit.discardEntries}
    />
  );
}
