import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { useNotify } from '../../../ui/notification-bar';
import { useDeleteStation, type StationView } from '../api/stations';

export interface DeleteStationDialogProps {
  /** The station to delete; the dialog is open while set. */
  station: StationView | null;
  onClose: () => void;
}

/**
 * Asks before a station goes. The server refuses the start station and any station of the saved
 * sequence; the notification says why (remove it from the sequence and save first).
 */
export function DeleteStationDialog({ station, onClose }: DeleteStationDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteStation();

  const confirm = () => {
    if (!station) return;
    remove.mutate(
      { id: station.id, version: station.version },
      {
        onSuccess: () => notify({ severity: 'success', message: t('stations.delete.done', { station: station.name }) }),
        onError: (error) => notify({ severity: 'error', message: t('stations.delete.failed', { station: station.name, reason: describeError(t, error) }) }),
        onSettled: onClose,
      },
    );
  };

  return (
    <Dialog
      title={t('stations.delete.title')}
      role="alertdialog"
      isOpen={station !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <p>{t('stations.delete.question', { station: station?.name ?? '' })}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending} autoFocus>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" onPress={confirm} isDisabled={remove.isPending}>
          {t('stations.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
