import { sql } from 'kysely';
import { initialOrderState, orderDecider, quantitiesOf, type LiveOrderState, type OrderState } from '../../../domain/orders/order.decider.js';
import { orderEvents, type OrderEvent } from '../../../domain/orders/order.events.js';
import { userEvents, type UserEvent } from '../../../domain/identity/identity.events.js';
import { stationEvents, type StationEvent } from '../../../domain/stations/station.events.js';
import { foldEvents } from '../../../domain/shared/decider.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, knownRecordedOf, type InlineProjection, type StoredEvent } from '../../platform/event-store.js';
import './orders.tables.js';

/** The list row of an order as `evolveOrder` left it. */
function rowOf(order: LiveOrderState, companyId: string, version: number) {
  const location = order.location;
  const pieces = quantitiesOf(order);
  return {
    company_id: companyId,
    kind: order.kind,
    number: order.number,
    order_number: order.orderNumber,
    status: order.status,
    name: order.details.name,
    place: order.details.place,
    prioritize: order.details.prioritize,
    delivery_date: order.details.deliveryDate,
    promised_date: order.details.promisedDate ?? null,
    stock_order: order.details.stockOrder,
    net_sum: order.netSum,
    parent_order_id: order.parentOrderId,
    client_id: order.clientId ?? null,
    stage: location?.stage ?? null,
    station_id: location?.stage === 'station' ? location.stationId : null,
    arrived_at: location ? new Date(location.arrivedAt) : null,
    work_started_at: location?.stage === 'station' && location.workStartedAt ? new Date(location.workStartedAt) : null,
    positions: JSON.stringify(
      order.positions.map((p) => ({ materialId: p.materialId, materialName: p.materialName, materialNumber: p.materialNumber, quantity: p.quantity })),
    ),
    note_for_production: order.details.noteForProduction,
    quality: order.quality ?? null,
    split_from_order_id: order.splitFromOrderId ?? null,
    pieces_ordered: pieces?.ordered ?? 0,
    pieces_open: pieces?.open ?? 0,
    pieces_good: pieces?.good ?? 0,
    pieces_scrap: pieces?.scrap ?? 0,
    pieces_rework: pieces?.rework ?? 0,
    version,
    created_at: new Date(order.createdAt),
    updated_at: new Date(order.updatedAt),
  };
}

/**
 * The order list row and the folded order: the stored state folded on with the new events by the
 * domain's own fold (`foldEvents` with the order decider, upcasting as the command path does), so
 * the rows can never disagree with what the decider sees.
 */
async function projectOrder(tx: Tx, appended: StoredEvent[]): Promise<void> {
  const events = appended.flatMap((event) => knownRecordedOf(orderEvents, event) ?? []);
  const first = events[0];
  if (!first) return;
  const startsStream = first.streamVersion === 1;
  const stored = startsStream ? undefined : await tx.selectFrom('order_states').select('state').where('id', '=', first.data.orderId).executeTakeFirst();
  const before: OrderState = stored ? stored.state : initialOrderState;
  const after = foldEvents(orderDecider, events, before);
  if (after.status === 'absent') return;
  const row = rowOf(after, first.companyId as string, events[events.length - 1].streamVersion);
  const state = JSON.stringify(after);
  // One statement for both rows: the list row, then the folded order beside it.
  await tx
    .with('listed', (db) =>
      db
        .insertInto('orders')
        .values({ id: after.orderId, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .returning(['id', 'company_id']),
    )
    .insertInto('order_states')
    .columns(['id', 'company_id', 'state'])
    .expression((db) => db.selectFrom('listed').select(['listed.id', 'listed.company_id', sql<string>`${state}::jsonb`.as('state')]))
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ state: (eb) => eb.ref('excluded.state') }))
    .execute();
}

/** The order list rows, written in the append's transaction (a client reads its own write). */
export const ordersProjection: InlineProjection = {
  name: 'orders',
  streamTypes: [orderEvents.streamType],
  tables: ['orders', 'order_states'],
  async apply(tx, events) {
    // One append is one stream; group anyway so a caller appending to several stays correct.
    const byStream = new Map<string, StoredEvent[]>();
    for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    for (const streamEvents of byStream.values()) await projectOrder(tx, streamEvents);
  },
};

/** The order arrives on the station's worklist, leaving the one it was on (if any) in the same statement. */
async function arriveAt(tx: Tx, companyId: string, stationId: string, orderId: string, at: string, leftStationId?: string) {
  const entry = { company_id: companyId, station_id: stationId, order_id: orderId, arrived_at: new Date(at) };
  if (!leftStationId || leftStationId === stationId) {
    await tx
      .insertInto('station_worklist_entries')
      .values(entry)
      .onConflict((conflict) => conflict.columns(['station_id', 'order_id']).doUpdateSet({ arrived_at: entry.arrived_at }))
      .execute();
    return;
  }
  await tx
    .with('departed', (db) =>
      db.deleteFrom('station_worklist_entries').where('station_id', '=', leftStationId).where('order_id', '=', orderId).returning('order_id'),
    )
    .insertInto('station_worklist_entries')
    .values(entry)
    .onConflict((conflict) => conflict.columns(['station_id', 'order_id']).doUpdateSet({ arrived_at: entry.arrived_at }))
    .execute();
}

/**
 * The stations' worklist and completion tables (docs/stations.md, "where orders plug in"): an
 * order is on a station's worklist from arriving until it leaves; a completion records the time
 * in work (Start to Complete), so the station's cycle time is the mean time orders spend in work there.
 */
async function projectStationFlow(tx: Tx, event: OrderEvent, stored: StoredEvent): Promise<void> {
  const companyId = stored.companyId as string;
  const { orderId } = event.data;
  switch (event.type) {
    case 'ProductionOrderStarted':
      return arriveAt(tx, companyId, event.data.stationId, orderId, event.data.at);
    case 'WorkCompleted': {
      const completion = {
        company_id: companyId,
        station_id: event.data.stationId,
        order_id: orderId,
        arrived_at: new Date(event.data.workStartedAt),
        finished_at: new Date(event.data.at),
      };
      if (!event.data.nextStationId) {
        await tx
          .with('departed', (db) =>
            db.deleteFrom('station_worklist_entries').where('station_id', '=', event.data.stationId).where('order_id', '=', orderId).returning('order_id'),
          )
          .insertInto('station_completions')
          .values(completion)
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      await tx
        .insertInto('station_completions')
        .values(completion)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return arriveAt(tx, companyId, event.data.nextStationId, orderId, event.data.at, event.data.stationId);
    }
    case 'OrderMovedToStation':
      return arriveAt(tx, companyId, event.data.toStationId, orderId, event.data.at, event.data.fromStationId);
    case 'OrderCanceled':
    case 'OrderReadyToUse':
      await tx.deleteFrom('station_worklist_entries').where('order_id', '=', orderId).execute();
      return;
    case 'OrderCreated':
    case 'OrderChanged':
    case 'OrderPlaced':
    case 'ProductionStarted':
    case 'WorkStarted':
    case 'ProductionFinished':
    case 'ProductionOrderDone':
    case 'OrderReadyToShip':
    case 'OrderReadyForDispatch':
    case 'OrderDispatched':
    case 'OrderDelivered':
    case 'OrderCheckedIn':
    case 'OrderFinished':
    case 'OrderAssignedToShipment':
    case 'OrderReleased':
    case 'OrderLeftShipment':
    case 'OrderPartAssignedToShipment':
    case 'OrderPartReleased':
    case 'OrderPartDispatched':
    case 'ValueMeasured':
    case 'QualityFailureAccepted':
    case 'StatusActionApplied':
    case 'StatusActionRefused':
    case 'QuantityReported':
    case 'OrderSplit':
    case 'ProductionOrderAdded':
      return;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Station worklists and completions, the source of the stations' key figures, in the append's transaction. */
export const stationFlowProjection = eventProjection<OrderEvent>({
  name: 'order-station-flow',
  events: [orderEvents],
  tables: ['station_worklist_entries', 'station_completions'],
  project: projectStationFlow,
});

/**
 * Where each operator signed in last, from the stations' `OperatorSignedIn`: an operator works at
 * one station at a time, the one of their latest station login. A deleted station has no one, nor
 * has a removed operator (from the log, not only by the users row's foreign key).
 */
export const operatorStationsProjection = eventProjection<StationEvent | UserEvent>({
  name: 'order-operator-stations',
  events: [stationEvents, userEvents],
  tables: ['operator_stations'],
  async project(tx, event, stored) {
    if (event.type === 'UserRemoved') {
      await tx.deleteFrom('operator_stations').where('user_id', '=', event.data.userId).execute();
    } else if (event.type === 'OperatorSignedIn') {
      const row = { company_id: stored.companyId as string, station_id: event.data.stationId, signed_in_at: new Date(event.data.at) };
      await tx
        .insertInto('operator_stations')
        .values({ user_id: event.data.userId, ...row })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
        .execute();
    } else if (event.type === 'StationDeleted') {
      await tx.deleteFrom('operator_stations').where('station_id', '=', event.data.stationId).execute();
    }
  },
});
