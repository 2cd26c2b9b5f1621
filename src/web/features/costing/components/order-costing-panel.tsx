import { useTranslation } from 'react-i18next';
import type { OrderCostingView } from '../../../../domain/costing/costing.views';
import { canChange } from '../../../lib/access';
import { useAuth } from '../../../lib/auth';
import { describeError } from '../../../lib/error-messages';
import { shownMoney, useFormatNumber } from '../../../lib/locale';
import { useChangeRights } from '../../../lib/use-change-rights';
import { Link } from '../../../ui/link';
import { Spinner } from '../../../ui/spinner';
import { useOrderCosting } from '../api/costing';
import '../costing.css';

const hours = (seconds: number) => seconds / 3600;

function Summary({ costing }: { costing: OrderCostingView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const money = (value: number) => format(value, shownMoney);
  const lines = ['material', 'labour', 'machine', 'total'] as const;
  return (
    <div className="costing-scroll">
      <table className="table costing-table" aria-label={t('costing.order.summary')}>
        <thead>
          <tr>
            <th scope="col">{t('costing.fields.costType')}</th>
            <th scope="col">{t('costing.fields.planned')}</th>
            <th scope="col">{t('costing.fields.actual')}</th>
            <th scope="col">{t('costing.fields.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line}>
              <th scope="row">{t(`costing.lines.${line}`)}</th>
              <td className="costing-number">{money(costing.planned[line])}</td>
              <td className="costing-number">{money(costing.actual[line])}</td>
              <td className="costing-number">{money(costing.actual[line] - costing.planned[line])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Stations({ costing }: { costing: OrderCostingView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const money = (value: number) => format(value, shownMoney);
  if (costing.stations.length === 0) return <p>{t('costing.order.noStations')}</p>;
  return (
    <div className="costing-scroll">
      <table className="table costing-table" aria-label={t('costing.order.perStation')}>
        <thead>
          <tr>
            <th scope="col">{t('costing.fields.station')}</th>
            <th scope="col">{t('costing.fields.plannedHours')}</th>
            <th scope="col">{t('costing.fields.plannedCost')}</th>
            <th scope="col">{t('costing.fields.labourHours')}</th>
            <th scope="col">{t('costing.fields.machineHours')}</th>
            <th scope="col">{t('costing.fields.actualCost')}</th>
            <th scope="col">{t('costing.fields.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {costing.stations.map((station) => (
            <tr key={station.stationId}>
              <th scope="row">{station.stationName}</th>
              <td className="costing-number">{format(station.plannedMinutes / 60, { maximumFractionDigits: 2 })}</td>
              <td className="costing-number">{money(station.plannedLabour + station.plannedMachine)}</td>
              <td className="costing-number">{format(hours(station.labourSeconds), { maximumFractionDigits: 2 })}</td>
              <td className="costing-number">{format(hours(station.machineSeconds), { maximumFractionDigits: 2 })}</td>
              <td className="costing-number">{money(station.actualLabour + station.actualMachine)}</td>
              <td className="costing-number">{money(station.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The order's costing: planned and actual cost, per station, scrap and margin; shown only with the `costs` right. */
export function OrderCostingPanel({ orderId, orderHref }: { orderId: string; orderHref: (id: string) => string }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const rights = useChangeRights();
  const allowed = canChange(session, 'costs', rights);
  const costing = useOrderCosting(orderId, allowed);
  const format = useFormatNumber();
  if (!allowed) return null;
  return (
    <section className="panel order-panel costing-panel" aria-labelledby="order-costing-heading">
      <h2 id="order-costing-heading">{t('costing.order.title')}</h2>
      {costing.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : costing.isError ? (
        <p role="alert">{t('costing.loadFailed', { reason: describeError(t, costing.error) })}</p>
      ) : (
        <>
          <dl className="costing-facts">
            <div>
              <dt>{t('costing.fields.netPrice')}</dt>
              <dd>{format(costing.data.netPrice, shownMoney)}</dd>
            </div>
            <div>
              <dt>{t('costing.fields.actualCost')}</dt>
              <dd data-testid="costing-actual-total">{format(costing.data.actual.total, shownMoney)}</dd>
            </div>
            <div>
              <dt>{t('costing.fields.margin')}</dt>
              <dd data-testid="costing-margin" data-negative={costing.data.margin < 0 || undefined}>
                {format(costing.data.margin, shownMoney)}
                {costing.data.marginRate === null ? '' : ` (${format(costing.data.marginRate, { style: 'percent', maximumFractionDigits: 1 })})`}
              </dd>
            </div>
            <div>
              <dt>{t('costing.fields.scrapShare')}</dt>
              <dd>{t('costing.order.scrap', { pieces: costing.data.scrap, cost: format(costing.data.actual.scrap, shownMoney) })}</dd>
            </div>
          </dl>
          {costing.data.complete ? null : <p className="costing-warning">{t('costing.order.incomplete')}</p>}
          <Summary costing={costing.data} />
          <h3>{t('costing.order.perStation')}</h3>
          <Stations costing={costing.data} />
          {costing.data.productionOrders.length > 0 ? (
            <>
              <h3>{t('costing.order.productionOrders')}</h3>
              <ul>
                {costing.data.productionOrders.map((part) => (
                  <li key={part.orderId}>
                    <Link href={orderHref(part.orderId)}>{part.orderNumber}</Link>: {format(part.actualTotal, shownMoney)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p className="costing-muted">
            <Link href="/costs">{t('costing.order.ratesLink')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
