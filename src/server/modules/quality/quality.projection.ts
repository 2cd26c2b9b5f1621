import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { orderDecider, quantitiesOf } from '../../../domain/orders/order.decider.js';
import { orderEvents, orderStreamId, type OrderEvent } from '../../../domain/orders/order.events.js';
import type { NcrCommand } from '../../../domain/quality/ncr.commands.js';
import { ncrDecider, type NcrRecord } from '../../../domain/quality/ncr.decider.js';
import { NCR_STREAM_TYPE, ncrEvents, ncrStreamId, type NcrEvent, type NcrMeasurement } from '../../../domain/quality/ncr.events.js';
import { formatNcrNumber } from '../../../domain/quality/ncr.schema.js';
import { foldEvents } from '../../../domain/shared/decider.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { stationHoldsOutOfTolerance } from '../../../domain/stations/station.schema.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, type EventMetadata, type EventStore } from '../../platform/event-store.js';
import { userNamesByIds } from '../identity/index.js';
import { findStationRow } from '../stations/index.js';
import { openNcrOfOrder } from './quality.queries.js';
import './quality.tables.js';

/** The NCR list row and the folded NCR, from its events alone (times from the events). */
export const ncrProjection = eventProjection<NcrEvent>({
  name: 'ncrs',
  events: [ncrEvents],
  tables: ['ncrs'],
  async project(tx, event, { companyId, streamVersion }) {
    if (!companyId) return;
    const stored =
      event.type === 'NonConformanceOpened' ? undefined : await tx.selectFrom('ncrs').select('state').where('id', '=', event.data.ncrId).executeTakeFirst();
    const state = foldEvents(ncrDecider, [event], stored ? stored.state : ncrDecider.initialState);
    if (state.status === 'absent') return;
    const latest = state.decisions.at(-1);
    const row = {
      company_id: companyId,
      number: state.number,
      status: state.status,
      order_id: state.orderId,
      order_number: state.orderNumber,
      station_id: state.stationId,
      station_name: state.stationName,
      material_name: state.materialName,
      value_name: state.measurement.valueName,
      disposition: latest?.disposition ?? null,
      opened_at: state.openedAt,
      decided_at: latest?.at ?? null,
      closed_at: state.closedAt,
      state: JSON.stringify(state satisfies NcrRecord),
      version: streamVersion,
    };
    await tx
      .insertInto('ncrs')
      .values({ id: state.ncrId, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
  },
});

/** Hands out the company's next NCR number; the counter row is locked until the transaction ends, so numbers never repeat. */
async function takeNcrNumber(tx: Tx, companyId: string): Promise<string> {
  const { last_number } = await tx
    .insertInto('ncr_counters')
    .values({ company_id: companyId, last_number: 1 })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ last_number: sql`ncr_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatNcrNumber(last_number);
}

/** Decides a command on an NCR inside the order command's transaction (the order reactions). */
async function decideWithin(tx: Tx, eventStore: EventStore, companyId: string, metadata: EventMetadata, ncrId: string, command: NcrCommand): Promise<void> {
  const streamId = ncrStreamId(ncrId);
  const { state, version } = await eventStore.foldStream(tx, ncrDecider, streamId);
  const decided = ncrDecider.decide(command, state);
  if (decided instanceof DomainError || decided.length === 0) return;
  await eventStore.append(tx, { companyId, streamId, streamType: NCR_STREAM_TYPE, expectedVersion: version, events: decided, metadata });
}

type ValueMeasured = Extract<OrderEvent, { type: 'ValueMeasured' }>;

/** The measurement as an NCR keeps it: with the station's and the operator's names as they are now. */
async function measurementOf(tx: Tx, event: ValueMeasured, stationName: string): Promise<NcrMeasurement> {
  const { orderId: _orderId, measuredBy, ...measured } = event.data;
  const names = await userNamesByIds(tx, measuredBy ? [measuredBy] : []);
  return { ...measured, stationName, measuredBy, measuredByName: names.get(measuredBy) ?? '' };
}

/** A value outside tolerance at a station that holds opens an NCR on the order (one open NCR per order at a time). */
async function openNcr(tx: Tx, eventStore: EventStore, companyId: string, metadata: EventMetadata, event: ValueMeasured): Promise<void> {
  const station = await findStationRow(tx, event.data.stationId);
  if (!station || !stationHoldsOutOfTolerance(station.value_checks)) return;
  const { state: order } = await eventStore.foldStream(tx, orderDecider, orderStreamId(event.data.orderId));
  if (order.status === 'absent') return;
  const position = order.positions[0];
  const ncrId = randomUUID();
  await decideWithin(tx, eventStore, companyId, metadata, ncrId, {
    type: 'OpenNcr',
    ncrId,
    number: await takeNcrNumber(tx, companyId),
    order: {
      orderId: event.data.orderId,
      orderNumber: order.orderNumber,
      materialId: position?.materialId ?? '',
      materialName: position?.materialName ?? '',
      materialNumber: position?.materialNumber ?? '',
      materialType: position?.materialType ?? 'manufacturing_part',
      pieces: quantitiesOf(order)?.open ?? 0,
    },
    station: { stationId: station.id, stationName: station.name },
    measurement: await measurementOf(tx, event, station.name),
    at: event.data.at,
  });
}

/**
 * The order events' reaction (owns nothing: what it decides is appended to NCR streams, which a
 * rebuild replays): a value measured outside tolerance at a station that holds opens an NCR in the
 * measuring transaction, so the order is held before anyone can move it; a value of an NCR in
 * rework measured again is recorded on it (within tolerance for every value: closed).
 */
export function qualityOrderReactions(eventStore: EventStore) {
  return eventProjection<OrderEvent>({
    name: 'quality-of-measurements',
    events: [orderEvents],
    tables: [],
    async project(tx, event, stored) {
      const companyId = stored.companyId;
      if (!companyId || event.type !== 'ValueMeasured') return;
      const open = await openNcrOfOrder(tx, event.data.orderId);
      if (open?.status === 'rework') {
        const stationName = (await findStationRow(tx, event.data.stationId))?.name ?? '';
        const command: NcrCommand = { type: 'RecordRemeasurement', measurement: await measurementOf(tx, event, stationName), at: event.data.at };
        await decideWithin(tx, eventStore, companyId, stored.metadata, open.ncrId, command);
        return;
      }
      // Held already: the order stands still until the decision; more values outside tolerance are in its history.
      if (!open && !event.data.passed) await openNcr(tx, eventStore, companyId, stored.metadata, event);
    },
  });
}
