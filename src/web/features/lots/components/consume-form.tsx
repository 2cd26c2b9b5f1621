import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consumeLotSchema, type ConsumeLotInput } from '../../../../domain/lots/lot.schema';
import type { LotView } from '../../../../domain/lots/lots.views';
import { formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { draftNumber, fieldNumber, NumberField } from '../../../ui/number-field';
import { Select, SelectItem } from '../../../ui/select';
import { useConsumeLot, useProductionOrders } from '../api/lots';

interface ConsumeDraft {
  orderId: string;
  quantity: number | null;
}

/** Books what a production order consumed of the lot (never more than is left: the server says how much is). */
export function ConsumeForm({ lot }: { lot: LotView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const orders = useProductionOrders();
  const consume = useConsumeLot(lot.id);
  const check = useCallback(
    (draft: ConsumeDraft) => validateInput(consumeLotSchema, { orderId: draft.orderId || undefined, quantity: draft.quantity ?? undefined }),
    [],
  );
  const form = useSchemaForm({ initial: (): ConsumeDraft => ({ orderId: '', quantity: null }), check });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: ConsumeLotInput | undefined = form.submit();
    if (!input) return;
    consume.mutate(input, {
      onSuccess: (after) => {
        notify({ severity: 'success', message: t('lots.consume.saved', { quantity: input.quantity, unit: after.unit, number: after.number }) });
        form.reset({ orderId: '', quantity: null });
      },
      onError: form.showServerProblems,
    });
  };
  return (
    <Form onSubmit={submit} aria-label={t('lots.consume.title')} id={form.scopeId} className="lot-form">
      <h2>{t('lots.consume.title')}</h2>
      <FormError error={formWideError(consume.error)} />
      <Select
        name="orderId"
        label={t('lots.consume.order')}
        value={form.draft.orderId || null}
        onChange={(value) => form.patch({ orderId: typeof value === 'string' ? value : '' })}
        errorDetail={form.problem('orderId')}
        items={(orders.data?.data ?? []).map((order) => ({ id: order.id, name: `${order.orderNumber} · ${order.positions[0]?.materialName ?? ''}` }))}
        isRequired
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <NumberField
        name="quantity"
        label={t('lots.consume.quantity', { unit: lot.unit })}
        value={fieldNumber(form.draft.quantity)}
        onChange={(value) => form.patch({ quantity: draftNumber(value) })}
        errorDetail={form.problem('quantity')}
        formatOptions={{ maximumFractionDigits: 3 }}
        isRequired
      />
      <Button type="submit" isDisabled={consume.isPending || lot.remaining <= 0}>
        {t('lots.consume.submit')}
      </Button>
    </Form>
  );
}
