import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/badge';
import { Link } from '../../../ui/link';
import { orderDetailsHref } from '../list-search';
import type { OrderView } from '../api/types';
import { StatusBadge } from './order-badges';

/**
 * The order's pieces (docs/orders.md, Quantities): a production order's flow (ordered, started,
 * good, scrap, rework, sent on, open, and per station), the order it was split off and those split
 * off it; a customer order's good pieces made against those ordered, and its under- or
 * over-production once all its production orders have ended.
 */
export function OrderQuantities({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if (order.production) {
    return (
      <section className="panel order-panel" aria-labelledby="order-quantities-heading">
        <h2 id="order-quantities-heading">{t('orders.quantities.flow')}</h2>
        <p>{t('orders.quantities.produced', order.production)}</p>
        {order.production.balance === 'under' || order.production.balance === 'over' ? (
          <p className="order-production-balance" data-balance={order.production.balance}>
            <Badge tone="warning">{t(`orders.quantities.balance.${order.production.balance}`)}</Badge>{' '}
            {t(`orders.quantities.balanceDetail.${order.production.balance}`, { count: Math.abs(order.production.good - order.production.ordered) })}
          </p>
        ) : null}
      </section>
    );
  }
  const flow = order.quantities;
  if (!flow) return null;
  const counts = [
    ['ordered', flow.ordered],
    ['started', flow.started],
    ['goodMade', flow.good],
    ['scrap', flow.scrap],
    ['rework', flow.rework],
    ['splitOff', flow.splitOff],
    ['open', flow.open],
  ] as const;
  return (
    <section className="panel order-panel" aria-labelledby="order-quantities-heading">
      <h2 id="order-quantities-heading">{t('orders.quantities.flow')}</h2>
      {order.splitFromOrder ? (
        <p>
          <Link href={orderDetailsHref(order.splitFromOrder.id)}>{t('orders.quantities.splitFrom', { orderNumber: order.splitFromOrder.orderNumber })}</Link>
        </p>
      ) : null}
      <dl className="order-facts">
        {counts.map(([name, count]) => (
          <div key={name} className="order-fact">
            <dt>{t(`orders.quantities.${name}`)}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {flow.stations.length > 0 ? (
        <>
          <h3>{t('orders.quantities.byStation')}</h3>
          <ul className="order-relatives">
            {flow.stations.map((station) => (
              <li key={station.stationId}>{t('orders.quantities.stationLine', { ...station, station: station.stationName })}</li>
            ))}
          </ul>
        </>
      ) : null}
      {order.splitOrders.length > 0 ? (
        <>
          <h3>{t('orders.quantities.splitOrders')}</h3>
          <ul className="order-relatives">
            {order.splitOrders.map((split) => (
              <li key={split.id}>
                <Link href={orderDetailsHref(split.id)}>
                  {t('orders.quantities.splitLine', {
                    orderNumber: split.orderNumber,
                    quantity: split.quantity,
                    reason: t(split.reason === 'good' ? 'orders.quantities.reasonGood' : 'orders.quantities.reasonRework'),
                  })}
                </Link>{' '}
                <StatusBadge status={split.status} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
