import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shipmentStreamId } from '../../../../domain/shipments/shipment.events';
import { useLocaleFormats } from '../../../lib/locale';
import { describeError } from '../../../lib/error-messages';
import { useLiveQuery } from '../../../lib/use-live-feed';
import { ReplaySlider, useReplayPoint } from '../../../ui/replay-slider';
import { getShipmentHistoryQueryOptions, useShipmentHistory } from '../api/shipments';
import { isKnownShipmentEvent, replayShipment, type ShipmentHistoryEntry } from '../replay';
import { ShipmentStatusBadge, ShipmentStepper } from './shipment-status';

/** The shipment's events with who and when, and the shipment replayed to any of them with the domain's `evolveShipment`. */
export function ShipmentHistoryPanel({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const history = useShipmentHistory(shipmentId);
  useLiveQuery([`stream:${shipmentStreamId(shipmentId)}`], getShipmentHistoryQueryOptions(shipmentId).queryKey, history);
  const entries = useMemo(() => history.data?.data ?? [], [history.data]);
  const states = useMemo(() => replayShipment(entries), [entries]);
  const { index, choose } = useReplayPoint(entries.length);
  const state = index >= 0 ? states[index] : undefined;
  const who = (entry: ShipmentHistoryEntry) =>
    entry.who.apiKey !== null
      ? t('shipments.history.apiKey', { name: entry.who.apiKey })
      : entry.who.name || (entry.who.role ? t(`shipments.history.roles.${entry.who.role}`) : t('shipments.history.system'));
  const eventName = (entry: ShipmentHistoryEntry) =>
    isKnownShipmentEvent(entry) ? t(`shipments.history.events.${entry.type}`) : t('shipments.history.events.unknown', { type: entry.type });

  return (
    <section className="panel shipment-panel" aria-labelledby="shipment-history-heading">
      <h2 id="shipment-history-heading">{t('shipments.history.title')}</h2>
      {history.isError && !history.data ? <p role="alert">{describeError(t, history.error)}</p> : null}
      {entries.length > 0 ? (
        <>
          <ReplaySlider
            label={t('shipments.history.slider', { total: entries.length })}
            count={entries.length}
            index={index}
            onChoose={choose}
            pointId="shipment-replay-point"
            pointClassName="shipment-muted"
            point={t('shipments.history.point', {
              number: index + 1,
              total: entries.length,
              event: eventName(entries[index]),
              at: formats.dateTime(entries[index].at),
            })}
          />
          {state && state.status !== 'absent' ? (
            <div className="shipment-replay">
              <ShipmentStatusBadge status={state.status} />
              <ShipmentStepper status={state.status} label={t('shipments.history.replayedProgress')} />
              <dl className="shipment-facts">
                <div>
                  <dt>{t('shipments.fields.deliveredBy')}</dt>
                  <dd>{state.details.carrier.name}</dd>
                </div>
                <div>
                  <dt>{t('shipments.fields.trackingId')}</dt>
                  <dd>{state.details.trackingId || '–'}</dd>
                </div>
                <div>
                  <dt>{t('shipments.fields.shippingDate')}</dt>
                  <dd>{formats.day(state.details.shippingDate)}</dd>
                </div>
                <div>
                  <dt>{t('shipments.details.orders')}</dt>
                  <dd>
                    {state.orders
                      .map((order) =>
                        order.quantity === undefined
                          ? order.orderNumber
                          : t('shipments.history.orderPieces', { orderNumber: order.orderNumber, quantity: order.quantity }),
                      )
                      .join(', ') || '–'}
                  </dd>
                </div>
                <div>
                  <dt>{t('shipments.attachments.title')}</dt>
                  <dd>{state.attachments.map((attachment) => attachment.fileName).join(', ') || '–'}</dd>
                </div>
              </dl>
            </div>
          ) : null}
          <ol className="plain-list shipment-timeline" aria-label={t('shipments.history.events.title')}>
            {entries.map((entry, position) => (
              <li key={entry.version} aria-current={position === index ? 'true' : undefined}>
                {t('shipments.history.entry', { event: eventName(entry), who: who(entry), at: formats.dateTime(entry.at) })}
              </li>
            ))}
          </ol>
        </>
      ) : history.isPending ? (
        <p className="shipment-muted">{t('shipments.history.loading')}</p>
      ) : null}
    </section>
  );
}
