import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { describeError, formWideError } from '../../lib/error-messages';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Breadcrumb } from '../../ui/breadcrumb';
import { FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { RecordLoader } from '../../ui/record-loader';
import { getStationQueryOptions, useChangeStation, useCreateStation, useRecordMaintenance, useStation, type StationView } from './api/stations';
import { StationForm } from './components/station-form';
import { useStationForm, type StationFormSubmission } from './station-form-state';
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
  const form = useStationForm();

  const submit = ({ input, maintenanceAt }: StationFormSubmission) =>
    create.mutate(input, {
      onSuccess: async (station) => {
        await maintainAfterSave(station, maintenanceAt).catch(() => undefined);
        notify({ severity: 'success', message: t('stations.create.done', { station: station.name }) });
        navigate('/station');
      },
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('stations.create.failed', { reason: describeError(t, error) }) });
      },
    });

  return (
    <StationFormPage title={t('screens.addStation.title')}>
      <StationForm
        form={form}
        label={t('screens.addStation.title')}
        submitLabel={t('stations.create.submit')}
        isPending={create.isPending}
        notice={formWideError(create.error) ? <FormError error={create.error} /> : undefined}
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
        {(loaded) => <EditStationForm key={loaded.id} station={loaded} />}
      </RecordLoader>
    </StationFormPage>
  );
}

function EditStationForm({ station }: { station: StationView }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const change = useChangeStation();
  const maintainAfterSave = useMaintenanceAfterSave();
  const form = useStationForm(station);
  const edit = useVersionedEdit({
    version: station.version,
    latest: getStationQueryOptions(station.id),
    texts: 'stations.conflict',
    onLatest: (latest, keepEntries) => form.restart(latest, keepEntries),
  });

  const submit = ({ input, maintenanceAt }: StationFormSubmission) =>
    change.mutate(
      { id: station.id, input, version: edit.version },
      {
        onSuccess: async (saved) => {
          await maintainAfterSave(saved, maintenanceAt).catch(() => undefined);
          notify({ severity: 'success', message: t('stations.edit.done', { station: saved.name }) });
          navigate('/station');
        },
        onError: (error) => {
          const conflict = edit.isConflict(error);
          if (!conflict) form.showServerProblems(error);
          notify({ severity: 'error', message: t('stations.edit.failed', { reason: conflict ? t('stations.conflict.text') : describeError(t, error) }) });
        },
      },
    );

  const notice = edit.conflict ? <EditConflict edit={edit} /> : formWideError(change.error) ? <FormError error={change.error} /> : undefined;

  return (
    <StationForm
      form={form}
      label={t('screens.editStation.title')}
      submitLabel={t('common.actions.save')}
      isPending={change.isPending}
      notice={notice}
      onSubmit={submit}
    />
  );
}
