import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { thousandths, fromThousandths } from '../../../domain/lots/lot.schema';
import type { LotListItem, LotView } from '../../../domain/lots/lots.views';
import type { Material } from '../../../domain/materials/materials.schema';
import type { OrderView } from '../../../domain/orders/orders.views';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { api, isApiError } from '../../lib/api';
import { fieldErrorsFromApiError } from '../../lib/error-messages';
import { useFormatNumber } from '../../lib/locale';
import { mustQueue, queueState, submitCommand, useSnapshot } from '../../lib/offline-queue';
import { materialDetailKey } from '../../lib/resources/keys';
import { Button } from '../../ui/button';
import { Form } from '../../ui/form';
import { draftNumber, fieldNumber, NumberField } from '../../ui/number-field';
import { Select, SelectItem } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { lotsKey } from './api/lots';
import './lots.css';

/** What the station offers per component: that material's lots with something left, oldest first. */
const PICKER_LIMIT = 50;

type LotPage = { data: LotListItem[]; total: number };

interface BomNeed {
  materialId: string;
  name: string;
  materialNumber: string;
  /** The component's quantity per piece times the pieces of the order. */
  needed: number;
}

/** The bill of materials of the order's materials, one line per component material (the needs of several positions added). */
function useBomNeeds(order: OrderView) {
  const materialIds = [...new Set(order.positions.map((position) => position.materialId))];
  // The order's made material: a production order has one position; its components are what the station consumes.
  const first = materialIds[0] ?? '';
  const material = useQuery({
    queryKey: materialDetailKey(first),
    queryFn: () => api.get<Material>(`/materials/${encodeURIComponent(first)}`),
    enabled: first !== '',
  });
  const pieces = order.positions.filter((position) => position.materialId === first).reduce((sum, position) => sum + position.quantity, 0);
  const needs: BomNeed[] = (material.data?.components ?? []).map((component) => ({
    materialId: component.materialId,
    name: component.name,
    materialNumber: component.materialNumber,
    needed: fromThousandths(thousandths(component.quantity * pieces)),
  }));
  return { needs, isPending: material.isPending && first !== '' };
}

/** The lots of one material with something left (kept on the device for a scan without network). */
function useLotsOfMaterial(materialId: string, owner: string | null) {
  const lots = useQuery({
    queryKey: [...lotsKey, 'list', 'station', materialId],
    queryFn: () => api.get<LotPage>('/lots', { query: { materialId, available: 'true', sort: 'number', page: 1, limit: PICKER_LIMIT } }),
  });
  return useSnapshot(owner ? `lots:${owner}:${materialId}` : null, lots.data);
}

/** Finds a scanned or typed lot number: among the material's lots on the device, else (online) among the company's lots. */
async function findLot(code: string, kept: readonly LotListItem[]): Promise<LotListItem | 'unknown' | 'offline'> {
  const wanted = code.trim().toUpperCase();
  const here = kept.find((lot) => lot.number.toUpperCase() === wanted);
  if (here) return here;
  if (mustQueue(queueState())) return 'offline';
  try {
    const page = await api.get<LotPage>('/lots', { query: { q: wanted, page: 1, limit: 20 } });
    return page.data.find((lot) => lot.number.toUpperCase() === wanted) ?? 'unknown';
  } catch (error) {
    return isApiError(error) && error.status !== 0 ? 'unknown' : 'offline';
  }
}

type Outcome = { kind: 'booked'; lot: LotView; quantity: number } | { kind: 'kept'; lot: string; quantity: number } | null;

function ComponentConsumption({ order, need, owner, isDisabled }: { order: OrderView; need: BomNeed; owner: string | null; isDisabled: boolean }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const queryClient = useQueryClient();
  const lots = useLotsOfMaterial(need.materialId, owner);
  const kept = lots.data?.data ?? [];
  const [code, setCode] = useState('');
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | null>(need.needed > 0 ? need.needed : null);
  const [problems, setProblems] = useState<{ lot?: ErrorDetail; quantity?: ErrorDetail }>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const unit = kept[0]?.unit ?? '';
  const label = need.materialNumber ? `${need.name} (${need.materialNumber})` : need.name;

  const book = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const typed = code.trim();
    const found = typed ? await findLot(typed, kept) : (kept.find((lot) => lot.id === pickedId) ?? null);
    const lotProblem: ErrorDetail | undefined =
      found === null
        ? { path: 'lot', message: 'lots.station.lotRequired' }
        : found === 'unknown'
          ? { path: 'lot', message: 'lots.station.unknownLot', params: { code: typed } }
          : found === 'offline'
            ? { path: 'lot', message: 'lots.station.unknownLotOffline', params: { code: typed } }
            : undefined;
    const quantityProblem: ErrorDetail | undefined = quantity === null || quantity <= 0 ? { path: 'quantity', message: 'lots.validation.quantity' } : undefined;
    setProblems({ lot: lotProblem, quantity: quantityProblem });
    if (lotProblem || quantityProblem || found === null || typeof found === 'string' || quantity === null || !owner) return;
    setSending(true);
    const sent = await submitCommand<LotView>(owner, {
      path: `/lots/${encodeURIComponent(found.id)}/consume`,
      body: { orderId: order.id, quantity, materialId: need.materialId },
      after: null,
      kind: 'consume-lot',
      recordId: found.id,
      recordLabel: order.orderNumber,
      readPath: `/lots/${encodeURIComponent(found.id)}`,
      detail: `${format(quantity)} ${found.unit} ${found.number}`,
    });
    setSending(false);
    if (sent.kind === 'refused') {
      const onFields = fieldErrorsFromApiError(sent.error);
      const code = isApiError(sent.error) ? sent.error.code : 'UNKNOWN_ERROR';
      setProblems({
        quantity: onFields.quantity,
        lot:
          onFields.lot ??
          (code === 'NOT_FOUND' ? { path: 'lot', message: 'lots.station.unknownLot', params: { code: found.number } } : undefined) ??
          (onFields.quantity ? undefined : { path: 'lot', message: code }),
      });
      await queryClient.invalidateQueries({ queryKey: lotsKey });
      return;
    }
    setCode('');
    setOutcome(sent.kind === 'applied' ? { kind: 'booked', lot: sent.answer, quantity } : { kind: 'kept', lot: found.number, quantity });
    if (sent.kind === 'applied') await queryClient.invalidateQueries({ queryKey: lotsKey });
  };

  return (
    <li className="station-lot-component">
      <Form className="station-lot-form" onSubmit={(event) => void book(event)} aria-label={t('lots.station.formLabel', { material: label })}>
        <p className="station-lot-need">
          <strong>{label}</strong> · {t('lots.station.needed', { quantity: format(need.needed), unit })}
        </p>
        <TextField
          label={t('lots.station.scan', { material: need.name })}
          description={t('lots.station.scanHint')}
          value={code}
          onChange={(next) => {
            setCode(next);
            setProblems((before) => ({ ...before, lot: undefined }));
          }}
          autoComplete="off"
          errorDetail={problems.lot}
          isDisabled={isDisabled || sending}
        />
        <Select
          label={t('lots.station.pick', { material: need.name })}
          placeholder={kept.length === 0 ? t('lots.station.noLots') : t('lots.station.pickPlaceholder')}
          value={pickedId}
          onChange={(value) => {
            setPickedId(typeof value === 'string' ? value : null);
            setCode('');
            setProblems((before) => ({ ...before, lot: undefined }));
          }}
          items={kept.map((lot) => ({
            id: lot.id,
            name: t('lots.station.lotChoice', {
              number: lot.number,
              heat: lot.supplierLotNumber || lot.orderNumber,
              remaining: format(lot.remaining),
              unit: lot.unit,
            }),
          }))}
          isDisabled={isDisabled || sending || kept.length === 0}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <NumberField
          label={t('lots.station.quantity', { unit })}
          value={fieldNumber(quantity)}
          // The problem stays until the next Book: the field commits on blur, which a tap on Book causes, and a problem
          // vanishing then would move the button from under the finger (the tap lost).
          onChange={(value) => setQuantity(draftNumber(value))}
          formatOptions={{ maximumFractionDigits: 3 }}
          errorDetail={problems.quantity}
          isDisabled={isDisabled || sending}
        />
        <Button type="submit" variant="secondary" isDisabled={isDisabled || sending}>
          {t('lots.station.book')}
        </Button>
      </Form>
      <p className="station-lot-outcome" role="status">
        {outcome?.kind === 'booked'
          ? t('lots.station.booked', {
              quantity: format(outcome.quantity),
              unit: outcome.lot.unit,
              number: outcome.lot.number,
              remaining: format(outcome.lot.remaining),
            })
          : outcome?.kind === 'kept'
            ? t('lots.station.kept', { quantity: format(outcome.quantity), unit, number: outcome.lot })
            : ''}
      </p>
    </li>
  );
}

/**
 * The lots a production order consumes at the station (docs/quality-and-lots.md, Lots): each component of its
 * bill of materials with what is needed, a field a barcode scanner types the lot label's number into (and Enter),
 * a picker of that material's lots with what is left, and the quantity (the need, prefilled). Booked through
 * `POST /api/lots/{id}/consume` with an idempotency key, queued without network like the station's other taps.
 */
export function StationLotConsumption({ order, owner, isDisabled }: { order: OrderView; owner: string | null; isDisabled: boolean }) {
  const { t } = useTranslation();
  const bom = useBomNeeds(order);
  if (order.kind !== 'production') return null;
  return (
    <section className="station-lots" aria-labelledby={`station-lots-${order.id}`}>
      <h4 id={`station-lots-${order.id}`}>{t('lots.station.title')}</h4>
      {bom.isPending ? (
        <Spinner size="small" />
      ) : bom.needs.length === 0 ? (
        <p className="order-muted">{t('lots.station.noComponents')}</p>
      ) : (
        <>
          {isDisabled ? <p className="order-muted">{t('lots.station.notHere')}</p> : null}
          <ul className="plain-list station-lot-list">
            {bom.needs.map((need) => (
              <ComponentConsumption key={need.materialId} order={order} need={need} owner={owner} isDisabled={isDisabled} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
