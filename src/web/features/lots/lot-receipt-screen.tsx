import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { receiveLotSchema, type ReceiveLotInput } from '../../../domain/lots/lot.schema';
import { formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { draftNumber, fieldNumber, NumberField } from '../../ui/number-field';
import { Select, SelectItem } from '../../ui/select';
import { TextField } from '../../ui/text-field';
import { useDeliveredLogisticsOrders, useReceiveLot } from './api/lots';
import './lots.css';

interface ReceiptDraft {
  orderId: string;
  materialId: string;
  supplierLotNumber: string;
  quantity: number | null;
  receivedOn: string;
}

const check = (draft: ReceiptDraft) =>
  validateInput(receiveLotSchema, {
    orderId: draft.orderId || undefined,
    materialId: draft.materialId || undefined,
    supplierLotNumber: draft.supplierLotNumber,
    quantity: draft.quantity ?? undefined,
    receivedOn: draft.receivedOn,
  });

/**
 * The goods receipt of one lot (the orders right): a material a logistics order brought (its goods checked in),
 * the supplier's lot or heat number as on the certificate, the quantity and the day; the certificate is added on the lot.
 */
export function LotReceiptScreen({ today }: { today: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const orders = useDeliveredLogisticsOrders();
  const receive = useReceiveLot();
  const form = useSchemaForm({
    initial: (): ReceiptDraft => ({ orderId: '', materialId: '', supplierLotNumber: '', quantity: null, receivedOn: today }),
    check,
  });
  const { draft } = form;
  const order = orders.data?.data.find((candidate) => candidate.id === draft.orderId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: ReceiveLotInput | undefined = form.submit();
    if (!input) return;
    receive.mutate(input, {
      onSuccess: (lot) => {
        notify({ severity: 'success', message: t('lots.receipt.saved', { number: lot.number }) });
        navigate(`/lots/lot/${lot.id}`);
      },
      onError: form.showServerProblems,
    });
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.lotReceipt.title')}</h1>
      </div>
      <Form onSubmit={submit} aria-label={t('screens.lotReceipt.title')} id={form.scopeId} className="lot-form">
        <FormError error={formWideError(receive.error)} />
        <Select
          name="orderId"
          label={t('lots.receipt.order')}
          description={t('lots.receipt.orderHint')}
          value={draft.orderId || null}
          onChange={(value) => form.patch({ orderId: typeof value === 'string' ? value : '', materialId: '' })}
          errorDetail={form.problem('orderId')}
          items={(orders.data?.data ?? []).map((candidate) => ({ id: candidate.id, name: `${candidate.orderNumber} · ${candidate.name}` }))}
          isRequired
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <Select
          name="materialId"
          label={t('lots.receipt.material')}
          value={draft.materialId || null}
          onChange={(value) => form.patch({ materialId: typeof value === 'string' ? value : '' })}
          errorDetail={form.problem('materialId')}
          items={(order?.positions ?? []).map((position) => ({ id: position.materialId, name: `${position.materialName} (${position.materialNumber})` }))}
          isRequired
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <TextField
          {...form.field('supplierLotNumber')}
          label={t('lots.receipt.supplierLotNumber')}
          description={t('lots.receipt.supplierLotHint')}
          isRequired
        />
        <NumberField
          name="quantity"
          label={t('lots.receipt.quantity')}
          value={fieldNumber(draft.quantity)}
          onChange={(value) => form.patch({ quantity: draftNumber(value) })}
          errorDetail={form.problem('quantity')}
          formatOptions={{ maximumFractionDigits: 3 }}
          isRequired
        />
        <TextField {...form.field('receivedOn')} type="date" label={t('lots.receipt.receivedOn')} isRequired />
        <div className="lot-actions">
          <Button type="submit" isDisabled={receive.isPending}>
            {t('lots.receipt.submit')}
          </Button>
          <Link href="/lots">{t('lots.back')}</Link>
        </div>
      </Form>
    </div>
  );
}
