import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { MaterialOnHand, NumberedOrder, OrderCommand, ProductionLine, ReportedQuantities } from '../../../domain/orders/order.commands.js';
import { orderDecider, productionPlanOf, quantitiesOf, type OrderState } from '../../../domain/orders/order.decider.js';
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
import { orderNumbersFrom } from '../../../domain/company/company.numbering.js';
import type { MeasureValueInput, OrderForm, OrderKind, OrderStatus, QuantityReportInput } from '../../../domain/orders/order.schema.js';
import type { MaterialValue } from '../../../domain/materials/materials.schema.js';
import { noValueChecks, stationChecksValue } from '../../../domain/stations/station.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, recordEvents, staleCopy, type CommandContext, type HandleOptions } from '../../platform/command.js';
import type { Tx } from '../../platform/db.js';
import { orderNumbering } from '../company/index.js';
import { findClient } from '../clients/index.js';
import { findMaterial, moveStock } from '../materials/index.js';
import { findSequenceRow, findStationRow, isAuthorizedForStation } from '../stations/index.js';
import { activeEntryName } from '../team/index.js';
import { stationOfOperator, type OrderHold, type OrderHoldCheck } from './orders.queries.js';
import './orders.tables.js';

const orderStream = (orderId: string) => ({ id: orderStreamId(orderId), type: ORDER_STREAM_TYPE });

const staleOrder = () => staleCopy('This order was changed meanwhile. Reload it and make your change again.');

/** Another company's order looks absent (row-level security): 404. */
const orderMustExist = ({ state }: { state: OrderState }) => (state.status === 'absent' ? new DomainError('NOT_FOUND') : undefined);

/**
 * A command on the order as the client's copy (of `clientVersion`) saw it: a copy of another
 * version is stale, and so is one overtaken by another writer before the append (409, never a lost move).
 */
const onClientCopy = (clientVersion: number, precondition: HandleOptions<OrderState>['precondition'] = orderMustExist): HandleOptions<OrderState> => ({
  clientVersion,
  precondition,
  conflict: staleOrder,
});

/**
 * Hands out `count` consecutive order numbers of the company and answers the first. The counter
 * row is locked until the transaction ends, so concurrent creators queue and numbers never repeat
 * or skip (a rolled-back creation gives its numbers back).
 */
async function takeOrderNumbers(ctx: CommandContext, count: number): Promise<NumberedOrder[]> {
  // The company's advanced settings: its letters, and a start the counter jumps to when it is higher.
  const { letters, start } = await orderNumbering(ctx.tx, ctx.companyId);
  const { last_number } = await ctx.tx
    .insertInto('order_counters')
    .values({ company_id: ctx.companyId, last_number: start - 1 + count })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({ last_number: sql`greatest(order_counters.last_number, ${start - 1}::integer) + ${count}::integer` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return orderNumbersFrom(last_number - count + 1, count, letters).map((numbered) => ({ orderId: randomUUID(), ...numbered }));
}

async function applyStock(ctx: CommandContext, moves: readonly StockMove[], direction: 1 | -1) {
  await moveStock(
    ctx,
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

/** Whether the order's client is one of the company's (row-level security hides another company's). */
async function clientIsKnown(tx: Tx, clientId: string | null): Promise<boolean> {
  return clientId !== null && (await findClient(tx, clientId)) !== undefined;
}

async function productionLineOf(tx: Tx): Promise<ProductionLine> {
  const saved = await findSequenceRow(tx);
  return { stationIds: saved?.station_ids ?? [], startStationId: saved?.start_station_id ?? null };
}

/**
 * An operator acts at a station only while signed in there (their latest station login) and
 * still authorised for it. Administrators act from the console and are not asked.
 */
async function operatorMustBeSignedInAt(ctx: CommandContext, stationId: string): Promise<DomainError | undefined> {
  if (ctx.actor?.role !== 'OPERATOR') return undefined;
  if ((await stationOfOperator(ctx.tx, ctx.actor.userId)) !== stationId) {
    return new DomainError('STATION_NOT_SIGNED_IN', [{ path: 'stationId', message: 'errors.STATION_NOT_SIGNED_IN' }]);
  }
  if (!(await isAuthorizedForStation(ctx.tx, ctx.actor.userId, stationId))) return new DomainError('STATION_NOT_AUTHORIZED');
  return undefined;
}

/** A command an operator gives at a station: asked before the order is (the order's absence next). */
const atStation =
  (ctx: CommandContext, stationId: string) =>
  async (loaded: { state: OrderState }): Promise<DomainError | undefined> =>
    (await operatorMustBeSignedInAt(ctx, stationId)) ?? orderMustExist(loaded);

/**
 * An order with an open non-conformance report (docs/quality-and-lots.md): held, its pieces stay where
 * they are (no move, no completion); in rework, it may move but completes only once measured again.
 */
function holdRefuses(hold: OrderHold | undefined, action: 'move' | 'complete'): DomainError | undefined {
  if (!hold) return undefined;
  const code = hold.status === 'held' ? 'ORDER_ON_HOLD' : action === 'complete' ? 'ORDER_AWAITS_REMEASUREMENT' : undefined;
  return code ? new DomainError(code, [{ path: 'orderId', message: `errors.${code}`, params: { ncr: hold.number } }]) : undefined;
}

const eventOf = <Type extends OrderEvent['type']>(events: readonly OrderEvent[], type: Type) =>
  events.find((event): event is Extract<OrderEvent, { type: Type }> => event.type === type);

/** Creates an order with the company's next number; answers its id. */
export async function createOrder(ctx: CommandContext, kind: OrderKind, form: OrderForm): Promise<string> {
  const materials = await materialsOnHand(
    ctx.tx,
    form.positions.map((p) => p.materialId),
  );
  const clientFound = await clientIsKnown(ctx.tx, form.clientId);
  const [order] = await takeOrderNumbers(ctx, 1);
  await handleCommand(ctx, orderDecider, orderStream(order.orderId), { type: 'CreateOrder', order, kind, form, materials, clientFound, at: ctx.at });
  return order.orderId;
}

export async function changeOrder(ctx: CommandContext, orderId: string, form: OrderForm, version: number): Promise<void> {
  await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    async (): Promise<OrderCommand> => ({
      type: 'ChangeOrder',
      form,
      materials: await materialsOnHand(
        ctx.tx,
        form.positions.map((p) => p.materialId),
      ),
      clientFound: await clientIsKnown(ctx.tx, form.clientId),
      at: ctx.at,
    }),
    onClientCopy(version),
  );
}

/** The actions that need nothing but the version and the status machine. */
export type PlainOrderCommand = Extract<
  OrderCommand['type'],
  'PlaceOrder' | 'MarkReadyToUse' | 'MarkReadyToDispatch' | 'Dispatch' | 'Deliver' | 'Finish' | 'Cancel'
>;

export async function runPlainAction(ctx: CommandContext, orderId: string, version: number, type: PlainOrderCommand): Promise<void> {
  await handleCommand(ctx, orderDecider, orderStream(orderId), { type, at: ctx.at }, onClientCopy(version));
}

/**
 * Starts production. A customer order makes one production order per material to be made (each
 * numbered, linked both ways, entering the line at the start station) and takes its use-inventory
 * positions from stock; a production order of its own enters the line. All in one transaction.
 */
export async function startProduction(ctx: CommandContext, orderId: string, version: number): Promise<void> {
  const line = await productionLineOf(ctx.tx);
  let productionOrders: NumberedOrder[] = [];
  const { events, before } = await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    async (state): Promise<OrderCommand> => {
      let materials: MaterialOnHand[] = [];
      if (state.status !== 'absent' && state.kind === 'customer' && actionAllowed(state.kind, state.status, 'start-production')) {
        const plan = productionPlanOf(state);
        if (plan.length > 0 && line.startStationId) productionOrders = await takeOrderNumbers(ctx, plan.length);
        materials = await materialsOnHand(
          ctx.tx,
          state.positions.filter((p) => p.useInventory).map((p) => p.materialId),
        );
      }
      return { type: 'StartProduction', line, productionOrders, materials, at: ctx.at };
    },
    onClientCopy(version),
  );
  const started = eventOf(events, 'ProductionStarted');
  if (!started || before.status === 'absent') return;
  await applyStock(ctx, started.data.takenFromStock, -1);
  for (const [index, planned] of started.data.productionOrders.entries()) {
    const command: OrderCommand = {
      type: 'CreateProductionOrder',
      order: productionOrders[index],
      parent: { orderId, details: before.details, stockOrder: before.details.stockOrder },
      positions: before.positions.filter((p) => p.materialId === planned.materialId && !p.useInventory),
      startStationId: line.startStationId as string,
      at: ctx.at,
    };
    await handleCommand(ctx, orderDecider, orderStream(planned.orderId), command);
  }
}

export async function startWork(ctx: CommandContext, orderId: string, version: number, stationId: string): Promise<void> {
  await handleCommand(ctx, orderDecider, orderStream(orderId), { type: 'StartWork', stationId, at: ctx.at }, onClientCopy(version, atStation(ctx, stationId)));
}

/** What a completion reports, as the route took it; absent, or nothing but zeros without `good`: every piece is good. */
const reportsQuantities = (report: QuantityReportInput | undefined): report is QuantityReportInput =>
  report !== undefined && (report.good !== undefined || report.scrap > 0 || report.rework > 0);

/** The report with the names of its reasons (null: no active entry of that id) and whether its rework station exists. */
async function quantitiesOfReport(tx: Tx, report: QuantityReportInput): Promise<ReportedQuantities> {
  const nameOf = async (list: 'scrapReasons' | 'reworkReasons', id: string | null) => (id ? ((await activeEntryName(tx, list, id)) ?? null) : null);
  return {
    ...(report.good !== undefined ? { good: report.good } : {}),
    scrap: report.scrap,
    rework: report.rework,
    scrapReasonId: report.scrapReasonId,
    scrapReason: await nameOf('scrapReasons', report.scrapReasonId),
    reworkReasonId: report.reworkReasonId,
    reworkReason: await nameOf('reworkReasons', report.reworkReasonId),
    reworkStationId: report.reworkStationId,
    reworkStationExists: report.reworkStationId ? (await findStationRow(tx, report.reworkStationId)) !== undefined : false,
  };
}

/**
 * Completes work at a station with the pieces reported (docs/orders.md, Quantities): every piece
 * reported, the order moves on with its good pieces to the next station of the saved sequence, or
 * after the last one to WIP, finished; fewer, the good ones go on as a split order and the rest stays.
 * Rework goes to its station as a split order. Pieces made for stock go to stock, and the customer
 * order hears of new and finished production orders, all in the same transaction.
 */
export async function completeWork(
  ctx: CommandContext,
  holdOf: OrderHoldCheck,
  orderId: string,
  version: number,
  stationId: string,
  reason?: string,
  report?: QuantityReportInput,
): Promise<void> {
  const line = await productionLineOf(ctx.tx);
  const {
    events,
    before,
    state: after,
  } = await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    async (state): Promise<OrderCommand> => {
      // The values of the order's materials this station checks: one not measured needs the reason too.
      const checks = (await findStationRow(ctx.tx, stationId))?.value_checks ?? noValueChecks;
      const values = checks.mode === 'none' ? [] : await valuesOfOrderMaterials(ctx.tx, state);
      const checkedValues = values.filter((value) => stationChecksValue(checks, value.name)).map((value) => value.name);
      return {
        type: 'CompleteWork',
        stationId,
        line,
        checkedValues,
        reason,
        userId: ctx.actor?.userId,
        ...(reportsQuantities(report) ? { quantities: await quantitiesOfReport(ctx.tx, report) } : {}),
        splitOrderIds: [randomUUID(), randomUUID()],
        at: ctx.at,
      };
    },
    onClientCopy(version, async (loaded) => (await atStation(ctx, stationId)(loaded)) ?? holdRefuses(await holdOf(ctx.tx, orderId), 'complete')),
  );
  if (before.status === 'absent') return;
  const customerOrderId = before.parentOrderId;
  const tellCustomerOrder = async (command: OrderCommand) => {
    if (!customerOrderId) return;
    // Two production orders reporting at once both append to the customer order: the second reads it again and decides anew.
    await handleCommand(ctx, orderDecider, orderStream(customerOrderId), command, { precondition: orderMustExist, retriesOnConflict: 4 });
  };
  for (const split of events.filter((event): event is Extract<OrderEvent, { type: 'OrderSplit' }> => event.type === 'OrderSplit')) {
    const { childOrderId, childOrderNumber, quantity, toStationId } = split.data;
    const made = await handleCommand(ctx, orderDecider, orderStream(childOrderId), {
      type: 'CreateSplitOrder',
      order: { orderId: childOrderId, orderNumber: childOrderNumber },
      parent: before,
      quantity,
      toStationId,
      at: ctx.at,
    });
    await tellCustomerOrder({
      type: 'RecordProductionOrderAdded',
      productionOrder: { orderId: childOrderId, orderNumber: childOrderNumber, materialId: before.positions[0]?.materialId ?? '', quantity },
      splitFromOrderId: orderId,
      at: ctx.at,
    });
    const childFinished = eventOf(made.events, 'ProductionFinished');
    if (childFinished) {
      await applyStock(ctx, childFinished.data.stockAdded, 1);
      await tellCustomerOrder({ type: 'RecordProductionOrderDone', productionOrderId: childOrderId, good: quantity, at: ctx.at });
    }
  }
  const finished = eventOf(events, 'ProductionFinished');
  if (!finished) return;
  await applyStock(ctx, finished.data.stockAdded, 1);
  // Its good pieces are what the customer order can ship (docs/shipments.md "Partial shipments").
  const good = after.status === 'absent' ? undefined : quantitiesOf(after)?.good;
  await tellCustomerOrder({ type: 'RecordProductionOrderDone', productionOrderId: orderId, good, at: ctx.at });
}

/** The values of the order's materials as they are now, each name once (the first material's wins). */
async function valuesOfOrderMaterials(tx: Tx, state: OrderState): Promise<MaterialValue[]> {
  if (state.status === 'absent') return [];
  const values: MaterialValue[] = [];
  for (const materialId of new Set(state.positions.map((position) => position.materialId))) {
    const material = await findMaterial(tx, materialId);
    for (const value of material?.values ?? []) {
      if (!values.some((known) => known.name.toLocaleLowerCase() === value.name.toLocaleLowerCase())) values.push(value);
    }
  }
  return values;
}

/**
 * An operator signed in at the station measures a value of the order's material that the station
 * checks, while work on the order is started there (docs/orders.md, Measured values).
 */
export async function measureValue(ctx: CommandContext, orderId: string, input: MeasureValueInput): Promise<void> {
  await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    async (state): Promise<OrderCommand> => {
      const station = await findStationRow(ctx.tx, input.stationId);
      return {
        type: 'MeasureValue',
        stationId: input.stationId,
        checks: station?.value_checks ?? noValueChecks,
        values: await valuesOfOrderMaterials(ctx.tx, state),
        valueName: input.valueName,
        measured: input.measured,
        measuredBy: ctx.actor?.userId ?? '',
        at: ctx.at,
      };
    },
    onClientCopy(input.version, atStation(ctx, input.stationId)),
  );
}

/**
 * Runs a station's "set the order status" action after a completion there (a job, after the
 * commit): the machine's rules apply, a refusal is recorded on the order. `trigger` names the
 * completion and the action, so a retried job appends nothing twice.
 */
export async function applyStatusAction(ctx: CommandContext, orderId: string, action: { stationId: string; status: OrderStatus; trigger: string }) {
  await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    { type: 'ApplyStatusAction', ...action, at: ctx.at },
    { precondition: orderMustExist, retriesOnConflict: 4 },
  );
}

/**
 * Moves an order to another station (rework, or any station an administrator chooses). An
 * operator does it from the station the order is at, and only to a station they are authorised for;
 * that is asked before the copy's version.
 */
export async function moveToStation(ctx: CommandContext, holdOf: OrderHoldCheck, orderId: string, version: number, toStationId: string): Promise<void> {
  const operatorMayMove = async ({ state }: { state: OrderState }) => {
    if (state.status === 'absent') return new DomainError('NOT_FOUND');
    const held = holdRefuses(await holdOf(ctx.tx, orderId), 'move');
    if (held) return held;
    if (ctx.actor?.role !== 'OPERATOR') return undefined;
    const here = state.location?.stage === 'station' ? state.location.stationId : null;
    const notHere = here ? await operatorMustBeSignedInAt(ctx, here) : undefined;
    if (notHere) return notHere;
    if (!(await isAuthorizedForStation(ctx.tx, ctx.actor.userId, toStationId))) {
      return new DomainError('STATION_NOT_AUTHORIZED', [{ path: 'toStationId', message: 'errors.STATION_NOT_AUTHORIZED' }]);
    }
    return undefined;
  };
  await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    async (): Promise<OrderCommand> => ({
      type: 'MoveToStation',
      toStationId,
      stationExists: (await findStationRow(ctx.tx, toStationId)) !== undefined,
      at: ctx.at,
    }),
    onClientCopy(version, operatorMayMove),
  );
}

/** Checks a logistics order's goods in at an incoming-goods station; they go to stock. */
export async function checkIn(ctx: CommandContext, orderId: string, version: number, stationId: string): Promise<void> {
  const { events } = await handleCommand(
    ctx,
    orderDecider,
    orderStream(orderId),
    async (): Promise<OrderCommand> => {
      const station = await findStationRow(ctx.tx, stationId);
      if (!station) throw new DomainError('VALIDATION_ERROR', [{ path: 'stationId', message: 'stations.validation.unknownStation' }]);
      return { type: 'CheckIn', station: { stationId, incomingGoodsCheckIn: station.incoming_goods_check_in }, at: ctx.at };
    },
    onClientCopy(version, atStation(ctx, stationId)),
  );
  const checkedIn = eventOf(events, 'OrderCheckedIn');
  if (checkedIn) await applyStock(ctx, checkedIn.data.stockAdded, 1);
}

/** What a shipment does to one of its orders (docs/shipments.md): given by the shipment handler only. */
export type ShipmentOrderCommand = Extract<
  OrderCommand,
  { type: 'AssignToShipment' | 'Release' | 'LeaveShipment' | 'MarkReadyToDispatch' | 'Dispatch' | 'Deliver' }
>;

/**
 * Moves an order with its shipment, in the shipment command's transaction, on the order as it is
 * now: another writer on the order in between makes the whole shipment command a conflict (409),
 * so the order and its shipment never disagree.
 */
export async function followShipment(ctx: CommandContext, orderId: string, command: ShipmentOrderCommand): Promise<void> {
  await handleCommand(ctx, orderDecider, orderStream(orderId), command, { precondition: orderMustExist });
}

/** Sets the shop-floor display's announcement line; recorded on the company's advertisement stream for the live board. */
export async function setAdvertisement(ctx: CommandContext, comment: string): Promise<void> {
  await ctx.tx
    .insertInto('order_advertisements')
    .values({ company_id: ctx.companyId, comment, updated_at: ctx.now })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ comment, updated_at: ctx.now }))
    .execute();
  const event: AdvertisementEvent = { type: 'AdvertisementCommentSet', data: { comment, at: ctx.at } };
  await recordEvents(ctx, { id: advertisementStreamId(ctx.companyId), type: ADVERTISEMENT_STREAM_TYPE }, [event]);
}
