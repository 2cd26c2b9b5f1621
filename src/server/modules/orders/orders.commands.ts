import { randomUUID } from 'node:crypto';
import type { MaterialOnHand, NumberedOrder, OrderCommand, ProductionLine } from '../../../domain/orders/order.commands.js';
import {
  decideOrder,
  evolveOrder,
  initialOrderState,
  productionPlanOf,
  type LiveOrderState,
} from '../../../domain/orders/order.decider.js';
import {
  ADVERTISEMENT_STREAM_TYPE,
  advertisementStreamId,
  ORDER_STREAM_TYPE,
  orderStreamId,
  type AdvertisementEvent,
  type OrderEvent,
  type StockMove,
} from '../../../domain/orders/order.events.js';
import { actionAllowed } from '../../../domain/orders/order.machine.js';
import { orderNumbersFrom } from '../../../domain/orders/order.numbering.js';
import type { OrderForm, OrderKind } from '../../../domain/orders/order.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Role } from '../../../domain/shared/roles.js';
import type { Tx } from '../../platform/db.js';
import type { EventMetadata, EventStore, NewEvent } from '../../platform/event-store.js';
import { findMaterial, moveStock } from '../materials/index.js';
import { findSequenceRow, findStationRow, isAuthorizedForStation } from '../stations/index.js';
import { saveAdvertisement, stationOfOperator, takeOrderNumbers } from './orders.queries.js';

/** What every order command handler works with: one tenant transaction, who asks, and when. */
export interface OrderContext {
  tx: Tx;
  eventStore: EventStore;
  companyId: string;
  metadata: EventMetadata;
  actor: { userId: string; role: Role };
  /** ISO time of the request: the domain never reads a clock. */
  at: string;
}

const unwrap = <E>(result: E[] | DomainError): E[] => {
  if (result instanceof DomainError) throw result;
  return result;
};

const staleOrder = () =>
  new DomainError(
    'CONFLICT_ERROR',
    [{ path: 'version', message: 'errors.CONFLICT_ERROR' }],
    'This order was changed meanwhile. Reload it and make your change again.',
  );

const isConflict = (error: unknown) => error instanceof DomainError && error.code === 'CONFLICT_ERROR';

interface LoadedOrder {
  state: LiveOrderState;
  version: number;
}

/** The order folded from its stream; another company's order looks absent (row-level security): 404. */
async function loadOrder(ctx: OrderContext, orderId: string): Promise<LoadedOrder> {
  const events = await ctx.eventStore.readStream(ctx.tx, orderStreamId(orderId));
  const state = events.map((e) => ({ type: e.type, data: e.data }) as OrderEvent).reduce(evolveOrder, initialOrderState);
  if (state.status === 'absent') throw new DomainError('NOT_FOUND');
  return { state, version: events[events.length - 1].streamVersion };
}

/** The order as the client's copy saw it: a copy made on another version is stale (409). */
async function loadOrderAt(ctx: OrderContext, orderId: string, clientVersion: number): Promise<LoadedOrder> {
  const loaded = await loadOrder(ctx, orderId);
  if (loaded.version !== clientVersion) throw staleOrder();
  return loaded;
}

async function appendOrderEvents(ctx: OrderContext, orderId: string, expectedVersion: number, events: OrderEvent[]) {
  return ctx.eventStore.append(ctx.tx, {
    companyId: ctx.companyId,
    streamId: orderStreamId(orderId),
    streamType: ORDER_STREAM_TYPE,
    expectedVersion,
    events: events as NewEvent[],
    metadata: ctx.metadata,
  });
}

/**
 * Decides on the order as loaded and appends, expecting the version just read: of two operators
 * acting at once, the second's append finds the stream moved on and answers 409, never a lost move.
 */
async function decideAndAppend(ctx: OrderContext, orderId: string, loaded: LoadedOrder, command: OrderCommand): Promise<OrderEvent[]> {
  const events = unwrap(decideOrder(command, loaded.state));
  if (events.length === 0) return events;
  try {
    await appendOrderEvents(ctx, orderId, loaded.version, events);
  } catch (error) {
    if (isConflict(error)) throw staleOrder();
    throw error;
  }
  return events;
}

const stockActor = (ctx: OrderContext) => ({ companyId: ctx.companyId, metadata: ctx.metadata, at: new Date(ctx.at) });

async function applyStock(ctx: OrderContext, moves: readonly StockMove[], direction: 1 | -1) {
  await moveStock(
    ctx.tx,
    ctx.eventStore,
    stockActor(ctx),
    moves.map((move) => ({ materialId: move.materialId, quantity: direction * move.quantity })),
  );
}

/** The company's materials the positions name, with their stock; unknown or another company's ids are left out. */
async function materialsOnHand(tx: Tx, materialIds: readonly string[]): Promise<MaterialOnHand[]> {
  const found: MaterialOnHand[] = [];
  for (const materialId of new Set(materialIds)) {
    const material = await findMaterial(tx, materialId);
    if (material) {
      found.push({ materialId, name: material.name, materialNumber: material.materialNumber, type: material.type, stock: material.stock.quantity });
    }
  }
  return found;
}

async function productionLineOf(tx: Tx): Promise<ProductionLine> {
  const saved = await findSequenceRow(tx);
  return { stationIds: saved?.station_ids ?? [], startStationId: saved?.start_station_id ?? null };
}

/**
 * An operator acts at a station only while signed in there (their latest station login) and
 * still authorised for it. Administrators act from the console and are not asked.
 */
async function operatorMustBeSignedInAt(ctx: OrderContext, stationId: string): Promise<void> {
  if (ctx.actor.role !== 'OPERATOR') return;
  if ((await stationOfOperator(ctx.tx, ctx.actor.userId)) !== stationId) {
    throw new DomainError('STATION_NOT_SIGNED_IN', [{ path: 'stationId', message: 'errors.STATION_NOT_SIGNED_IN' }]);
  }
  if (!(await isAuthorizedForStation(ctx.tx, ctx.actor.userId, stationId))) throw new DomainError('STATION_NOT_AUTHORIZED');
}

const unknownStation = (path: string) => new DomainError('VALIDATION_ERROR', [{ path, message: 'stations.validation.unknownStation' }]);

/** Creates an order with the company's next number; answers its id. */
export async function createOrder(ctx: OrderContext, kind: OrderKind, form: OrderForm): Promise<string> {
  const materials = await materialsOnHand(ctx.tx, form.positions.map((p) => p.materialId));
  const orderId = randomUUID();
  const [numbered] = orderNumbersFrom(await takeOrderNumbers(ctx.tx, ctx.companyId, 1), 1);
  const events = unwrap(decideOrder({ type: 'CreateOrder', order: { orderId, ...numbered }, kind, form, materials, at: ctx.at }, initialOrderState));
  await appendOrderEvents(ctx, orderId, 0, events);
  return orderId;
}

export async function changeOrder(ctx: OrderContext, orderId: string, form: OrderForm, version: number): Promise<void> {
  const loaded = await loadOrderAt(ctx, orderId, version);
  const materials = await materialsOnHand(ctx.tx, form.positions.map((p) => p.materialId));
  await decideAndAppend(ctx, orderId, loaded, { type: 'ChangeOrder', form, materials, at: ctx.at });
}

/** The simple actions: nothing but the version and the machine. */
export type PlainAction = 'place' | 'ready-to-use' | 'ready-to-dispatch' | 'dispatch' | 'deliver' | 'finish' | 'cancel';

const plainCommands: Record<PlainAction, (at: string) => OrderCommand> = {
  place: (at) => ({ type: 'PlaceOrder', at }),
  'ready-to-use': (at) => ({ type: 'MarkReadyToUse', at }),
  'ready-to-dispatch': (at) => ({ type: 'MarkReadyToDispatch', at }),
  dispatch: (at) => ({ type: 'Dispatch', at }),
  deliver: (at) => ({ type: 'Deliver', at }),
  finish: (at) => ({ type: 'Finish', at }),
  cancel: (at) => ({ type: 'Cancel', at }),
};

export async function runPlainAction(ctx: OrderContext, orderId: string, version: number, action: PlainAction): Promise<void> {
  const loaded = await loadOrderAt(ctx, orderId, version);
  await decideAndAppend(ctx, orderId, loaded, plainCommands[action](ctx.at));
}

/**
 * Starts production. A customer order makes one production order per material to be made (each
 * numbered, linked both ways, entering the line at the start station) and takes its use-inventory
 * positions from stock; a production order of its own enters the line. All in one transaction.
 */
export async function startProduction(ctx: OrderContext, orderId: string, version: number): Promise<void> {
  const loaded = await loadOrderAt(ctx, orderId, version);
  const { state } = loaded;
  const line = await productionLineOf(ctx.tx);
  let productionOrders: NumberedOrder[] = [];
  let materials: MaterialOnHand[] = [];
  if (state.kind === 'customer' && actionAllowed(state.kind, state.status, 'start-production')) {
    const plan = productionPlanOf(state);
    if (plan.length > 0 && line.startStationId) {
      const first = await takeOrderNumbers(ctx.tx, ctx.companyId, plan.length);
      productionOrders = orderNumbersFrom(first, plan.length).map((numbered) => ({ orderId: randomUUID(), ...numbered }));
    }
    materials = await materialsOnHand(ctx.tx, state.positions.filter((p) => p.useInventory).map((p) => p.materialId));
  }
  const events = await decideAndAppend(ctx, orderId, loaded, { type: 'StartProduction', line, productionOrders, materials, at: ctx.at });
  const started = events.find((event): event is Extract<OrderEvent, { type: 'ProductionStarted' }> => event.type === 'ProductionStarted');
  if (!started) return;
  await applyStock(ctx, started.data.takenFromStock, -1);
  for (const [index, planned] of started.data.productionOrders.entries()) {
    const positions = state.positions.filter((p) => p.materialId === planned.materialId && !p.useInventory);
    const childEvents = unwrap(
      decideOrder(
        {
          type: 'CreateProductionOrder',
          order: productionOrders[index],
          parent: { orderId, details: state.details, stockOrder: state.details.stockOrder },
          positions,
          startStationId: line.startStationId as string,
          at: ctx.at,
        },
        initialOrderState,
      ),
    );
    await appendOrderEvents(ctx, planned.orderId, 0, childEvents);
  }
}

export async function startWork(ctx: OrderContext, orderId: string, version: number, stationId: string): Promise<void> {
  await operatorMustBeSignedInAt(ctx, stationId);
  const loaded = await loadOrderAt(ctx, orderId, version);
  await decideAndAppend(ctx, orderId, loaded, { type: 'StartWork', stationId, at: ctx.at });
}

/**
 * Tells the customer order one of its production orders is done. Two production orders finishing
 * at once both append to the customer order: the second finds it moved on, reads it again (the
 * first's event is committed by then) and decides anew, so the last one always makes it ready.
 */
async function recordDoneOnParent(ctx: OrderContext, parentOrderId: string, productionOrderId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const parent = await loadOrder(ctx, parentOrderId);
    const events = unwrap(decideOrder({ type: 'RecordProductionOrderDone', productionOrderId, at: ctx.at }, parent.state));
    if (events.length === 0) return;
    try {
      await appendOrderEvents(ctx, parentOrderId, parent.version, events);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * Completes work at a station: the order moves on to the next station of the saved sequence, or
 * after the last one to WIP, finished; pieces made for stock go to stock, and the customer order
 * hears of it in the same transaction.
 */
export async function completeWork(ctx: OrderContext, orderId: string, version: number, stationId: string): Promise<void> {
  await operatorMustBeSignedInAt(ctx, stationId);
  const loaded = await loadOrderAt(ctx, orderId, version);
  const line = await productionLineOf(ctx.tx);
  const events = await decideAndAppend(ctx, orderId, loaded, { type: 'CompleteWork', stationId, line, at: ctx.at });
  const finished = events.find((event): event is Extract<OrderEvent, { type: 'ProductionFinished' }> => event.type === 'ProductionFinished');
  if (!finished) return;
  await applyStock(ctx, finished.data.stockAdded, 1);
  if (loaded.state.parentOrderId) await recordDoneOnParent(ctx, loaded.state.parentOrderId, orderId);
}

/**
 * Moves an order to another station (rework, or any station an administrator chooses). An
 * operator does it from the station the order is at, and only to a station they are authorised for.
 */
export async function moveToStation(ctx: OrderContext, orderId: string, version: number, toStationId: string): Promise<void> {
  const loaded = await loadOrder(ctx, orderId);
  const here = loaded.state.location?.stage === 'station' ? loaded.state.location.stationId : null;
  if (ctx.actor.role === 'OPERATOR') {
    if (here) await operatorMustBeSignedInAt(ctx, here);
    if (!(await isAuthorizedForStation(ctx.tx, ctx.actor.userId, toStationId))) {
      throw new DomainError('STATION_NOT_AUTHORIZED', [{ path: 'toStationId', message: 'errors.STATION_NOT_AUTHORIZED' }]);
    }
  }
  if (loaded.version !== version) throw staleOrder();
  const stationExists = (await findStationRow(ctx.tx, toStationId)) !== undefined;
  await decideAndAppend(ctx, orderId, loaded, { type: 'MoveToStation', toStationId, stationExists, at: ctx.at });
}

/** Checks a logistics order's goods in at an incoming-goods station; they go to stock. */
export async function checkIn(ctx: OrderContext, orderId: string, version: number, stationId: string): Promise<void> {
  await operatorMustBeSignedInAt(ctx, stationId);
  const loaded = await loadOrderAt(ctx, orderId, version);
  const station = await findStationRow(ctx.tx, stationId);
  if (!station) throw unknownStation('stationId');
  const events = await decideAndAppend(ctx, orderId, loaded, {
    type: 'CheckIn',
    station: { stationId, incomingGoodsCheckIn: station.incoming_goods_check_in },
    at: ctx.at,
  });
  const checkedIn = events.find((event): event is Extract<OrderEvent, { type: 'OrderCheckedIn' }> => event.type === 'OrderCheckedIn');
  if (checkedIn) await applyStock(ctx, checkedIn.data.stockAdded, 1);
}

/** Sets the shop-floor display's announcement line; recorded on the company's advertisement stream for the live board. */
export async function setAdvertisement(ctx: OrderContext, comment: string): Promise<void> {
  await saveAdvertisement(ctx.tx, ctx.companyId, comment, new Date(ctx.at));
  const event: AdvertisementEvent = { type: 'AdvertisementCommentSet', data: { comment, at: ctx.at } };
  await ctx.eventStore.append(ctx.tx, {
    companyId: ctx.companyId,
    streamId: advertisementStreamId(ctx.companyId),
    streamType: ADVERTISEMENT_STREAM_TYPE,
    expectedVersion: 'any',
    events: [event],
    metadata: ctx.metadata,
  });
}
