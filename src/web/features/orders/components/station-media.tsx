import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaterialMedium } from '../../../../domain/materials/material-media.schema';
import { useAuth } from '../../../lib/auth';
import { useCompanyDisplay } from '../../../lib/company-display';
import { describeError } from '../../../lib/error-messages';
import { useMediumSource } from '../../../lib/medium-source';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { MediaPreview } from '../../../ui/media-preview';
import { Spinner } from '../../../ui/spinner';
import { useStationMedia, useStationMediaOf } from '../api/station-media';
import type { Worklist } from '../api/types';
import './station-media.css';

function Medium({ medium }: { medium: MaterialMedium }) {
  const { t } = useTranslation();
  const source = useMediumSource(medium);
  return (
    <figure className="station-medium">
      {source.data ? (
        <MediaPreview source={source.data} name={medium.fileName} openLabel={t('media.open', { name: medium.fileName })} />
      ) : source.isError ? (
        <p role="alert">{describeError(t, source.error)}</p>
      ) : (
        <Spinner size="small" />
      )}
      <figcaption>{medium.fileName}</figcaption>
    </figure>
  );
}

function MediaDialog({ title, media, onClose }: { title: string; media: readonly MaterialMedium[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      {(close) => (
        <>
          <div className="station-media-shown">
            {media.map((medium) => (
              <Medium key={medium.id} medium={medium} />
            ))}
          </div>
          <DialogActions>
            <Button onPress={close}>{t('media.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * The media of a position's material at this station (its step's images and PDF drawings, and the
 * material's media for every station): a button per file that shows it.
 */
export function StationMedia({ materialId, stationId }: { materialId: string; stationId: string }) {
  const { t } = useTranslation();
  const media = useStationMedia(materialId, stationId);
  const [shown, setShown] = useState<MaterialMedium | null>(null);
  if (!media.data) return media.isPending ? <Spinner size="small" /> : null;
  if (media.data.items.length === 0) return null;
  return (
    <div className="station-media" role="group" aria-label={t('media.atStation.title')}>
      <span className="station-media-label">{t('media.atStation.title')}</span>
      {media.data.items.map((medium) => (
        <Button key={medium.id} variant="secondary" onPress={() => setShown(medium)} aria-label={t('media.showNamed', { name: medium.fileName })}>
          {medium.fileName}
        </Button>
      ))}
      {shown ? <MediaDialog title={shown.fileName} media={[shown]} onClose={() => setShown(null)} /> : null}
    </div>
  );
}

type Arrival = { orderId: string; orderNumber: string; materialIds: string[]; material: string };

/** Opens the media of a newly arrived order's materials at this station, once they are read; nothing when it has none. */
function ArrivalMedia({ arrival, stationId, onClose }: { arrival: Arrival; stationId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const results = useStationMediaOf(arrival.materialIds, stationId);
  if (results.some((result) => result.isPending)) return null;
  const media = results.flatMap((result) => result.data?.items ?? []);
  if (media.length === 0) return null;
  return <MediaDialog title={t('media.atStation.arrived', { orderNumber: arrival.orderNumber, material: arrival.material })} media={media} onClose={onClose} />;
}

/**
 * "Display of media with a new record" (company setting): when a new order arrives on this
 * station's worklist, its material's media at this station open at once. The orders on the list
 * when the screen opens are not new.
 */
export function MediaOnArrival({ worklist, stationId }: { worklist: Worklist | undefined; stationId: string }) {
  const { session } = useAuth();
  const display = useCompanyDisplay(session?.company ?? null);
  const on = display.data?.mediaOnNewRecord === true;
  const known = useRef<Set<string> | null>(null);
  const [arrival, setArrival] = useState<Arrival | null>(null);

  useEffect(() => {
    if (!worklist) return;
    const ids = worklist.data.map((order) => order.id);
    if (known.current === null) {
      known.current = new Set(ids);
      return;
    }
    const seen = known.current;
    const arrived = worklist.data.filter((order) => !seen.has(order.id));
    for (const id of ids) seen.add(id);
    const newest = arrived.at(-1);
    if (!on || !newest) return;
    setArrival({
      orderId: newest.id,
      orderNumber: newest.orderNumber,
      materialIds: [...new Set(newest.positions.map((position) => position.materialId))],
      material: newest.positions.map((position) => position.materialName).join(', '),
    });
  }, [worklist, on]);

  return arrival ? <ArrivalMedia key={arrival.orderId} arrival={arrival} stationId={stationId} onClose={() => setArrival(null)} /> : null;
}
