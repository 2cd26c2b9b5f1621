import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { lotDecider, type LotRecord } from '../../../domain/lots/lot.decider.js';
import { LOT_STREAM_TYPE, lotEvents, lotStreamId, type LotEvent } from '../../../domain/lots/lot.events.js';
import { formatLotNumber, formatSerialNumber } from '../../../domain/lots/lot.schema.js';
import { orderDecider, quantitiesOf } from '../../../domain/orders/order.decider.js';
import { orderEvents, orderStreamId, type OrderEvent } from '../../../domain/orders/order.events.js';
import { foldEvents } from '../../../domain/shared/decider.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, type EventStore } from '../../platform/event-store.js';
import { findMaterial } from '../materials/index.js';
import './lots.tables.js';

/** The lot list row and the folded lot, from its events alone; each consumption is an edge of the genealogy. */
export const lotsProjection = eventProjection<LotEvent>({
  name: 'lots',
  events: [lotEvents],
  tables: ['lots', 'lot_consumptions', 'lot_serials'],
  async project(tx, event, { companyId, streamVersion }) {
    if (!companyId) return;
    const isNew = event.type === 'LotReceived' || event.type === 'LotProduced';
    const stored = isNew ? undefined : await tx.selectFrom('lots').select('state').where('id', '=', event.data.lotId).executeTakeFirst();
    const state = foldEvents(lotDecider, [event], stored ? stored.state : lotDecider.initialState);
    if (state.status === 'absent') return;
    const row = {
      company_id: companyId,
      number: state.number,
      origin: state.origin,
      material_id: state.materialId,
      material_name: state.materialName,
      material_number: state.materialNumber,
      order_id: state.orderId,
      order_number: state.orderNumber,
      supplier: state.supplier,
      supplier_lot_number: state.supplierLotNumber,
      quantity: state.quantity,
      remaining: state.remaining,
      received_on: state.receivedOn,
      has_certificate: state.certificate !== null,
      state: JSON.stringify(state satisfies LotRecord),
      version: streamVersion,
    };
    await tx
      .insertInto('lots')
      .values({ id: state.lotId, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
    if (event.type === 'LotConsumed') {
      const { lotId, orderId, orderNumber, quantity, at } = event.data;
      await tx
        .insertInto('lot_consumptions')
        .values({
          lot_id: lotId,
          stream_version: streamVersion,
          company_id: companyId,
          order_id: orderId,
          order_number: orderNumber,
          quantity,
          consumed_at: at,
        })
        .onConflict((conflict) => conflict.columns(['lot_id', 'stream_version']).doNothing())
        .execute();
    }
    if (event.type === 'LotSerialsAssigned' && event.data.serials.length > 0) {
      const { lotId, serials } = event.data;
      await tx
        .insertInto('lot_serials')
        .values(serials.map((serial, position) => ({ company_id: companyId, serial, lot_id: lotId, position })))
        .onConflict((conflict) => conflict.columns(['company_id', 'serial']).doNothing())
        .execute();
    }
  },
});

/** Hands out the company's next lot number; the counter row is locked until the transaction ends, so numbers never repeat. */
export async function takeLotNumber(tx: Tx, companyId: string): Promise<string> {
  const { last_number } = await tx
    .insertInto('lot_counters')
    .values({ company_id: companyId, last_number: 1 })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ last_number: sql`lot_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatLotNumber(last_number);
}

/** Hands out the company's next `count` serial numbers (`SN-000001`), consecutive, from the same locked counter row as the lot numbers. */
export async function takeSerialNumbers(tx: Tx, companyId: string, count: number): Promise<string[]> {
  const { last_serial } = await tx
    .insertInto('lot_counters')
    .values({ company_id: companyId, last_number: 0, last_serial: count })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ last_serial: sql`lot_counters.last_serial + ${count}` }))
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return Array.from({ length: count }, (_, index) => formatSerialNumber(last_serial - count + 1 + index));
}

/**
 * The order events' reaction (owns nothing: the lot it decides is appended to a lot stream, which a
 * rebuild replays): a production order that finishes with good pieces gets a lot of its own, in the
 * finishing transaction, so the genealogy can follow its pieces into other orders and shipments.
 */
export function lotsOrderReactions(eventStore: EventStore) {
  return eventProjection<OrderEvent>({
    name: 'lots-of-finished-production',
    events: [orderEvents],
    tables: [],
    async project(tx, event, stored) {
      const companyId = stored.companyId;
      if (!companyId || event.type !== 'ProductionFinished') return;
      const { state: order } = await eventStore.foldStream(tx, orderDecider, orderStreamId(event.data.orderId));
      const position = order.status === 'absent' ? undefined : order.positions[0];
      const good = order.status === 'absent' ? 0 : (quantitiesOf(order)?.good ?? 0);
      if (order.status === 'absent' || !position || good <= 0) return;
      const material = await findMaterial(tx, position.materialId);
      const lotId = randomUUID();
      const decided = lotDecider.decide(
        {
          type: 'ProduceLot',
          lotId,
          number: await takeLotNumber(tx, companyId),
          material: {
            materialId: position.materialId,
            materialName: position.materialName,
            materialNumber: position.materialNumber,
            unit: material?.stock.unit ?? '',
          },
          orderId: event.data.orderId,
          orderNumber: order.orderNumber,
          quantity: good,
          // A material with serial numbers: one per good piece (docs/quality-and-lots.md, Serial numbers).
          ...(material?.serialNumbers && Number.isInteger(good) ? { serials: await takeSerialNumbers(tx, companyId, good) } : {}),
          at: event.data.at,
        },
        lotDecider.initialState,
      );
      if (decided instanceof DomainError) return;
      await eventStore.append(tx, {
        companyId,
        streamId: lotStreamId(lotId),
        streamType: LOT_STREAM_TYPE,
        expectedVersion: 0,
        events: decided,
        metadata: stored.metadata,
      });
    },
  });
}
