import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { splitUnits, type SplitUnit } from '../../../../domain/labour/labour.events';
import { periodMinutesOf } from '../../../../domain/labour/labour.rules';
import { labourLimits, workSplitSchemaFor, type WorkSplitInput } from '../../../../domain/labour/labour.schema';
import { describeError, formWideError, translateDetail, validateInput } from '../../../lib/error-messages';
import { useSchemaForm, type DraftCheck } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { draftNumber, fieldNumber, NumberField } from '../../../ui/number-field';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useStateWorkSplit } from '../api/labour';
import { timeText } from './format';

/** A work period to split: when it began (and ended: null while running) and its orders. */
export interface SplitPeriod {
  startedAt: string;
  endedAt: string | null;
  orders: { orderId: string; orderNumber: string; stationId: string; stationName: string | null; percent: number }[];
}

interface SplitDraft {
  unit: SplitUnit;
  shares: { amount: number | null }[];
  reason: string;
}

/** Even shares of 100 %, or of the period's minutes, in whole numbers (the last takes the rest). */
export function evenAmounts(count: number, whole: number): number[] {
  const each = Math.floor(whole / count);
  return Array.from({ length: count }, (_, index) => (index === count - 1 ? whole - each * (count - 1) : each));
}

/**
 * States how a work period (the orders run at once) splits across its orders: the operator at the
 * station (the running period, in percent), a supervisor afterwards (percent or minutes adding up to
 * the period's). The sums are checked with the domain's schema, as the server checks them.
 */
export function SplitDialog({ userId, period, units, onClose }: { userId: string; period: SplitPeriod; units: readonly SplitUnit[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const stateSplit = useStateWorkSplit();
  const wholeMinutes = period.endedAt ? periodMinutesOf(period.startedAt, period.endedAt) : null;
  const check = useCallback(
    (draft: SplitDraft): DraftCheck<WorkSplitInput> =>
      validateInput(workSplitSchemaFor(wholeMinutes), {
        periodStartedAt: period.startedAt,
        unit: draft.unit,
        shares: period.orders.map((order, index) => ({ orderId: order.orderId, stationId: order.stationId, amount: draft.shares[index]?.amount })),
        reason: draft.reason,
      }),
    [period, wholeMinutes],
  );
  const amountsIn = (unit: SplitUnit) =>
    unit === 'minutes' && wholeMinutes !== null ? evenAmounts(period.orders.length, wholeMinutes) : period.orders.map((order) => order.percent);
  const form = useSchemaForm({
    initial: (): SplitDraft => ({ unit: units[0], shares: amountsIn(units[0]).map((amount) => ({ amount })), reason: '' }),
    check,
  });
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    stateSplit.mutate(
      { userId, input },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('labour.split.done') });
          onClose();
        },
        onError: (error) => {
          form.showServerProblems(error);
          notify({ severity: 'error', message: t('labour.split.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };
  const sumProblem = form.problem('shares');
  const title = t('labour.split.title');
  const unitItems = units.map((id) => ({ id, name: t(`labour.split.units.${id}`) }));
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <Form onSubmit={send} aria-label={title}>
        <div id={form.scopeId}>
          <FormError error={formWideError(stateSplit.error)} />
          <p>
            {period.endedAt
              ? t('labour.split.period', {
                  from: timeText(i18n.language, period.startedAt),
                  to: timeText(i18n.language, period.endedAt),
                  minutes: wholeMinutes,
                })
              : t('labour.split.running', { from: timeText(i18n.language, period.startedAt) })}
          </p>
          {units.length > 1 ? (
            <Select
              label={t('labour.split.unit')}
              isRequired
              value={form.draft.unit}
              onChange={(key) => {
                const unit = (splitUnits.find((candidate) => candidate === key) ?? 'percent') as SplitUnit;
                form.patch({ unit, shares: amountsIn(unit).map((amount) => ({ amount })) });
              }}
              items={unitItems}
              errorDetail={form.problem('unit')}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
          ) : null}
          <fieldset className="labour-split-shares" aria-describedby={sumProblem ? `${form.scopeId}-sum` : undefined}>
            <legend>{t(`labour.split.sharesIn.${form.draft.unit}`, { minutes: wholeMinutes ?? 0 })}</legend>
            {period.orders.map((order, index) => (
              <NumberField
                key={`${order.orderId} ${order.stationId}`}
                name={`shares.${index}.amount`}
                label={t('labour.times.orderAtStation', { orderNumber: order.orderNumber, station: order.stationName ?? '–' })}
                isRequired
                minValue={0}
                maxValue={form.draft.unit === 'percent' ? 100 : labourLimits.correctionMinutes}
                value={fieldNumber(form.draft.shares[index]?.amount ?? null)}
                onChange={(value) => form.patch({ shares: form.draft.shares.map((share, at) => (at === index ? { amount: draftNumber(value) } : share)) })}
                errorDetail={form.problem(`shares.${index}.amount`)}
              />
            ))}
            {sumProblem ? (
              <p id={`${form.scopeId}-sum`} role="alert" className="field-error">
                {translateDetail(t, sumProblem)}
              </p>
            ) : null}
          </fieldset>
          <TextField {...form.field('reason')} label={t('labour.split.reason')} />
        </div>
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={stateSplit.isPending}>
            {t('labour.split.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
