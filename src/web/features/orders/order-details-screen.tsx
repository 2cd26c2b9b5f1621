import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { ORDER_STREAM_TYPE, orderStreamId } from '../../../domain/orders/order.events';
import { can } from '../../lib/access';
import { clientHref } from '../../lib/client-links';
import { shownMoney, useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { useAuth } from '../../lib/auth';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { useLiveQuery } from '../../lib/use-live-feed';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { LivePanel } from '../../ui/live-panel';
import { getOrderQueryOptions, useOrder } from './api/orders';
import { predictionsKey, usePredictions } from './api/predictions';
import type { OrderView } from './api/types';
import { LiveState } from './components/live-state';
import { OrderPageHeader } from './components/order-page-header';
import { OrderActions } from './components/order-actions';
import { Badge } from '../../ui/badge';
import { DelayedBadge, HoldBadge, PriorityBadge, QualityBadge, StatusBadge } from './components/order-badges';
import { OrderMeasurements } from './components/order-measurements';
import { OrderQuantities } from './components/order-quantities';
import { OrderLoader } from './components/order-loader';
import { OrderProgressStepper } from './components/order-progress-stepper';
import { PredictionText } from './components/prediction-text';
import { editOrderHref, orderDetailsHref, orderHistoryHref, orderListHref } from './list-search';
import './orders.css';

type Position = OrderView['positions'][number];

/** Where a production order stands on the line, in words. */
function LocationText({ order }: { order: Pick<OrderView, 'location'> }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const location = order.location;
  if (!location) return <>{t('orders.location.none')}</>;
  if (location.stage === 'wip') return <>{t('orders.location.inWip', { since: formats.dateTime(location.arrivedAt) })}</>;
  return location.workStartedAt ? (
    <>{t('orders.location.inWork', { station: location.stationName, since: formats.dateTime(location.workStartedAt) })}</>
  ) : (
    <>{t('orders.location.waiting', { station: location.stationName, since: formats.dateTime(location.arrivedAt) })}</>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="order-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PositionsTable({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const columns = useMemo<DataTableColumn<Position & { index: number }>[]>(
    () => [
      { id: 'index', header: t('orders.fields.positionNumber'), cell: (position) => position.index + 1 },
      {
        id: 'material',
        header: t('orders.fields.material'),
        isRowHeader: true,
        cell: (position) => (position.materialNumber ? `${position.materialName} (${position.materialNumber})` : position.materialName),
      },
      { id: 'quantity', header: t('orders.fields.quantity'), cell: (position) => format(position.quantity) },
      { id: 'netPrice', header: t('orders.fields.netPrice'), cell: (position) => format(position.netPrice, shownMoney) },
      { id: 'netAmount', header: t('orders.fields.netAmount'), cell: (position) => format(position.netAmount, shownMoney) },
      ...(order.kind === 'customer'
        ? [{ id: 'useInventory', header: t('orders.fields.useInventory'), cell: (position: Position) => t(position.useInventory ? 'orders.yes' : 'orders.no') }]
        : []),
    ],
    [t, format, order.kind],
  );
  const rows = order.positions.map((position, index) => ({ ...position, index }));
  return (
    <DataTable
      label={t('orders.form.positions')}
      columns={columns}
      rows={rows.slice(paging.pageIndex * paging.pageSize, (paging.pageIndex + 1) * paging.pageSize)}
      rowId={(position) => String(position.index)}
      total={rows.length}
      paging={paging}
      onPagingChange={setPaging}
    />
  );
}

function Relatives({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if (order.parentOrder) {
    return (
      <p>
        {t('orders.details.madeFor')}{' '}
        <Link href={orderDetailsHref(order.parentOrder.id)}>{t('orders.details.orderNamed', { orderNumber: order.parentOrder.orderNumber })}</Link>
      </p>
    );
  }
  if (order.productionOrders.length === 0) return null;
  return (
    <section className="order-subsection" aria-labelledby="order-production-orders">
      <h2 id="order-production-orders">{t('orders.details.productionOrders')}</h2>
      <ul className="order-relatives">
        {order.productionOrders.map((child) => (
          <li key={child.id}>
            <Link href={orderDetailsHref(child.id)}>{t('orders.details.orderNamed', { orderNumber: child.orderNumber })}</Link>{' '}
            <StatusBadge status={child.status} /> <span className="order-muted">{t('orders.details.pieces', { count: child.quantity })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A customer order's shipment and its tree (production orders, shipment) rolled up to one stage by the server. */
function ShipmentAndProgress({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if (order.kind !== 'customer') return null;
  return (
    <section className="order-subsection" aria-labelledby="order-shipment-heading">
      <h2 id="order-shipment-heading">{t('orders.details.shipment')}</h2>
      {order.shipment ? (
        <p>
          <Link href={`/order/shipment/${order.shipment.id}`}>{t('orders.details.shipmentNamed', { shipmentNumber: order.shipment.shipmentNumber })}</Link>{' '}
          <Badge>{t(`orders.status.${order.shipment.status}`)}</Badge>
        </p>
      ) : (
        <p className="order-muted">{t('orders.details.noShipment')}</p>
      )}
      {order.progress ? (
        <p>
          {t('orders.details.rollUp', {
            stage: t(`orders.details.stages.${order.progress.stage}`),
            done: order.progress.productionDone,
            total: order.progress.productionTotal,
          })}
        </p>
      ) : null}
    </section>
  );
}

const predictionTopics = [`type:${ORDER_STREAM_TYPE}`] as const;

/** A production order in progress: its predicted completion (docs/prediction.md), current with every order's move. */
function PredictionLine({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const predictions = usePredictions();
  useLiveQuery(predictionTopics, predictionsKey, predictions.query);
  const prediction = predictions.byOrder.get(orderId);
  return (
    <p className="order-location" data-testid="order-prediction">
      {t('board.prediction.label')}: <PredictionText prediction={prediction} />
      {prediction?.predictedAt ? ` · ${t('board.prediction.queueAhead', { count: prediction.queueAhead })}` : null}
      {predictions.window ? <span className="order-muted"> · {t('board.prediction.method', { window: predictions.window })}</span> : null}
    </p>
  );
}

/** Panels other features add to an order's details (composed in app/pages): its documents, its costing. */
interface OrderDetailSlots {
  documents?: (order: OrderView) => ReactNode;
  costing?: (order: OrderView) => ReactNode;
}

function OrderDetails({ order, live, documents, costing }: { order: OrderView; live: ReturnType<typeof useLiveQuery> } & OrderDetailSlots) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  const canWrite = can(session, 'write');
  const title = t('orders.details.orderNamed', { orderNumber: order.orderNumber });
  const address = [`${order.street} ${order.houseNumber}`.trim(), order.addressSuffix, `${order.zip} ${order.place}`.trim(), order.country].filter(Boolean);

  return (
    <div className="page">
      <OrderPageHeader crumbs={[{ label: t(`orders.tabs.${order.kind}`), href: orderListHref(order.kind) }, { label: title }]}>
        <div className="order-title">
          <h1>{title}</h1>
          <Badge>{t(`orders.kinds.${order.kind}`)}</Badge>
          <StatusBadge status={order.status} />
          <QualityBadge quality={order.quality} />
          <DelayedBadge delayed={order.delayed} />
          {order.prioritize ? <PriorityBadge /> : null}
          <HoldBadge hold={order.hold} />
          {order.hold ? <Link href={`/quality/ncr/${order.hold.ncrId}`}>{t('quality.hold.open', { number: order.hold.number })}</Link> : null}
        </div>
        <div className="order-toolbar">
          {canWrite && order.editable ? (
            <Link variant="button" href={editOrderHref(order.id)}>
              {t('orders.details.edit')}
            </Link>
          ) : null}
          <Link variant="button" href={orderHistoryHref(order.id)}>
            {t('orders.details.history')}
          </Link>
        </div>
      </OrderPageHeader>

      <LivePanel
        className="order-panel"
        headerClassName="order-board-header"
        headingId="order-status-heading"
        heading={t('orders.details.statusTitle')}
        isCurrent={live.isCurrent}
        note={<LiveState live={live} subject={title} />}
      >
        <OrderProgressStepper order={order} />
        {order.kind === 'production' ? (
          <p className="order-location">
            <LocationText order={order} />
          </p>
        ) : null}
        {order.kind === 'production' && order.status === 'in-progress' ? <PredictionLine orderId={order.id} /> : null}
        {canWrite ? <OrderActions order={order} /> : null}
        <Relatives order={order} />
        <ShipmentAndProgress order={order} />
      </LivePanel>

      <section className="panel order-panel" aria-labelledby="order-data-heading">
        <h2 id="order-data-heading">{t('orders.details.dataTitle')}</h2>
        <dl className="order-facts">
          <Fact label={t(`orders.fields.nameOf.${order.kind}`)}>{order.name}</Fact>
          {order.clientId ? (
            <Fact label={t('clients.linked.label')}>
              {order.client ? <Link href={clientHref(order.client.id)}>{order.client.name}</Link> : t('clients.linked.removed', { name: order.name })}
            </Fact>
          ) : null}
          <Fact label={t('orders.fields.address')}>
            {address.map((line) => (
              <span key={line} className="order-fact-line">
                {line}
              </span>
            ))}
          </Fact>
          <Fact label={t('orders.fields.deliveryDate')}>{formats.day(order.deliveryDate)}</Fact>
          <Fact label={t('orders.fields.shippingMethod')}>{order.shippingMethod || '–'}</Fact>
          <Fact label={t('orders.fields.incoterm')}>{order.incoterm ?? '–'}</Fact>
          <Fact label={t('orders.fields.packaging')}>{order.packaging || '–'}</Fact>
          <Fact label={t('orders.fields.workInProgress')}>{order.workInProgress}</Fact>
          {order.kind === 'customer' ? <Fact label={t('orders.fields.stockOrder')}>{t(order.stockOrder ? 'orders.yes' : 'orders.no')}</Fact> : null}
          <Fact label={t('orders.fields.noteForProduction')}>{order.noteForProduction || '–'}</Fact>
          <Fact label={t('orders.fields.comment')}>{order.comment || '–'}</Fact>
          <Fact label={t('orders.fields.netSum')}>{format(order.netSum, shownMoney)}</Fact>
          <Fact label={t('orders.fields.createdAt')}>{formats.dateTime(order.createdAt)}</Fact>
        </dl>
      </section>

      <section className="panel order-panel" aria-labelledby="order-positions-heading">
        <h2 id="order-positions-heading">{t('orders.form.positions')}</h2>
        <PositionsTable order={order} />
      </section>
      <OrderQuantities order={order} />
      <OrderMeasurements order={order} />
      {costing?.(order)}
      {documents?.(order)}
    </div>
  );
}

/** `order/details/:id`: the order with its stepper and the actions its status allows, kept current live. */
export function OrderDetailsScreen({ documents, costing }: OrderDetailSlots = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const order = useOrder(id);
  // A customer order's production orders move on their own streams: their statuses show here too.
  const streams = id ? [id, ...(order.data?.productionOrders.map((child) => child.id) ?? [])] : [];
  const live = useLiveQuery(
    streams.map((orderId) => `stream:${orderStreamId(orderId)}` as const),
    getOrderQueryOptions(id).queryKey,
    order,
  );

  return (
    <OrderLoader id={id} query={order} failedTitle={t('orders.details.loadFailed')} pageTitle={t('screens.orderDetails.title')}>
      {(loaded) => <OrderDetails order={loaded} live={live} documents={documents} costing={costing} />}
    </OrderLoader>
  );
}
