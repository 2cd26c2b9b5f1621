import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderLimits } from '../../../../domain/orders/order.schema';
import type { PromiseRequestInput } from '../../../../domain/plan/plan.schema';
import type { DeliveryPromiseView } from '../../../../domain/plan/plan.views';
import { describeError } from '../../../lib/error-messages';
import { useLocaleFormats } from '../../../lib/locale';
import { useDebounced } from '../../../lib/use-debounced';
import { Button } from '../../../ui/button';
import { useDeliveryPromises } from '../api/promise';
import type { OrderDraft } from '../order-draft';

/** A position the plan can be asked about: a material chosen, a whole quantity within the limits, made (not taken from stock). */
interface AskedPosition {
  label: string;
  request: PromiseRequestInput;
}

function askedPositions(draft: Pick<OrderDraft, 'positions' | 'prioritize' | 'deliveryDate'>): AskedPosition[] {
  const { min, max } = orderLimits.quantity;
  return draft.positions.flatMap((position) => {
    const quantity = position.quantity;
    if (!position.material || position.useInventory || quantity === null || !Number.isInteger(quantity) || quantity < min || quantity > max) return [];
    return [
      {
        label: position.material.label,
        request: {
          materialId: position.material.id,
          quantity,
          prioritize: draft.prioritize,
          deliveryDate: draft.deliveryDate === '' ? null : draft.deliveryDate,
        },
      },
    ];
  });
}

/** The latest of the days (`YYYY-MM-DD` sort as text); null when any is unknown. */
const latestDay = (days: readonly (string | null)[]): string | null =>
  days.length === 0 || days.some((day) => day === null) ? null : ([...days].sort().at(-1) ?? null);

function PromiseLine({ label, quantity, promise }: { label: string; quantity: number; promise: DeliveryPromiseView }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  if (promise.promiseDay === null) {
    return (
      <li>
        {t('orders.promise.notPlanned', {
          material: label,
          count: quantity,
          reason: t(`orders.promise.notPlannedReason.${promise.notPlanned?.reason ?? 'unknownStation'}`),
        })}
      </li>
    );
  }
  return (
    <li>
      <p className="order-promise-day">{t('orders.promise.earliest', { material: label, count: quantity, day: formats.day(promise.promiseDay) })}</p>
      {promise.pushedLate.length === 0 ? (
        <p>{t('orders.promise.delaysNone')}</p>
      ) : (
        <p className="order-promise-pushed">
          {t('orders.promise.pushesLate', {
            count: promise.pushedLate.length,
            orders: promise.pushedLate.map((order) => t('orders.promise.pushedOrder', { number: order.number, due: formats.date(order.dueAt) })).join(', '),
          })}
        </p>
      )}
      {promise.promiseDayWithoutDelay !== promise.promiseDay ? (
        <p>{t('orders.promise.withoutDelay', { day: formats.day(promise.promiseDayWithoutDelay) })}</p>
      ) : null}
    </li>
  );
}

/**
 * Promise a date on the customer-order form (docs/capacity-plan.md): for each position being made,
 * the earliest delivery in today's plan as the material and quantity are entered (asked once the
 * entries rest), what it would push late, and the date that delays nobody; either can be taken as
 * the promised date. Each position is asked on its own (as if the others were not there).
 */
export function DeliveryPromise({
  draft,
  onTake,
}: {
  draft: Pick<OrderDraft, 'positions' | 'prioritize' | 'deliveryDate' | 'promisedDate'>;
  onTake: (promisedDate: string) => void;
}) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const asked = useMemo(() => askedPositions(draft), [draft]);
  // One key for what is asked: the requests settle once the user stops typing.
  const settledKey = useDebounced(JSON.stringify(asked), 500);
  const settled = useMemo(() => JSON.parse(settledKey) as AskedPosition[], [settledKey]);
  const answers = useDeliveryPromises(settled.map((position) => position.request));
  const typing = settledKey !== JSON.stringify(asked);

  let body: ReactNode;
  if (settled.length === 0) body = <p>{t('orders.promise.askFor')}</p>;
  else if (typing || answers.some((answer) => answer.isPending)) body = <p>{t('orders.promise.loading')}</p>;
  else if (answers.some((answer) => answer.isError)) {
    const failed = answers.find((answer) => answer.isError)?.error;
    body = <p className="field-error">{t('orders.promise.failed', { reason: describeError(t, failed) })}</p>;
  } else {
    const promises = answers.flatMap((answer) => (answer.data ? [answer.data] : []));
    const earliest = latestDay(promises.map((promise) => promise.promiseDay));
    const withoutDelay = latestDay(promises.map((promise) => promise.promiseDayWithoutDelay));
    body = (
      <>
        <ul className="plain-list order-promise-lines">
          {promises.map((promise, index) => (
            <PromiseLine
              key={settled[index].request.materialId + index}
              label={settled[index].label}
              quantity={settled[index].request.quantity}
              promise={promise}
            />
          ))}
        </ul>
        <div className="order-promise-actions">
          {earliest ? (
            <Button variant="secondary" onPress={() => onTake(earliest)} isDisabled={draft.promisedDate === earliest}>
              {t('orders.promise.take', { day: formats.day(earliest) })}
            </Button>
          ) : null}
          {withoutDelay && withoutDelay !== earliest ? (
            <Button variant="secondary" onPress={() => onTake(withoutDelay)} isDisabled={draft.promisedDate === withoutDelay}>
              {t('orders.promise.takeWithoutDelay', { day: formats.day(withoutDelay) })}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <fieldset className="plain-group order-section order-promise">
      <legend>{t('orders.promise.title')}</legend>
      <div role="status" aria-live="polite" aria-busy={typing || answers.some((answer) => answer.isFetching)}>
        {body}
      </div>
    </fieldset>
  );
}
