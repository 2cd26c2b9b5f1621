import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { LiveOrderState, OrderLocation, OrderState } from '../../../domain/orders/order.decider';
import { orderEvents, orderStreamId } from '../../../domain/orders/order.events';
import { shownMoney, useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { LivePanel } from '../../ui/live-panel';
import { ReplaySlider, useReplayPoint } from '../../ui/replay-slider';
import { getOrderHistoryQueryOptions, useOrderHistory, useStationChoices } from './api/orders';
import type { OrderHistoryEntry } from './api/types';
import { LiveState } from './components/live-state';
import { OrderPageHeader } from './components/order-page-header';
import { PriorityBadge, QualityBadge, StatusBadge } from './components/order-badges';
import { OrderLoader } from './components/order-loader';
import { OrderProgressStepper } from './components/order-progress-stepper';
import { acceptedFailureText } from './components/order-measurements';
import { orderDetailsHref } from './list-search';
import { changeBetween, isKnownEvent, replayAll, type OrderChange } from './replay';
import './orders.css';

type StationNames = ReadonlyMap<string, string>;

/** Where the replayed order stood, in words; stations are named as they are called now. */
function useDescribeLocation(stationNames: StationNames) {
  const { t } = useTranslation();
  return (location: OrderLocation | null): string => {
    if (!location) return t('orders.location.none');
    if (location.stage === 'wip') return t('orders.location.wip');
    const station = stationNames.get(location.stationId) ?? t('orders.history.unknownStation');
    return location.workStartedAt ? t('orders.history.inWorkAt', { station }) : t('orders.history.waitingAt', { station });
  };
}

/** Who caused an entry: their name, else their role (another company's user, such as the product operator). */
function useWho() {
  const { t } = useTranslation();
  return (entry: OrderHistoryEntry): string =>
    entry.who.apiKey !== null
      ? t('orders.history.apiKey', { name: entry.who.apiKey })
      : entry.who.machine !== null
        ? t('orders.history.machine', { name: entry.who.machine })
        : entry.who.name || (entry.who.role ? t(`orders.roles.${entry.who.role}`) : t('orders.history.system'));
}

function ChangeList({ entry, change, stationNames }: { entry: OrderHistoryEntry; change: OrderChange; stationNames: StationNames }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const describeLocation = useDescribeLocation(stationNames);
  const lines: string[] = [];
  if (change.status) {
    lines.push(
      change.status.from
        ? t('orders.history.statusChanged', { from: t(`orders.status.${change.status.from}`), to: t(`orders.status.${change.status.to}`) })
        : t('orders.history.statusIs', { to: t(`orders.status.${change.status.to}`) }),
    );
  }
  if (change.location)
    lines.push(t('orders.history.locationChanged', { from: describeLocation(change.location.from), to: describeLocation(change.location.to) }));
  if (change.fields.length > 0) lines.push(t('orders.history.fieldsChanged', { fields: change.fields.map((field) => t(`orders.fields.${field}`)).join(', ') }));
  if (change.positionsChanged && entry.type !== 'OrderCreated') lines.push(t('orders.history.positionsChanged'));
  if (change.netSum && entry.type !== 'OrderCreated') {
    lines.push(t('orders.history.netSumChanged', { from: format(change.netSum.from, shownMoney), to: format(change.netSum.to, shownMoney) }));
  }
  // The entry's event as the domain reads it (upcast; undefined for a type a newer server sent).
  const event = orderEvents.read(entry);
  if (event?.type === 'ProductionStarted') {
    const planned = event.data.productionOrders;
    if (planned.length > 0) lines.push(t('orders.history.productionOrdersMade', { orderNumbers: planned.map((p) => p.orderNumber).join(', ') }));
  }
  if (event?.type === 'ValueMeasured') {
    const m = event.data;
    lines.push(
      t(m.passed ? 'orders.history.measuredPassed' : 'orders.history.measuredFailed', {
        value: m.valueName,
        measured: format(m.measured),
        unit: m.unit,
        min: format(m.minTolerance),
        max: format(m.maxTolerance),
        station: stationNames.get(m.stationId) ?? t('orders.history.unknownStation'),
      }),
    );
  }
  if (event?.type === 'QualityFailureAccepted') lines.push(acceptedFailureText(t, event.data));
  const stationName = (stationId: string | null) =>
    stationId ? (stationNames.get(stationId) ?? t('orders.history.unknownStation')) : t('orders.history.splitToWip');
  if (event?.type === 'QuantityReported') {
    const q = event.data;
    lines.push(t('orders.history.quantityReported', { station: stationName(q.stationId), good: q.good, scrap: q.scrap, rework: q.rework }));
    if (q.scrap > 0 && q.scrapReason) lines.push(t('orders.history.scrapBecause', { reason: q.scrapReason }));
    if (q.rework > 0 && q.reworkReason) lines.push(t('orders.history.reworkBecause', { reason: q.reworkReason, station: stationName(q.reworkStationId) }));
  }
  if (event?.type === 'OrderSplit') {
    const split = event.data;
    lines.push(
      t(split.reason === 'good' ? 'orders.history.splitGood' : 'orders.history.splitRework', {
        quantity: split.quantity,
        orderNumber: split.childOrderNumber,
        station: stationName(split.toStationId),
      }),
    );
  }
  if (event?.type === 'OrderPartAssignedToShipment' || event?.type === 'OrderPartReleased' || event?.type === 'OrderPartDispatched') {
    const part = { OrderPartAssignedToShipment: 'partAssigned', OrderPartReleased: 'partReleased', OrderPartDispatched: 'partDispatched' }[event.type];
    lines.push(t(`orders.history.${part}`, { quantity: format(event.data.quantity) }));
  }
  if (event?.type === 'ProductionOrderDone' && event.data.good !== undefined) {
    lines.push(t('orders.history.productionOrderDoneGood', { good: format(event.data.good) }));
  }
  if (event?.type === 'StatusActionApplied' || event?.type === 'StatusActionRefused') {
    const action = event.data;
    const params = { station: stationNames.get(action.stationId) ?? t('orders.history.unknownStation'), status: t(`orders.status.${action.status}`) };
    lines.push(
      event.type === 'StatusActionApplied'
        ? t('orders.history.statusActionApplied', params)
        : t('orders.history.statusActionRefused', { ...params, reason: t(`errors.${event.data.reason}`) }),
    );
  }
  if (event?.type === 'OrderCreated') {
    lines.push(t('orders.history.createdWith', { count: event.data.positions.length, orderNumber: event.data.orderNumber }));
  }
  if (lines.length === 0) return null;
  return (
    <ul className="order-timeline-changes">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function ReplayedOrder({ state, stationNames }: { state: LiveOrderState; stationNames: StationNames }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  const describeLocation = useDescribeLocation(stationNames);
  return (
    <div className="order-replay-state">
      <div className="order-title">
        <StatusBadge status={state.status} />
        {state.details.prioritize ? <PriorityBadge /> : null}
        <QualityBadge quality={state.quality ?? null} />
      </div>
      <OrderProgressStepper
        order={{ kind: state.kind, status: state.status, stockOrder: state.details.stockOrder }}
        label={t('orders.history.replayedProgress')}
      />
      <dl className="order-facts">
        <div className="order-fact">
          <dt>{t(`orders.fields.nameOf.${state.kind}`)}</dt>
          <dd>{state.details.name}</dd>
        </div>
        {state.kind === 'production' ? (
          <div className="order-fact">
            <dt>{t('orders.fields.station')}</dt>
            <dd>{describeLocation(state.location)}</dd>
          </div>
        ) : null}
        <div className="order-fact">
          <dt>{t('orders.fields.deliveryDate')}</dt>
          <dd>{formats.day(state.details.deliveryDate)}</dd>
        </div>
        <div className="order-fact">
          <dt>{t('orders.fields.netSum')}</dt>
          <dd>{format(state.netSum, shownMoney)}</dd>
        </div>
        <div className="order-fact">
          <dt>{t('orders.form.positions')}</dt>
          <dd>
            {state.positions.map((position, index) => (
              <span key={index} className="order-fact-line">
                {t('orders.history.positionLine', { quantity: format(position.quantity), material: position.materialName })}
              </span>
            ))}
          </dd>
        </div>
        {state.productionOrders.length > 0 ? (
          <div className="order-fact">
            <dt>{t('orders.details.productionOrders')}</dt>
            <dd>
              {state.productionOrders.map((child) => (
                <span key={child.orderId} className="order-fact-line">
                  {t(child.done ? 'orders.history.childDone' : 'orders.history.childOpen', { orderNumber: child.orderNumber })}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function History({
  orderId,
  entries,
  stationNames,
  live,
}: {
  orderId: string;
  entries: OrderHistoryEntry[];
  stationNames: StationNames;
  live: ReturnType<typeof useLiveQuery>;
}) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const who = useWho();
  const states = useMemo(() => replayAll(entries), [entries]);
  const { index, choose } = useReplayPoint(entries.length);
  const state: OrderState = states[index];
  const eventName = (entry: OrderHistoryEntry) =>
    isKnownEvent(entry) ? t(`orders.history.events.${entry.type}`) : t('orders.history.events.unknown', { type: entry.type });
  const orderNumber = state.status === 'absent' ? '' : state.orderNumber;

  return (
    <>
      <LivePanel
        className="order-panel"
        headerClassName="order-board-header"
        headingId="order-replay-heading"
        heading={t('orders.history.replayTitle')}
        isCurrent={live.isCurrent}
        note={<LiveState live={live} subject={t('orders.history.subject')} />}
      >
        <ReplaySlider
          label={t('orders.history.slider', { total: entries.length })}
          count={entries.length}
          index={index}
          onChoose={choose}
          pointId="order-replay-point"
          pointClassName="order-replay-point"
          point={t('orders.history.replayPoint', {
            number: index + 1,
            total: entries.length,
            event: eventName(entries[index]),
            at: formats.dateTime(entries[index].at),
          })}
        />
        {state.status === 'absent' ? <p>{t('orders.history.nothingYet')}</p> : <ReplayedOrder state={state} stationNames={stationNames} />}
        {orderNumber ? <Link href={orderDetailsHref(orderId)}>{t('orders.history.toDetails', { orderNumber })}</Link> : null}
      </LivePanel>

      <section className="panel order-panel" aria-labelledby="order-timeline-heading">
        <h2 id="order-timeline-heading">{t('orders.history.timelineTitle')}</h2>
        <ol className="plain-list order-timeline">
          {entries.map((entry, at) => (
            <li key={entry.version} className="order-timeline-entry" aria-current={at === index ? 'step' : undefined} data-shown={at === index}>
              <div className="order-timeline-head">
                <span className="order-timeline-event">{eventName(entry)}</span>
                <span className="order-muted">{t('orders.history.byAt', { who: who(entry), at: formats.dateTime(entry.at) })}</span>
              </div>
              <ChangeList entry={entry} change={changeBetween(at > 0 ? states[at - 1] : { status: 'absent' }, states[at])} stationNames={stationNames} />
              <Button variant="quiet" onPress={() => choose(at)} isDisabled={at === index}>
                {t('orders.history.show')}
                <span className="visually-hidden">{t('orders.history.showWhich', { number: at + 1, event: eventName(entry) })}</span>
              </Button>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/**
 * `order/history/:id`: the timeline of the order's events and a slider that replays it to any of them;
 * `interruptions` (app/ composes the interruptions feature's panel) follows the timeline.
 */
export function OrderHistoryScreen({ interruptions }: { interruptions?: (orderId: string) => ReactNode } = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const history = useOrderHistory(id);
  const stations = useStationChoices();
  const live = useLiveQuery(id ? [`stream:${orderStreamId(id)}`] : [], getOrderHistoryQueryOptions(id).queryKey, history);
  const stationNames = useMemo(() => new Map((stations.data ?? []).map((station) => [station.id, station.name])), [stations.data]);
  const title = history.data ? t('orders.history.title', { orderNumber: history.data.orderNumber }) : t('screens.orderHistory.title');

  return (
    <div className="page">
      <OrderPageHeader
        crumbs={[
          ...(history.data ? [{ label: t('orders.details.orderNamed', { orderNumber: history.data.orderNumber }), href: orderDetailsHref(id) }] : []),
          { label: t('screens.orderHistory.title') },
        ]}
      >
        <h1>{title}</h1>
      </OrderPageHeader>
      {/* Every order's history starts with its creation; an unknown order answers 404. */}
      <OrderLoader id={id} query={history} failedTitle={t('orders.history.loadFailed')}>
        {(loaded) =>
          loaded.data.length > 0 ? (
            <>
              <History orderId={id} entries={loaded.data} stationNames={stationNames} live={live} />
              {interruptions?.(id)}
            </>
          ) : null
        }
      </OrderLoader>
    </div>
  );
}
