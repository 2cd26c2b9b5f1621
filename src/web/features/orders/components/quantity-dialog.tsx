import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { quantitiesMustFit } from '../../../../domain/orders/order.decider';
import { quantityReportSchema, type QuantityReportInput } from '../../../../domain/orders/order.schema';
import { ApiError } from '../../../lib/api';
import { validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { draftNumber, fieldNumber, NumberField } from '../../../ui/number-field';
import { Select, SelectItem } from '../../../ui/select';
import { useQuantityReasons, useStationChoices } from '../api/orders';

interface QuantityDraft {
  good: number | null;
  scrap: number | null;
  scrapReasonId: string | null;
  rework: number | null;
  reworkReasonId: string | null;
  reworkStationId: string | null;
}

const inputOf = (draft: QuantityDraft, rest: boolean) => ({
  ...(rest ? {} : { good: draft.good ?? Number.NaN }),
  scrap: draft.scrap ?? 0,
  scrapReasonId: draft.scrapReasonId,
  rework: draft.rework ?? 0,
  reworkReasonId: draft.reworkReasonId,
  reworkStationId: draft.reworkStationId,
});

/** The schema the server reads the report with, then its rule on the counts and the reasons they need (names and the station are the server's to find). */
function checkReport(open: number, draft: QuantityDraft, rest: boolean) {
  const checked = validateInput(quantityReportSchema, inputOf(draft, rest));
  if (!checked.ok) return checked;
  const refused = quantitiesMustFit(open, {
    ...checked.value,
    scrapReason: checked.value.scrapReasonId,
    reworkReason: checked.value.reworkReasonId,
    reworkStationExists: true,
  });
  return refused ? { ok: false as const, errors: Object.fromEntries(refused.details.map((detail) => [detail.path, detail])) } : checked;
}

/** What the dialog sends: the counts, and for "complete the rest" no good count (every piece not scrap or rework is good). */
export type QuantityReport = Omit<QuantityReportInput, 'good'> & { good?: number };

/**
 * The pieces of a completion at a station (docs/orders.md, Quantities): good prefilled with the
 * pieces at the station, scrap with its reason, rework with its reason and station. Report sends
 * the counts (fewer good than at the station: they go on as their own order, the rest stays);
 * Complete the rest makes every piece not reported as scrap or rework good and closes the station.
 */
export function QuantityDialog({
  orderNumber,
  open,
  ordered,
  onClose,
  onReport,
}: {
  orderNumber: string;
  /** Pieces at the station, not reported yet. */
  open: number;
  ordered: number;
  onClose: () => void;
  onReport: (report: QuantityReport) => void;
}) {
  const { t } = useTranslation();
  const scrapReasons = useQuantityReasons('scrapReasons');
  const reworkReasons = useQuantityReasons('reworkReasons');
  const stations = useStationChoices();
  const check = useCallback((draft: QuantityDraft) => checkReport(open, draft, false), [open]);
  const form = useSchemaForm({
    initial: (): QuantityDraft => ({ good: open, scrap: 0, scrapReasonId: null, rework: 0, reworkReasonId: null, reworkStationId: null }),
    check,
  });
  const number = (name: 'good' | 'scrap' | 'rework') => {
    const field = form.field(name);
    return {
      value: fieldNumber(field.value),
      onChange: (value: number) => field.onChange(draftNumber(value)),
      errorDetail: field.errorDetail,
      minValue: 0,
      maxValue: open,
      withSteppers: true,
      inputMode: 'numeric' as const,
    };
  };
  // Rework may be done at any station, this one too.
  const reworkTargets = stations.data ?? [];
  const scrapChoices = (scrapReasons.data?.data ?? []).filter((entry) => entry.status === 'active');
  const reworkChoices = (reworkReasons.data?.data ?? []).filter((entry) => entry.status === 'active');

  const send = (close: () => void, rest: boolean) => {
    if (rest) {
      const checked = checkReport(open, form.draft, true);
      if (!checked.ok) {
        form.showServerProblems(new ApiError(400, 'VALIDATION_ERROR', Object.values(checked.errors)));
        return;
      }
      const { good: _good, ...counts } = checked.value;
      onReport(counts);
      close();
      return;
    }
    const checked = form.submit();
    if (!checked) return;
    onReport(checked);
    close();
  };

  return (
    <Dialog title={t('orders.quantities.title', { orderNumber })} isOpen onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      {(close) => (
        <div className="quantity-dialog">
          <p>{t('orders.quantities.atStation', { open, ordered })}</p>
          <NumberField label={t('orders.quantities.good')} {...number('good')} autoFocus />
          <div className="quantity-row">
            <NumberField label={t('orders.quantities.scrap')} {...number('scrap')} />
            <Select
              label={t('orders.quantities.scrapReason')}
              items={scrapChoices}
              value={form.draft.scrapReasonId}
              onChange={(key) => form.patch({ scrapReasonId: typeof key === 'string' ? key : null })}
              errorDetail={form.problem('scrapReasonId')}
              isDisabled={(form.draft.scrap ?? 0) === 0}
            >
              {(entry) => <SelectItem id={entry.id}>{entry.name}</SelectItem>}
            </Select>
          </div>
          <div className="quantity-row">
            <NumberField label={t('orders.quantities.rework')} {...number('rework')} />
            <Select
              label={t('orders.quantities.reworkReason')}
              items={reworkChoices}
              value={form.draft.reworkReasonId}
              onChange={(key) => form.patch({ reworkReasonId: typeof key === 'string' ? key : null })}
              errorDetail={form.problem('reworkReasonId')}
              isDisabled={(form.draft.rework ?? 0) === 0}
            >
              {(entry) => <SelectItem id={entry.id}>{entry.name}</SelectItem>}
            </Select>
            <Select
              label={t('orders.quantities.reworkStation')}
              items={reworkTargets}
              value={form.draft.reworkStationId}
              onChange={(key) => form.patch({ reworkStationId: typeof key === 'string' ? key : null })}
              errorDetail={form.problem('reworkStationId')}
              isDisabled={(form.draft.rework ?? 0) === 0}
            >
              {(station) => <SelectItem id={station.id}>{station.name}</SelectItem>}
            </Select>
          </div>
          {scrapReasons.isSuccess && scrapChoices.length === 0 ? <p>{t('orders.quantities.noReasons')}</p> : null}
          <p className="field-description">{t('orders.quantities.hint')}</p>
          <p className="field-description">{t('orders.quantities.completeRestHint')}</p>
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {t('common.actions.cancel')}
            </Button>
            <Button variant="secondary" onPress={() => send(close, true)}>
              {t('orders.quantities.completeRest')}
            </Button>
            <Button onPress={() => send(close, false)}>{t('orders.quantities.submit')}</Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
