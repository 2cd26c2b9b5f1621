import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaterialValue } from '../../../../domain/materials/materials.schema';
import { measuredValueSchema, withinTolerance } from '../../../../domain/orders/order.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { stationChecksValue, type ValueChecks } from '../../../../domain/stations/station.schema';
import { useAuth } from '../../../lib/auth';
import { fieldErrorsFromApiError, describeError } from '../../../lib/error-messages';
import { submitCommand, useOfflineQueue } from '../../../lib/offline-queue';
import { useFormatNumber, useLocaleFormats } from '../../../lib/locale';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Form } from '../../../ui/form';
import { NumberField } from '../../../ui/number-field';
import { Spinner } from '../../../ui/spinner';
import { getMaterialSteps, ordersKey } from '../api/orders';
import type { OrderView } from '../api/types';
import { materialDetailKey } from '../../../lib/resources/keys';

/** Up to three decimals, as a material value's number. */
const measuredFormat = { maximumFractionDigits: 3 } as const;

/** The values of the order's materials the station checks (each name once, the first material's wins). */
export function useCheckedValues(order: OrderView, checks: ValueChecks | undefined) {
  const materialIds = [...new Set(order.positions.map((position) => position.materialId))];
  const loaded = useQueries({
    queries: materialIds.map((id) => ({
      queryKey: materialDetailKey(id),
      queryFn: () => getMaterialSteps(id),
      enabled: Boolean(checks && checks.mode !== 'none'),
    })),
  });
  const values: MaterialValue[] = [];
  for (const query of loaded) {
    for (const value of query.data?.values ?? []) {
      if (stationChecksValue(checks, value.name) && !values.some((known) => known.name.toLowerCase() === value.name.toLowerCase())) values.push(value);
    }
  }
  return { values, isPending: loaded.some((query) => query.isPending), error: loaded.find((query) => query.isError)?.error };
}

/** Pass or out of tolerance, in words and colour. */
function ToleranceBadge({ passed }: { passed: boolean }) {
  const { t } = useTranslation();
  return <Badge tone={passed ? 'positive' : 'error'}>{t(passed ? 'orders.measure.passed' : 'orders.measure.failed')}</Badge>;
}

function ValueRow({ order, stationId, value, canMeasure }: { order: OrderView; stationId: string; value: MaterialValue; canMeasure: boolean }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  // The station's offline queue: a value measured without network waits there (docs/offline-station.md).
  const owner = session ? `${session.userId}:${stationId}` : null;
  const queue = useOfflineQueue(owner);
  const [sending, setSending] = useState(false);
  const [typed, setTyped] = useState(Number.NaN);
  const [problem, setProblem] = useState<ErrorDetail | undefined>();
  const latest = order.measurements.find((m) => m.valueName.toLowerCase() === value.name.toLowerCase());
  // Outside tolerance shows once the value is entered, before anything is saved.
  const typedCheck = Number.isNaN(typed) ? null : withinTolerance(typed, value);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = measuredValueSchema.safeParse(Number.isNaN(typed) ? undefined : typed);
    if (!checked.success) {
      setProblem({ path: 'measured', message: Number.isNaN(typed) ? 'validation.required' : 'orders.validation.measuredValue' });
      return;
    }
    setProblem(undefined);
    if (!owner) return;
    setSending(true);
    const path = `/orders/${encodeURIComponent(order.id)}/measure`;
    const before = queue.items.filter((item) => item.recordId === order.id && item.state === 'waiting').at(-1);
    const sent = await submitCommand(owner, {
      path,
      body: { version: order.version, stationId, valueName: value.name, measured: checked.data },
      after: before?.key ?? null,
      kind: 'measure',
      recordId: order.id,
      recordLabel: order.orderNumber,
      readPath: `/orders/${encodeURIComponent(order.id)}`,
      detail: `${value.name} ${format(checked.data)} ${value.unit}`,
    });
    setSending(false);
    if (sent.kind === 'refused') {
      const onFields = fieldErrorsFromApiError(sent.error);
      setProblem(onFields.measured ?? onFields.valueName ?? { path: 'measured', message: describeError(t, sent.error) });
      // The order as it is now (another operator may have acted first).
      await queryClient.invalidateQueries({ queryKey: ordersKey });
      return;
    }
    setTyped(Number.NaN);
    if (sent.kind === 'applied') await queryClient.invalidateQueries({ queryKey: ordersKey });
  };

  const range = t('orders.measure.range', {
    nominal: format(value.number),
    min: format(value.minTolerance),
    max: format(value.maxTolerance),
    unit: value.unit,
  });
  return (
    <li className="station-measure-row">
      <Form className="station-measure-form" onSubmit={(event) => void save(event)} aria-label={t('orders.measure.formLabel', { value: value.name })}>
        <NumberField
          label={t('orders.measure.fieldLabel', { value: value.name, unit: value.unit })}
          description={range}
          value={typed}
          onChange={(next) => {
            setTyped(next);
            setProblem(undefined);
          }}
          formatOptions={measuredFormat}
          errorDetail={problem}
          isDisabled={!canMeasure || sending}
        />
        {/* The check shows below the button, never above it: the field commits its value on blur, which a tap on the
            button causes, and a badge appearing above would move the button away from under the finger (the tap lost). */}
        <Button type="submit" variant="secondary" isDisabled={!canMeasure || sending}>
          {t('orders.measure.save')}
        </Button>
        {typedCheck === null ? null : <ToleranceBadge passed={typedCheck} />}
      </Form>
      <p className="station-measure-latest" aria-live="polite">
        {latest ? (
          <>
            {t('orders.measure.latest', { measured: format(latest.measured), unit: latest.unit, at: formats.time(latest.at) })}{' '}
            <ToleranceBadge passed={latest.passed} />
          </>
        ) : (
          <span className="order-muted">{t('orders.measure.notMeasured')}</span>
        )}
      </p>
    </li>
  );
}

/**
 * The values of the order's material this station checks: the operator enters each measured value
 * while work is started here; outside tolerance shows at once, while typing and after saving.
 */
export function MeasurementsPanel({
  order,
  stationId,
  checks,
  canMeasure,
}: {
  order: OrderView;
  stationId: string;
  checks: ValueChecks | undefined;
  canMeasure: boolean;
}) {
  const { t } = useTranslation();
  const checked = useCheckedValues(order, checks);
  if (!checks || checks.mode === 'none') return null;
  return (
    <section className="station-measurements" aria-labelledby="station-measurements-heading">
      <h4 id="station-measurements-heading">{t('orders.measure.title')}</h4>
      {checked.error ? <p role="alert">{describeError(t, checked.error)}</p> : null}
      {checked.isPending ? (
        <Spinner size="small" />
      ) : checked.values.length === 0 ? (
        <p className="order-muted">{t('orders.measure.noValues')}</p>
      ) : (
        <>
          {canMeasure ? null : <p className="order-muted">{t('orders.measure.startFirst')}</p>}
          <ul className="plain-list station-measure-list">
            {checked.values.map((value) => (
              <ValueRow key={value.name} order={order} stationId={stationId} value={value} canMeasure={canMeasure} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
