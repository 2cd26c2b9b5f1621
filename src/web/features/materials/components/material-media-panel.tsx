import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaLimits, mediaTypes, type MaterialMedium } from '../../../../domain/materials/material-media.schema';
import type { ManufacturingStep } from '../../../../domain/materials/materials.schema';
import { describeError } from '../../../lib/error-messages';
import { useFormatNumber } from '../../../lib/locale';
import { useMediumSource } from '../../../lib/medium-source';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { FilePicker } from '../../../ui/file-picker';
import { MediaPreview } from '../../../ui/media-preview';
import { useNotify } from '../../../ui/notification-bar';
import { ProgressBar } from '../../../ui/progress-bar';
import { Select, SelectItem } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { useStationChoices } from '../api/materials';
import { useMaterialMedia, useRemoveMedium, useUploadMedium } from '../api/material-media';

const ALL = 'all';
const oneDecimal = { maximumFractionDigits: 1 } as const;

/** A medium shown in a dialog: the image, or the PDF drawing. */
export function MediumDialog({ medium, onClose }: { medium: MaterialMedium; onClose: () => void }) {
  const { t } = useTranslation();
  const source = useMediumSource(medium);
  return (
    <Dialog title={medium.fileName} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      {(close) => (
        <>
          {source.data ? (
            <MediaPreview source={source.data} name={medium.fileName} openLabel={t('media.open', { name: medium.fileName })} />
          ) : source.isError ? (
            <p role="alert">{describeError(t, source.error)}</p>
          ) : (
            <Spinner />
          )}
          <DialogActions>
            <Button onPress={close}>{t('media.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

export interface MaterialMediaPanelProps {
  materialId: string;
  /** The material's saved steps: their stations are the upload's choices. */
  steps: readonly ManufacturingStep[];
  canWrite: boolean;
}

/**
 * Media of a material and its steps (images and PDF drawings the station screen shows): the list
 * with the station each is for, a preview, remove; and the upload of one file for a step's station
 * or for every station. Without a station or a file: 'Select station and/or upload media!'.
 */
export function MaterialMediaPanel({ materialId, steps, canWrite }: MaterialMediaPanelProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const format = useFormatNumber();
  const media = useMaterialMedia(materialId);
  const stations = useStationChoices();
  const upload = useUploadMedium();
  const remove = useRemoveMedium();
  const [stationId, setStationId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [shown, setShown] = useState<MaterialMedium | null>(null);

  const nameOf = (id: string | null) =>
    id === null ? t('media.allStations') : (stations.data?.find((station) => station.id === id)?.name ?? t('media.unknownStation'));
  const stepStations = [...new Set(steps.flatMap((step) => (step.stationId ? [step.stationId] : [])))];
  const choices = [{ id: ALL, name: t('media.allStations') }, ...stepStations.map((id) => ({ id, name: t('media.stepStation', { station: nameOf(id) }) }))];
  const items = media.data?.items ?? [];
  const full = items.length >= mediaLimits.perMaterial;

  const send = async () => {
    if (!stationId || !file) {
      setProblem(t('errors.MEDIA_STATION_OR_FILE_MISSING'));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const added = await upload.mutateAsync({
        materialId,
        stationId,
        file,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      notify({ severity: 'success', message: t('media.uploaded', { name: added.fileName }) });
      setFile(null);
    } catch (error) {
      const reason = describeError(t, error);
      setProblem(reason);
      notify({ severity: 'error', message: t('media.uploadFailed', { reason }) });
    } finally {
      setProgress(null);
    }
  };

  const drop = (medium: MaterialMedium) =>
    remove.mutate(
      { materialId, mediumId: medium.id },
      {
        onSuccess: () => notify({ severity: 'success', message: t('media.removed', { name: medium.fileName }) }),
        onError: (error) => notify({ severity: 'error', message: t('media.removeFailed', { reason: describeError(t, error) }) }),
      },
    );

  return (
    <section className="panel material-media" aria-labelledby={`material-media-${materialId}`}>
      <h2 id={`material-media-${materialId}`}>{t('media.title')}</h2>
      <p className="field-description">
        {t('media.hint', { max: mediaLimits.perMaterial, megabytes: format(mediaLimits.fileBytes / 1024 / 1024, oneDecimal) })}
      </p>
      {media.isPending ? <Spinner size="small" /> : null}
      {media.isError ? <p role="alert">{describeError(t, media.error)}</p> : null}
      {media.data && items.length === 0 ? <p className="material-media-muted">{t('media.empty')}</p> : null}
      <ul className="plain-list material-media-list">
        {items.map((medium) => (
          <li key={medium.id} className="material-media-item">
            <span className="material-media-name">{medium.fileName}</span>
            <span className="material-media-muted">
              {t('media.itemFacts', {
                station: nameOf(medium.stationId),
                type: t(`media.types.${medium.contentType === 'application/pdf' ? 'pdf' : 'image'}`),
                kilobytes: format(medium.size / 1024, oneDecimal),
              })}
            </span>
            <span className="material-media-actions">
              <Button variant="secondary" onPress={() => setShown(medium)} aria-label={t('media.showNamed', { name: medium.fileName })}>
                {t('media.show')}
              </Button>
              {canWrite ? (
                <Button
                  variant="quiet"
                  onPress={() => drop(medium)}
                  isDisabled={remove.isPending}
                  aria-label={t('media.removeNamed', { name: medium.fileName })}
                >
                  {t('media.remove')}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {canWrite ? (
        <div className="material-media-upload" role="group" aria-label={t('media.uploadGroup')}>
          <Select
            label={t('media.station')}
            placeholder={t('media.chooseStation')}
            selectedKey={stationId}
            onSelectionChange={(key) => {
              setStationId(key === null ? null : String(key));
              setProblem(null);
            }}
            items={choices}
            className="material-media-station"
          >
            {(item) => (
              <SelectItem id={item.id} textValue={item.name}>
                {item.name}
              </SelectItem>
            )}
          </Select>
          <FilePicker
            acceptedFileTypes={mediaTypes}
            onSelect={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
            isDisabled={progress !== null || full}
          >
            {t('media.chooseFile')}
          </FilePicker>
          <span className="material-media-muted" aria-live="polite">
            {file ? t('media.chosen', { name: file.name }) : t('media.noFile')}
          </span>
          <Button onPress={() => void send()} isDisabled={progress !== null || full}>
            {t('media.upload')}
          </Button>
          {progress !== null ? <ProgressBar label={t('media.uploading')} value={progress} /> : null}
          {full ? <p className="field-description">{t('errors.MEDIA_LIMIT_REACHED')}</p> : null}
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      {shown ? <MediumDialog medium={shown} onClose={() => setShown(null)} /> : null}
    </section>
  );
}
