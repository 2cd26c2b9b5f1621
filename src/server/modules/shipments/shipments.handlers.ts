import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { NumberedShipment, OrderOnHand, ShipmentCommand } from '../../../domain/shipments/shipment.commands.js';
import { orderMovesOf, shipmentDecider, type OrderMove, type ShipmentState } from '../../../domain/shipments/shipment.decider.js';
import { SHIPMENT_STREAM_TYPE, shipmentStreamId, type ShipmentAttachment, type ShipmentEvent } from '../../../domain/shipments/shipment.events.js';
import { shipmentLinesOf, type ShipmentForm } from '../../../domain/shipments/shipment.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, staleCopy, type CommandContext, type HandleOptions } from '../../platform/command.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { followShipment, orderSummariesOf, type ShipmentOrderCommand } from '../orders/index.js';
import { carrierOnHand } from './carriers.queries.js';
import type { ReceivedAttachment } from './shipment-attachment.files.js';
import './shipments.tables.js';

const shipmentStream = (shipmentId: string) => ({ id: shipmentStreamId(shipmentId), type: SHIPMENT_STREAM_TYPE });

const staleShipment = () => staleCopy('This shipment was changed meanwhile. Reload it and make your change again.');

/** Another company's shipment looks absent (row-level security): 404. */
const shipmentMustExist = ({ state }: { state: ShipmentState }) => (state.status === 'absent' ? new DomainError('SHIPPING_ORDER_NOT_FOUND') : undefined);

/** The read model's rule "one open shipment per order" refused a concurrent assignment of the same order. */
const orderTakenMeanwhile = (error: unknown) =>
  isUniqueViolation(error, 'shipment_orders_one_open_per_order')
    ? new DomainError('ORDER_ALREADY_IN_SHIPMENT', [{ path: 'orderIds', message: 'errors.ORDER_ALREADY_IN_SHIPMENT' }])
    : undefined;

/** A command on the shipment as the client's copy (of `clientVersion`) saw it: another version is stale (409). */
const onClientCopy = (clientVersion: number): HandleOptions<ShipmentState> => ({
  clientVersion,
  precondition: shipmentMustExist,
  conflict: staleShipment,
  translateError: orderTakenMeanwhile,
});

/** `S` and the consecutive number, six digits at least: `S000042`. */
export const formatShipmentNumber = (number: number) => `S${String(number).padStart(6, '0')}`;

/** Hands out the company's next shipment number; the counter row stays locked until the transaction ends, so numbers never repeat. */
async function takeShipmentNumber(ctx: CommandContext): Promise<NumberedShipment> {
  const { last_number } = await ctx.tx
    .insertInto('shipment_counters')
    .values({ company_id: ctx.companyId, last_number: 1 })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ last_number: sql`shipment_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return { shipmentId: randomUUID(), number: last_number, shipmentNumber: formatShipmentNumber(last_number) };
}

/** The orders the form names as the company has them (absent: unknown or another company's). */
async function ordersOnHand(ctx: CommandContext, orderIds: readonly string[]): Promise<OrderOnHand[]> {
  const found = await orderSummariesOf(ctx.tx, orderIds);
  return found.map(({ shipmentId, ...order }) => ({ ...order, openShipmentId: shipmentId }));
}

const orderIdsOf = (form: ShipmentForm) => shipmentLinesOf(form).map((line) => line.orderId);

const orderCommandOf: Record<OrderMove['move'], ShipmentOrderCommand['type']> = {
  'ready-to-dispatch': 'MarkReadyToDispatch',
  dispatch: 'Dispatch',
  deliver: 'Deliver',
  release: 'Release',
};

/**
 * The orders follow the shipment, in the same transaction: orders put in are assigned first, then
 * every order moves with the shipment's status (orderMovesOf), then orders taken out (or of a
 * canceled shipment) leave it. Within each step the orders go by id, so two commands on
 * overlapping orders lock them in the same order and never deadlock.
 */
async function ordersFollow(ctx: CommandContext, shipmentId: string, before: ShipmentState, events: readonly ShipmentEvent[]) {
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const assigned = events.flatMap((event) => (event.type === 'ShipmentOrderAssigned' ? [event.data.order] : [])).sort((a, b) => byId(a.orderId, b.orderId));
  const left = events
    .flatMap((event) => (event.type === 'ShipmentOrderReleased' ? [event.data.orderId] : event.type === 'ShipmentCanceled' ? event.data.orderIds : []))
    .sort(byId);
  const moves = orderMovesOf(before, events).sort((a, b) => byId(a.orderId, b.orderId));
  const at = ctx.at;
  for (const { orderId, quantity } of assigned) await followShipment(ctx, orderId, { type: 'AssignToShipment', shipmentId, quantity, at });
  for (const { orderId, move } of moves) await followShipment(ctx, orderId, { type: orderCommandOf[move], shipmentId, at });
  for (const orderId of left) await followShipment(ctx, orderId, { type: 'LeaveShipment', shipmentId, at });
}

/**
 * PostgreSQL ended the transaction to break a deadlock: two shipment commands naming the same
 * orders in opposite order (the form's order) each held one the other needed. It rolled back whole,
 * so it is a conflict like any other writer in between (409), never a server error.
 */
const isDeadlock = (error: unknown) => (error as { code?: unknown } | null)?.code === '40P01';

/** Runs a shipment command and moves its orders with it, all in the context's transaction. */
async function decideAndFollow(
  ctx: CommandContext,
  shipmentId: string,
  command: ShipmentCommand | ((state: ShipmentState) => Promise<ShipmentCommand>),
  options: HandleOptions<ShipmentState>,
): Promise<void> {
  try {
    const { events, before } = await handleCommand(ctx, shipmentDecider, shipmentStream(shipmentId), command, options);
    await ordersFollow(ctx, shipmentId, before, events);
  } catch (error) {
    if (isDeadlock(error)) throw staleShipment();
    throw error;
  }
}

/**
 * The master-data carrier the form names, as the company has it (null when typed; null too when
 * unknown, another company's or retired, which the decider refuses). A shipment being edited may
 * keep the retired carrier it has.
 */
async function carrierOf(ctx: CommandContext, form: ShipmentForm, keptCarrierId: string | null = null) {
  return form.deliveredBy.source === 'master-data' ? carrierOnHand(ctx.tx, form.deliveredBy.carrierId, keptCarrierId) : null;
}

/** Creates a shipment of customer orders' ready pieces (all of one customer, none in another open shipment); answers its id. */
export async function createShipment(ctx: CommandContext, form: ShipmentForm): Promise<string> {
  const orders = await ordersOnHand(ctx, orderIdsOf(form));
  const carrier = await carrierOf(ctx, form);
  const shipment = await takeShipmentNumber(ctx);
  await decideAndFollow(
    ctx,
    shipment.shipmentId,
    { type: 'CreateShipment', shipment, form, orders, carrier, at: ctx.at },
    { translateError: orderTakenMeanwhile },
  );
  return shipment.shipmentId;
}

/** Changes the form (details and orders) of a shipment not yet Sent; orders taken out go back, orders put in join it. */
export async function changeShipment(ctx: CommandContext, shipmentId: string, form: ShipmentForm, version: number): Promise<void> {
  await decideAndFollow(
    ctx,
    shipmentId,
    async (state): Promise<ShipmentCommand> => ({
      type: 'ChangeShipment',
      form,
      orders: await ordersOnHand(ctx, orderIdsOf(form)),
      carrier: await carrierOf(ctx, form, state.status === 'absent' ? null : state.details.carrier.carrierId),
      at: ctx.at,
    }),
    onClientCopy(version),
  );
}

/** The transitions that need nothing but the version: the orders move with the shipment. */
export type ShipmentTransition = Extract<ShipmentCommand['type'], 'MarkReadyToDispatch' | 'Dispatch' | 'Deliver' | 'Cancel'>;

export async function runTransition(ctx: CommandContext, shipmentId: string, version: number, type: ShipmentTransition): Promise<void> {
  await decideAndFollow(ctx, shipmentId, { type, at: ctx.at }, onClientCopy(version));
}

/**
 * Records an attachment whose bytes were received already; they are moved into place inside the
 * transaction, so a refusal (or a failed commit, which the caller handles) leaves nothing behind.
 */
export async function addAttachment(ctx: CommandContext, shipmentId: string, received: ReceivedAttachment, fileName: string): Promise<void> {
  const attachment: ShipmentAttachment = { attachmentId: received.attachmentId, fileName, contentType: received.contentType, size: received.size };
  await handleCommand(
    ctx,
    shipmentDecider,
    shipmentStream(shipmentId),
    { type: 'AddAttachment', attachment, at: ctx.at },
    {
      precondition: shipmentMustExist,
      conflict: staleShipment,
      retriesOnConflict: 2,
    },
  );
  await received.keep();
}

/** Removes an attachment on the client's copy; the file goes once the transaction has committed. */
export async function removeAttachment(ctx: CommandContext, shipmentId: string, attachmentId: string, version: number, removeFile: () => Promise<void>) {
  await handleCommand(ctx, shipmentDecider, shipmentStream(shipmentId), { type: 'RemoveAttachment', attachmentId, at: ctx.at }, onClientCopy(version));
  ctx.afterCommit(removeFile);
}
