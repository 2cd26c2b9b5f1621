import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceIsNotInFuture } from '../../../../domain/stations/station.decider';
import { describeError, fieldErrorsFromApiError, type FieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { TextField } from '../../../ui/text-field';
import { useRecordMaintenance, type StationView } from '../api/stations';
import { fromDateTimeInput, toDateTimeInput } from '../format';

export interface MaintenanceDialogProps {
  /** The station whose maintenance is recorded; the dialog is open while set. */
  station: StationView | null;
  onClose: () => void;
}

/** Records a maintenance of a station: now, or when it was done (not in the future). */
export function MaintenanceDialog({ station, onClose }: MaintenanceDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('stations.maintenance.title', { station: station?.name ?? '' })} isOpen={station !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {station ? <MaintenanceForm key={station.id} station={station} onClose={onClose} /> : null}
    </Dialog>
  );
}

function MaintenanceForm({ station, onClose }: { station: StationView; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const record = useRecordMaintenance();
  const [performedAt, setPerformedAt] = useState(() => toDateTimeInput(new Date().toISOString()));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = fromDateTimeInput(performedAt);
    if (!at) {
      setErrors({ performedAt: { path: 'performedAt', message: 'validation.required' } });
      return;
    }
    const inFuture = maintenanceIsNotInFuture(at, new Date().toISOString());
    if (inFuture) {
      setErrors({ performedAt: inFuture.details[0] });
      return;
    }
    setErrors({});
    record.mutate(
      { id: station.id, input: { version: station.version, performedAt: at } },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('stations.maintenance.done', { station: station.name }) });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsFromApiError(error));
          notify({ severity: 'error', message: t('stations.maintenance.failed', { station: station.name, reason: describeError(t, error) }) });
        },
      },
    );
  };

  return (
    <Form errors={errors} onSubmit={submit} aria-label={t('stations.maintenance.title', { station: station.name })}>
      <FormError error={record.error && Object.keys(fieldErrorsFromApiError(record.error)).length === 0 ? record.error : undefined} />
      <TextField
        name="performedAt"
        type="datetime-local"
        label={t('stations.maintenance.performedAt')}
        value={performedAt}
        onChange={(value) => {
          setPerformedAt(value);
          setErrors({});
        }}
        isRequired
        autoFocus
      />
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={record.isPending}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={record.isPending}>
          {t('stations.maintenance.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
