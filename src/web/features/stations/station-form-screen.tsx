import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { isApiError } from '../../lib/api';
import { describeError, fieldErrorsFromApiError } from '../../lib/error-messages';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-bar';
import { RecordLoader } from '../../ui/record-loader';
import { useChangeStation, useCreateStation, useRecordMaintenance, useStation, type StationView } from './api/stations';
import { StationForm, type StationFormSubmission } from './components/station-form';
import { emptyStationForm, stationFormOf } from './station-form-state';
import './stations.css';

/** Records the maintenance the form named, on the version the save answered; a failure is only a warning. */
function useMaintenanceAfterSave() {
  const { t } = useTranslation();
  const notify = useNotify();
  const maintain = useRecordMaintenance();
  return async (station: StationView, maintenanceAt: string | null): Promise<void> => {
    if (!maintenanceAt) return;
    try {
      await maintain.mutateAsync({ id: station.id, input: { version: station.version, performedAt: maintenanceAt } });
    } catch (error) {
      notify({ severity: 'warning', message: t('stations.maintenance.failed', { station: station.name, reason: describeError(t, error) }) });
      throw error;
    }
  };
}

function StationFormPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Breadcrumb crumbs={[{ label: t('screens.station.title'), href: '/station' }, { label: title }]} />
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <div className="panel">{children}</div>
    </div>
  );
}

/** station/add-production-station: a new station with its parameters, actions and last maintenance. */
export function AddStationScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const create = useCreateStation();
  const maintainAfterSave = useMaintenanceAfterSave();
  const [initial] = useState(emptyStationForm);

  const submit = ({ input, maintenanceAt }: StationFormSubmission) =>
    create.mutate(input, {
      onSuccess: async (station) => {
        await maintainAfterSave(station, maintenanceAt).catch(() => undefined);
        notify({ severity: 'success', message: t('stations.create.done', { station: station.name }) });
        navigate('/station');
      },
      onError: (error) => notify({ severity: 'error', message: t('stations.create.failed', { reason: describeError(t, error) }) }),
    });

  return (
    <StationFormPage title={t('screens.addStation.title')}>
      <StationForm
        initial={initial}
        label={t('screens.addStation.title')}
        submitLabel={t('stations.create.submit')}
        isPending={create.isPending}
        serverErrors={fieldErrorsFromApiError(create.error)}
        formError={create.error && Object.keys(fieldErrorsFromApiError(create.error)).length === 0 ? describeError(t, create.error) : undefined}
        onSubmit={submit}
      />
    </StationFormPage>
  );
}

/** station/edit-production-station/{id}: changes a station on the version it was loaded with. */
export function EditStationScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const station = useStation(id);

  return (
    <StationFormPage title={t('screens.editStation.title')}>
      <RecordLoader
        id={id}
        query={station}
        failedTitle={t('stations.edit.loadFailed')}
        noneChosen={{ title: t('stations.edit.noneChosen'), text: t('stations.edit.chooseInList') }}
        back={{ href: '/station', label: t('stations.edit.backToList') }}
      >
        {/* A newer version (after a reload) starts the form over from what is saved now. */}
        {(loaded) => <EditStationForm key={`${loaded.id}-${loaded.version}`} station={loaded} onReload={() => void station.refetch()} />}
      </RecordLoader>
    </StationFormPage>
  );
}

function EditStationForm({ station, onReload }: { station: StationView; onReload: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const change = useChangeStation();
  const maintainAfterSave = useMaintenanceAfterSave();
  const [initial] = useState(() => stationFormOf(station));
  const conflict = isApiError(change.error) && change.error.code === 'CONFLICT_ERROR';

  const submit = ({ input, maintenanceAt }: StationFormSubmission) =>
    change.mutate(
      { id: station.id, input, version: station.version },
      {
        onSuccess: async (saved) => {
          await maintainAfterSave(saved, maintenanceAt).catch(() => undefined);
          notify({ severity: 'success', message: t('stations.edit.done', { station: saved.name }) });
          navigate('/station');
        },
        onError: (error) =>
          notify({
            severity: 'error',
            message: t('stations.edit.failed', { reason: isApiError(error) && error.code === 'CONFLICT_ERROR' ? t('stations.edit.conflict') : describeError(t, error) }),
          }),
      },
    );

  const formError = conflict ? (
    <>
      {t('stations.edit.conflict')}{' '}
      <Button variant="secondary" onPress={onReload}>
        {t('stations.edit.reload')}
      </Button>
    </>
  ) : change.error && Object.keys(fieldErrorsFromApiError(change.error)).length === 0 ? (
    describeError(t, change.error)
  ) : undefined;

  return (
    <StationForm
      initial={initial}
      label={t('screens.editStation.title')}
      submitLabel={t('common.actions.save')}
      isPending={change.isPending}
      serverErrors={fieldErrorsFromApiError(change.error)}
      formError={formError}
      onSubmit={submit}
    />
  );
}
