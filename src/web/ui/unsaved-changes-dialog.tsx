import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';

export interface UnsavedChangesDialogProps {
  isOpen: boolean;
  /** Keeps the page and its changes; also Escape and a click outside. */
  onStay: () => void;
  /** Goes on where the user wanted; the changes are lost. */
  onLeave: () => void;
}

/** Asks before a navigation drops unsaved changes. Stay has the focus, so Enter never loses work. */
export function UnsavedChangesDialog({ isOpen, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('common.unsavedChanges.title')}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
    >
      <p>{t('common.unsavedChanges.text')}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onStay} autoFocus>
          {t('common.unsavedChanges.stay')}
        </Button>
        <Button variant="danger" onPress={onLeave}>
          {t('common.unsavedChanges.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
