import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COSTING_STREAM_TYPE } from '../../../domain/costing/costing.events';
import type { MarginsView, RatesView } from '../../../domain/costing/costing.views';
import { describeError } from '../../lib/error-messages';
import { shownMoney, useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { saveFile } from '../../lib/object-url';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { NativeTextField } from '../../ui/native-fields';
import { useNotify } from '../../ui/notification-bar';
import { Spinner } from '../../ui/spinner';
import { exportMarginsCsv, getRatesQueryOptions, useMargins, useRates } from './api/costing';
import { RateForm } from './components/rate-form';
import './costing.css';

const liveTopics = [`type:${COSTING_STREAM_TYPE}`] as const;

function RateHistory({ rates }: { rates: RatesView['rates'] }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  if (rates.length === 0)
    return (
      <EmptyState headingLevel={3} title={t('costing.rates.emptyTitle')}>
        {t('costing.rates.empty')}
      </EmptyState>
    );
  return (
    <div className="costing-scroll">
      <table className="table costing-table" aria-label={t('costing.rates.history')}>
        <thead>
          <tr>
            <th scope="col">{t('costing.fields.kind')}</th>
            <th scope="col">{t('costing.fields.for')}</th>
            <th scope="col">{t('costing.fields.amount')}</th>
            <th scope="col">{t('costing.fields.validFrom')}</th>
            <th scope="col">{t('costing.fields.countsFrom')}</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.id}>
              <td>{t(`costing.kinds.${rate.kind}`)}</td>
              <th scope="row">
                {rate.target === 'standard'
                  ? t('costing.targets.standard')
                  : `${rate.targetName}${rate.kind === 'labour' ? ` (${t(`costing.targets.${rate.target}`)})` : ''}`}
              </th>
              <td className="costing-number">{format(rate.amount, shownMoney)}</td>
              <td>{formats.day(rate.validFrom)}</td>
              <td>{formats.dateTime(rate.effectiveFrom)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Rates and prices: the form to set one from a day on, and every one set (history is kept). */
function RatesSection() {
  const { t } = useTranslation();
  const rates = useRates();
  useLiveQuery(liveTopics, getRatesQueryOptions().queryKey, rates);
  return (
    <section className="panel costing-panel" aria-labelledby="costing-rates">
      <h2 id="costing-rates">{t('costing.rates.title')}</h2>
      <p className="costing-muted">{t('costing.rates.intro')}</p>
      {rates.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : rates.isError ? (
        <p role="alert">{t('costing.loadFailed', { reason: describeError(t, rates.error) })}</p>
      ) : (
        <>
          <RateForm rates={rates.data} />
          <RateHistory rates={rates.data.rates} />
        </>
      )}
    </section>
  );
}

function MarginTable({
  label,
  rows,
  nameHeader,
}: {
  label: string;
  nameHeader: string;
  rows: readonly (MarginsView['customers'][number] | MarginsView['materials'][number])[];
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  return (
    <div className="costing-scroll">
      <table className="table costing-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col">{t('costing.fields.orders')}</th>
            <th scope="col">{t('costing.fields.netPrice')}</th>
            <th scope="col">{t('costing.fields.actualCost')}</th>
            <th scope="col">{t('costing.fields.margin')}</th>
            <th scope="col">{t('costing.fields.marginRate')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={'materialId' in row ? row.materialId : `${row.clientId ?? ''}${row.customer}`}>
              <th scope="row">{'materialId' in row ? `${row.material} (${row.materialNumber})` : row.customer}</th>
              <td className="costing-number">{format(row.orders)}</td>
              <td className="costing-number">{format(row.netPrice, shownMoney)}</td>
              <td className="costing-number">{format(row.actualCost, shownMoney)}</td>
              <td className="costing-number" data-negative={row.margin < 0 || undefined}>
                {format(row.margin, shownMoney)}
              </td>
              <td className="costing-number">{row.marginRate === null ? '–' : format(row.marginRate, { style: 'percent', maximumFractionDigits: 1 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** Margins per customer and material of a period, with its CSV. */
function MarginsSection({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [period, setPeriod] = useState({ from: monthStart(today), to: today });
  const [exporting, setExporting] = useState(false);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to) && period.from <= period.to;
  const margins = useMargins(period.from, period.to, valid);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
      saveFile(await exportMarginsCsv(period.from, period.to, language), t('costing.margins.fileName', { from: period.from, to: period.to }));
    } catch (error) {
      notify({ severity: 'error', message: t('costing.margins.exportFailed', { reason: describeError(t, error) }) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <section className="panel costing-panel" aria-labelledby="costing-margins">
      <h2 id="costing-margins">{t('costing.margins.title')}</h2>
      <div className="costing-period" role="group" aria-label={t('costing.margins.period')}>
        <NativeTextField name="from" type="date" label={t('costing.fields.from')} value={period.from} onChange={(from) => setPeriod({ ...period, from })} />
        <NativeTextField
          name="to"
          type="date"
          label={t('costing.fields.to')}
          value={period.to}
          onChange={(to) => setPeriod({ ...period, to })}
          errorDetail={valid ? undefined : { path: 'to', message: 'costing.validation.period' }}
        />
        <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting || !valid || !margins.data}>
          {t('costing.margins.export')}
        </Button>
      </div>
      {!valid ? null : margins.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : margins.isError ? (
        <p role="alert">{t('costing.loadFailed', { reason: describeError(t, margins.error) })}</p>
      ) : margins.data.customers.length === 0 && margins.data.materials.length === 0 ? (
        <EmptyState headingLevel={3} title={t('costing.margins.emptyTitle')}>
          {t('costing.margins.empty')}
        </EmptyState>
      ) : (
        <>
          <h3>{t('costing.margins.perCustomer')}</h3>
          {margins.data.customers.length === 0 ? (
            <p>{t('costing.margins.noCustomers')}</p>
          ) : (
            <MarginTable label={t('costing.margins.perCustomer')} nameHeader={t('costing.fields.customer')} rows={margins.data.customers} />
          )}
          <h3>{t('costing.margins.perMaterial')}</h3>
          {margins.data.materials.length === 0 ? (
            <p>{t('costing.margins.noMaterials')}</p>
          ) : (
            <MarginTable label={t('costing.margins.perMaterial')} nameHeader={t('costing.fields.material')} rows={margins.data.materials} />
          )}
        </>
      )}
    </section>
  );
}

/** `/costs`: rates and prices (valid from a day, history kept) and the margins report; behind the `costs` right. */
export function CostsScreen() {
  const { t } = useTranslation();
  const rates = useRates();
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('costing.title')}</h1>
      </div>
      <RatesSection />
      {rates.data ? <MarginsSection today={rates.data.today} /> : null}
    </div>
  );
}
