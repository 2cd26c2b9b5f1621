import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyFigurePeriod } from '../../../domain/key-figures/key-figures.schema';
import type { KeyFiguresView } from '../../../domain/key-figures/key-figures.views';
import type { LossBarView, OeeFiguresView } from '../../../domain/oee/oee.views';
import { useAuth } from '../../lib/auth';
import { useFormatNumber } from '../../lib/locale';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { Select, SelectItem } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { keyFiguresKey } from './api/key-figures';
import { useOee, useOeeLosses } from './api/oee';
import { SeriesChart } from './charts';
import { keyFigureTopics } from './key-figures-board';

const percent = { style: 'percent', maximumFractionDigits: 1 } as const;
const plant = 'plant';

/** A share in percent, or "unknown" (never a 100 % for a missing planned time). */
function useShare() {
  const { t } = useTranslation();
  const number = useFormatNumber();
  return (value: number | null) => (value === null ? t('keyFigures.oee.unknown') : number(value, percent));
}

/**
 * OEE on the key-figures page (docs/oee.md): the plant's availability, performance, quality and OEE
 * for the period, its OEE over the periods (the page's series chart), every station, and for
 * writers the loss Pareto of the plant or a station, whose bars list their orders.
 */
export function OeeSection({ period, figures }: { period: KeyFigurePeriod; figures: KeyFiguresView }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const oee = useOee(period);
  useLiveQuery(keyFigureTopics, [...keyFiguresKey, 'oee'], oee);
  const share = useShare();
  const number = useFormatNumber();
  const mayReadLosses = session?.role !== 'OPERATOR';

  return (
    <section className="panel oee-section" aria-labelledby="oee-heading">
      <h2 id="oee-heading">{t('keyFigures.oee.heading')}</h2>
      <p className="key-figures-muted">{t('keyFigures.oee.formula')}</p>
      {oee.isPending ? (
        <Spinner aria-label={t('keyFigures.oee.loading')} />
      ) : oee.isError ? (
        <FormError error={oee.error}>{t('keyFigures.oee.loadFailed')}</FormError>
      ) : (
        <>
          <PlantFigures figures={oee.data.plant} live={oee.data.live} />
          <SeriesChart figures={figures} figure="oee" />
          <h3>{t('keyFigures.oee.stationsHeading')}</h3>
          {oee.data.stations.length === 0 ? (
            <p className="key-figures-muted">{t('keyFigures.oee.stationsEmpty')}</p>
          ) : (
            <table className="key-figures-table oee-stations">
              <caption>{t('keyFigures.oee.stationsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('keyFigures.page.station')}</th>
                  <th scope="col">{t('keyFigures.oee.availability')}</th>
                  <th scope="col">{t('keyFigures.oee.performance')}</th>
                  <th scope="col">{t('keyFigures.oee.quality')}</th>
                  <th scope="col">{t('keyFigures.oee.oee')}</th>
                  <th scope="col">{t('keyFigures.oee.pieces')}</th>
                  <th scope="col">{t('keyFigures.oee.downtime')}</th>
                  <th scope="col">{t('keyFigures.oee.speedLoss')}</th>
                </tr>
              </thead>
              <tbody>
                {oee.data.stations.map((station) => (
                  <tr key={station.stationId} data-station-id={station.stationId}>
                    <th scope="row">{station.stationName || t('keyFigures.page.deletedStation')}</th>
                    <td>{share(station.figures.availability)}</td>
                    <td>{share(station.figures.performance)}</td>
                    <td>{share(station.figures.quality)}</td>
                    <td data-oee={station.figures.oee ?? ''}>{share(station.figures.oee)}</td>
                    <td>
                      {t('keyFigures.oee.piecesValue', {
                        good: number(station.figures.good),
                        scrap: number(station.figures.scrap),
                        rework: number(station.figures.rework),
                      })}
                    </td>
                    <td>{t('keyFigures.units.minutes', { value: number(station.figures.downtimeMinutes, { maximumFractionDigits: 0 }) })}</td>
                    <td>
                      {station.figures.speedLossMinutes === null
                        ? t('keyFigures.oee.unknown')
                        : t('keyFigures.units.minutes', { value: number(station.figures.speedLossMinutes, { maximumFractionDigits: 0 }) })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {mayReadLosses ? (
            <LossPareto period={period} stations={oee.data.stations.map((station) => ({ id: station.stationId, name: station.stationName }))} />
          ) : null}
        </>
      )}
    </section>
  );
}

function PlantFigures({ figures, live }: { figures: OeeFiguresView; live: boolean }) {
  const { t } = useTranslation();
  const share = useShare();
  const number = useFormatNumber();
  const minutes = (value: number) => t('keyFigures.units.minutes', { value: number(value, { maximumFractionDigits: 0 }) });
  const parts = [
    ['oee', figures.oee],
    ['availability', figures.availability],
    ['performance', figures.performance],
    ['quality', figures.quality],
  ] as const;
  return (
    <>
      <dl className="oee-plant">
        {parts.map(([part, value]) => (
          <div key={part} className="key-figure-card" data-part={part}>
            <dt>{t(`keyFigures.oee.${part}`)}</dt>
            <dd className="key-figure-value">{share(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="key-figures-muted">
        {t(live ? 'keyFigures.oee.plantLive' : 'keyFigures.oee.plant', {
          planned: minutes(figures.plannedMinutes),
          downtime: minutes(figures.downtimeMinutes),
          ideal: figures.idealMinutes === null ? t('keyFigures.oee.unknown') : minutes(figures.idealMinutes),
          good: number(figures.good),
          made: number(figures.made),
        })}
      </p>
    </>
  );
}

function LossPareto({ period, stations }: { period: KeyFigurePeriod; stations: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const [stationId, setStationId] = useState<string>(plant);
  const [chosen, setChosen] = useState<string | null>(null);
  const chosenStation = stationId === plant ? null : stationId;
  const losses = useOeeLosses(period, chosenStation, true);
  useLiveQuery(keyFigureTopics, [...keyFiguresKey, 'oee-losses'], losses);
  const bars = losses.data?.bars ?? [];
  const minutesMax = Math.max(1, ...bars.filter((bar) => bar.kind !== 'scrap').map((bar) => bar.amount));
  const piecesMax = Math.max(1, ...bars.filter((bar) => bar.kind === 'scrap').map((bar) => bar.amount));
  const open = bars.find((bar) => `${bar.kind}:${bar.key}` === chosen);
  const amountOf = (bar: Pick<LossBarView, 'kind'>, amount: number) =>
    bar.kind === 'scrap'
      ? t('keyFigures.oee.piecesAmount', { count: amount, value: number(amount) })
      : t('keyFigures.units.minutes', { value: number(amount, { maximumFractionDigits: 0 }) });
  const labelOf = (bar: LossBarView) => t(`keyFigures.oee.loss.${bar.kind}`, { name: bar.label || t('keyFigures.oee.noReason') });

  return (
    <div className="oee-pareto">
      <h3 id="oee-pareto-heading">{t('keyFigures.oee.paretoHeading')}</h3>
      <Select
        label={t('keyFigures.oee.paretoOf')}
        value={stationId}
        onChange={(key) => {
          setStationId(String(key ?? plant));
          setChosen(null);
        }}
        items={[{ id: plant, name: t('keyFigures.oee.plantChoice') }, ...stations.map((station) => ({ id: station.id, name: station.name }))]}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      {losses.isPending ? (
        <Spinner aria-label={t('keyFigures.oee.loading')} />
      ) : losses.isError ? (
        <FormError error={losses.error}>{t('keyFigures.oee.loadFailed')}</FormError>
      ) : bars.length === 0 ? (
        <p className="key-figures-muted">{t('keyFigures.oee.paretoEmpty')}</p>
      ) : (
        <ol className="plain-list oee-bars" aria-labelledby="oee-pareto-heading">
          {bars.map((bar) => {
            const id = `${bar.kind}:${bar.key}`;
            const width = (100 * bar.amount) / (bar.kind === 'scrap' ? piecesMax : minutesMax);
            return (
              <li key={id} data-kind={bar.kind}>
                <Button variant="quiet" className="oee-bar" aria-expanded={chosen === id} onPress={() => setChosen(chosen === id ? null : id)}>
                  <span className="oee-bar-label">{labelOf(bar)}</span>
                  <span className="oee-bar-track" aria-hidden="true">
                    <span className="oee-bar-fill" style={{ width: `${Math.max(2, width)}%` }} />
                  </span>
                  <span className="oee-bar-amount">{amountOf(bar, bar.amount)}</span>
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      {open ? (
        <div className="oee-bar-orders" role="region" aria-label={t('keyFigures.oee.ordersOf', { loss: labelOf(open) })}>
          <h4>{t('keyFigures.oee.ordersOf', { loss: labelOf(open) })}</h4>
          {open.orders.length === 0 ? (
            <p className="key-figures-muted">{t('keyFigures.oee.noOrders')}</p>
          ) : (
            <ul>
              {open.orders.map((order) => (
                <li key={order.orderId}>
                  <Link href={`/order/details/${order.orderId}`}>{order.orderNumber}</Link>: {amountOf(open, order.amount)}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
