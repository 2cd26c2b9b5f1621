import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceIsNotInFuture } from '../../../../domain/stations/station.decider';
import { describeError, formWideError } from '../../../lib/error-messages';
import { useSchemaForm, type DraftCheck } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { TextField } from '../../../ui/text-field';
import { useRecordMaintenance, type StationView } from '../api/stations';
import { fromDateTimeInput, toDateTimeInput } from '../format';

/** A maintenance time is required and does not lie in the future (the domain's rule). */
function checkMaintenance({ performedAt }: { performedAt: string }): DraftCheck<string> {
  const at = fromDateTimeInput(performedAt);
  if (!at) return { ok: false, errors: { performedAt: { path: 'performedAt', message: 'validation.required' } } };
  const inFuture = maintenanceIsNotInFuture(at, new Date().toISOString());
  return inFuture ? { ok: false, errors: { performedAt: inFuture.details[0] } } : { ok: true, value: at };
}

export interface MaintenanceDialogProps {
  /** The station whose maintenance is recorded; the dialog is open while set. */
  station: StationView | null;
  onClose: () => void;
}

/** Records a maintenance of a station: now, or when it was done (not in the future). */
export function MaintenanceDialog({ station, onClose }: MaintenanceDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('stations.maintenance.title', { station: station?.name ?? '' })}
      isOpen={station !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {station ? <MaintenanceForm key={station.id} station={station} onClose={onClose} /> : null}
    </Dialog>
  );
}

function MaintenanceForm({ station, onClose }: { station: StationView; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const record = useRecordMaintenance();
  const form = useSchemaForm({ initial: () => ({ performedAt: toDateTimeInput(new Date().toISOString()) }), check: checkMaintenance });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = form.submit();
    if (!at) return;
    record.mutate(
      { id: station.id, input: { version: station.version, performedAt: at } },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('stations.maintenance.done', { station: station.name }) });
          onClose();
        },
        onError: (error) => {
          form.showServerProblems(error);
          notify({ severity: 'error', message: t('stations.maintenance.failed', { station: station.name, reason: describeError(t, error) }) });
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={t('stations.maintenance.title', { station: station.name })}>
      <FormError error={formWideError(record.error)} />
      <TextField type="datetime-local" label={t('stations.maintenance.performedAt')} {...form.field('performedAt')} isRequired autoFocus />
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
