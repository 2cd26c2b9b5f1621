import { shipmentEvents } from './shipment.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError, type ErrorDetail } from '../shared/errors.js';
import type { CarrierOnHand, OrderOnHand, ShipmentCommand } from './shipment.commands.js';
import type { ShipmentAttachment, ShipmentCarrier, ShipmentDetails, ShipmentEvent, ShippedOrder } from './shipment.events.js';
import {
  shipmentLimits,
  shipmentLinesOf,
  TRACKING_ID_PLACEHOLDER,
  type DeliveredBy,
  type ShipmentForm,
  type ShipmentLine,
  type ShipmentStatus,
} from './shipment.schema.js';

/** A shipment as its events made it. */
export interface Shipment {
  shipmentId: string;
  number: number;
  shipmentNumber: string;
  customerName: string;
  details: ShipmentDetails;
  /** The orders in the shipment; a canceled shipment keeps those it held, for its history. */
  orders: ShippedOrder[];
  attachments: ShipmentAttachment[];
  createdAt: string;
  updatedAt: string;
}

export type ShipmentState = { status: 'absent' } | (Shipment & { status: ShipmentStatus });
export type LiveShipmentState = Exclude<ShipmentState, { status: 'absent' }>;

export const initialShipmentState: ShipmentState = { status: 'absent' };

/** What users do to a shipment: `POST /api/shipments/{id}/{action}` (the names the order actions use). */
export const shipmentActions = ['ready-to-dispatch', 'dispatch', 'deliver', 'cancel'] as const;
export type ShipmentAction = (typeof shipmentActions)[number];

/** The status machine: the statuses an action is allowed from and the status it leads to. docs/shipments.md draws the same table. */
export const shipmentTransitions: Record<ShipmentAction, { from: readonly ShipmentStatus[]; to: ShipmentStatus }> = {
  'ready-to-dispatch': { from: ['open'], to: 'ready-for-dispatch' },
  dispatch: { from: ['ready-for-dispatch'], to: 'sent' },
  deliver: { from: ['sent'], to: 'delivered' },
  cancel: { from: ['open', 'ready-for-dispatch'], to: 'canceled' },
};

/** Statuses in which the form and the attachments may still be changed. */
export const editableShipmentStatuses: readonly ShipmentStatus[] = ['open', 'ready-for-dispatch'];

/** Statuses in which a shipment holds its orders: an order sits in at most one such shipment. */
export const openShipmentStatuses: readonly ShipmentStatus[] = ['open', 'ready-for-dispatch'];

const touched = (state: LiveShipmentState, at: string, changes: Partial<LiveShipmentState>): ShipmentState => ({ ...state, ...changes, updatedAt: at });

/** Folds one event into the shipment. Pure: the browser replays history with it. */
export function evolveShipment(state: ShipmentState, event: ShipmentEvent): ShipmentState {
  if (event.type === 'ShipmentCreated') {
    const { at, ...created } = event.data;
    return { status: 'open', ...created, orders: [], attachments: [], createdAt: at, updatedAt: at };
  }
  if (state.status === 'absent') return state;
  const at = event.data.at;
  switch (event.type) {
    case 'ShipmentChanged':
      return touched(state, at, { details: event.data.details });
    case 'ShipmentOrderAssigned':
      return touched(state, at, { orders: [...state.orders, event.data.order] });
    case 'ShipmentOrderReleased':
      return touched(state, at, { orders: state.orders.filter((order) => order.orderId !== event.data.orderId) });
    case 'ShipmentMarkedReadyForDispatch':
      return touched(state, at, { status: 'ready-for-dispatch' });
    case 'ShipmentSent':
      return touched(state, at, { status: 'sent' });
    case 'ShipmentDelivered':
      return touched(state, at, { status: 'delivered' });
    case 'ShipmentCanceled':
      return touched(state, at, { status: 'canceled' });
    case 'ShipmentAttachmentAdded':
      return touched(state, at, { attachments: [...state.attachments, event.data.attachment] });
    case 'ShipmentAttachmentRemoved':
      return touched(state, at, { attachments: state.attachments.filter((attachment) => attachment.attachmentId !== event.data.attachmentId) });
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** An action is allowed only from the statuses the machine names (ORDER_TRANSITION_NOT_ALLOWED: a shipping order is an order). */
export const shipmentTransitionIsAllowed = (state: LiveShipmentState, action: ShipmentAction): DomainError | null =>
  shipmentTransitions[action].from.includes(state.status)
    ? null
    : new DomainError('ORDER_TRANSITION_NOT_ALLOWED', [{ path: '', message: 'errors.ORDER_TRANSITION_NOT_ALLOWED', params: { status: state.status, action } }]);

/** A shipment in status Sent cannot be edited (spec section 4); nor, once delivered or canceled, any more. */
export function shipmentMustBeEditable(state: LiveShipmentState): DomainError | null {
  if (editableShipmentStatuses.includes(state.status)) return null;
  if (state.status === 'sent') return new DomainError('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE');
  return new DomainError('ORDER_NOT_EDITABLE', [{ path: '', message: 'errors.ORDER_NOT_EDITABLE', params: { status: state.status } }]);
}

/** Who the orders are for, compared without case and extra spaces (orders name their customer, they carry no customer id). */
export const customerKeyOf = (customerName: string) => customerName.trim().replace(/\s+/g, ' ').toLowerCase();

const orderProblem = (index: number, message: string, params: Record<string, string | number>): ErrorDetail => ({ path: `orderIds.${index}`, message, params });

/** Every order the form names is an order of the company (another company's is as unknown as a made-up id). */
export function assignedOrdersExist(orderIds: readonly string[], orders: readonly OrderOnHand[]): DomainError | null {
  const known = new Set(orders.map((order) => order.orderId));
  const unknown = orderIds.flatMap((orderId, index) => (known.has(orderId) ? [] : [orderProblem(index, 'shipments.validation.unknownOrder', { orderId })]));
  return unknown.length ? new DomainError('INVALID_ORDER_ID', unknown) : null;
}

/** Only customer orders are shipped (production and logistics orders stay in the house). */
export function assignedOrdersAreCustomerOrders(assigned: readonly OrderOnHand[]): DomainError | null {
  const others = assigned.flatMap((order, index) =>
    order.kind === 'customer' ? [] : [orderProblem(index, 'shipments.validation.notCustomerOrder', { orderNumber: order.orderNumber, kind: order.kind })],
  );
  return others.length ? new DomainError('VALIDATION_ERROR', others) : null;
}

/** One shipment goes to one customer: every order is for `customerName` (the shipment's, or the first order's when creating). */
export function assignedOrdersOfOneCustomer(assigned: readonly OrderOnHand[], customerName: string): DomainError | null {
  const customer = customerKeyOf(customerName);
  const others = assigned.flatMap((order, index) =>
    customerKeyOf(order.customerName) === customer
      ? []
      : [
          orderProblem(index, 'shipments.validation.otherCustomer', {
            orderNumber: order.orderNumber,
            customerName: order.customerName,
            expected: customerName,
          }),
        ],
  );
  return others.length ? new DomainError('SHIPMENT_ORDERS_OF_DIFFERENT_CUSTOMERS', others) : null;
}

/** Ready to ship: all made (Ready to ship), or some pieces ready while the rest is still in production. */
const isShippable = (order: OrderOnHand) => order.status === 'ready-to-ship' || (order.status === 'in-progress' && order.readyQuantity > 0);

/** An order joins a shipment only when it is shippable (orders already in this shipment have moved on with it). */
export function assignedOrdersReadyToShip(assigned: readonly OrderOnHand[], alreadyIn: ReadonlySet<string>): DomainError | null {
  const notReady = assigned.flatMap((order, index) =>
    alreadyIn.has(order.orderId) || isShippable(order)
      ? []
      : [orderProblem(index, 'shipments.validation.orderNotReadyToShip', { orderNumber: order.orderNumber, status: order.status })],
  );
  return notReady.length ? new DomainError('ORDER_NOT_READY_TO_SHIP', notReady) : null;
}

/** One order sits in at most one open shipment. */
export function assignedOrdersInNoOtherShipment(assigned: readonly OrderOnHand[], shipmentId: string): DomainError | null {
  const taken = assigned.flatMap((order, index) =>
    order.openShipmentId === null || order.openShipmentId === shipmentId
      ? []
      : [orderProblem(index, 'shipments.validation.orderInOtherShipment', { orderNumber: order.orderNumber, shipmentId: order.openShipmentId })],
  );
  return taken.length ? new DomainError('ORDER_ALREADY_IN_SHIPMENT', taken) : null;
}

/**
 * A line takes at most the order's ready pieces; an order already in this shipment keeps the pieces
 * it went in with (take it out and save first to change them): 400 on `orders.N.quantity`.
 */
export function assignedQuantitiesWithinReady(
  lines: readonly ShipmentLine[],
  assigned: readonly OrderOnHand[],
  held: ReadonlyMap<string, ShippedOrder>,
): DomainError | null {
  const problems = lines.flatMap((line, index): ErrorDetail[] => {
    const order = assigned[index];
    const path = `orders.${index}.quantity`;
    if (line.quantity === null) return [];
    const heldLine = held.get(line.orderId);
    if (heldLine) {
      return heldLine.quantity === undefined || heldLine.quantity === line.quantity
        ? []
        : [{ path, message: 'shipments.validation.quantityFixed', params: { orderNumber: order.orderNumber, quantity: heldLine.quantity } }];
    }
    return line.quantity <= order.readyQuantity
      ? []
      : [{ path, message: 'shipments.validation.quantityAboveReady', params: { orderNumber: order.orderNumber, ready: order.readyQuantity } }];
  });
  return problems.length ? new DomainError('VALIDATION_ERROR', problems) : null;
}

/** A carrier chosen from master data must be one of the company's. */
export function carrierIsKnown(deliveredBy: DeliveredBy, carrier: CarrierOnHand | null): DomainError | null {
  if (deliveredBy.source === 'typed' || carrier?.carrierId === deliveredBy.carrierId) return null;
  return new DomainError('VALIDATION_ERROR', [
    { path: 'deliveredBy.carrierId', message: 'shipments.validation.unknownCarrier', params: { carrierId: deliveredBy.carrierId } },
  ]);
}

/** An attachment is a PDF, PNG or JPEG (the type checked from its bytes) of at most `shipmentLimits.attachmentBytes`, at most `shipmentLimits.attachments` per shipment. */
export function attachmentIsAccepted(state: LiveShipmentState, attachment: ShipmentAttachment): DomainError | null {
  if (attachment.size > shipmentLimits.attachmentBytes) {
    return new DomainError('PAYLOAD_TOO_LARGE', [{ path: 'file', message: 'errors.PAYLOAD_TOO_LARGE', params: { max: shipmentLimits.attachmentBytes } }]);
  }
  if (state.attachments.length >= shipmentLimits.attachments) {
    return new DomainError('VALIDATION_ERROR', [{ path: 'attachments', message: 'validation.maxItems', params: { max: shipmentLimits.attachments } }]);
  }
  return null;
}

/** The tracking link a template makes for a tracking ID ('' without either). */
export const trackingLinkFrom = (template: string | null, trackingId: string): string =>
  template && trackingId ? template.split(TRACKING_ID_PLACEHOLDER).join(encodeURIComponent(trackingId)) : '';

/** The form's details as the shipment keeps them: the carrier's name copied in, the link filled from its template when left empty. */
function detailsOf(form: ShipmentForm, carrier: CarrierOnHand | null): ShipmentDetails {
  const chosen: ShipmentCarrier =
    form.deliveredBy.source === 'typed' ? { carrierId: null, name: form.deliveredBy.name } : { carrierId: carrier!.carrierId, name: carrier!.name };
  const link = form.link || (form.deliveredBy.source === 'master-data' ? trackingLinkFrom(carrier!.trackingLinkTemplate, form.trackingId) : '');
  return { carrier: chosen, trackingId: form.trackingId, link, shippingDate: form.shippingDate };
}

/** The orders the form names, in its order, each with the pieces it ships (a new one: those asked for, or all ready), or why they cannot go into this shipment. */
function assignedOrdersOf(
  form: ShipmentForm,
  orders: readonly OrderOnHand[],
  shipment: { shipmentId: string; customerName: string | null; held: ReadonlyMap<string, ShippedOrder> },
): ShippedOrder[] | DomainError {
  const lines = shipmentLinesOf(form);
  const unknown = assignedOrdersExist(
    lines.map((line) => line.orderId),
    orders,
  );
  if (unknown) return unknown;
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const assigned = lines.map((line) => byId.get(line.orderId)!);
  const refused =
    assignedOrdersAreCustomerOrders(assigned) ??
    assignedOrdersOfOneCustomer(assigned, shipment.customerName ?? assigned[0].customerName) ??
    assignedOrdersReadyToShip(assigned, new Set(shipment.held.keys())) ??
    assignedOrdersInNoOtherShipment(assigned, shipment.shipmentId) ??
    assignedQuantitiesWithinReady(lines, assigned, shipment.held);
  if (refused) return refused;
  return assigned.map(
    (order, index): ShippedOrder =>
      shipment.held.get(order.orderId) ?? { orderId: order.orderId, orderNumber: order.orderNumber, quantity: lines[index].quantity ?? order.readyQuantity },
  );
}

const sameDetails = (a: ShipmentDetails, b: ShipmentDetails) =>
  a.carrier.carrierId === b.carrier.carrierId &&
  a.carrier.name === b.carrier.name &&
  a.trackingId === b.trackingId &&
  a.link === b.link &&
  a.shippingDate === b.shippingDate;

function createShipment(command: Extract<ShipmentCommand, { type: 'CreateShipment' }>): ShipmentEvent[] | DomainError {
  const { shipmentId, number, shipmentNumber } = command.shipment;
  const unknownCarrier = carrierIsKnown(command.form.deliveredBy, command.carrier);
  if (unknownCarrier) return unknownCarrier;
  const assigned = assignedOrdersOf(command.form, command.orders, { shipmentId, customerName: null, held: new Map() });
  if (assigned instanceof DomainError) return assigned;
  const at = command.at;
  const customerName = command.orders.find((order) => order.orderId === assigned[0].orderId)!.customerName;
  return [
    { type: 'ShipmentCreated', data: { shipmentId, number, shipmentNumber, customerName, details: detailsOf(command.form, command.carrier), at } },
    ...assigned.map((order): ShipmentEvent => ({ type: 'ShipmentOrderAssigned', data: { shipmentId, order, at } })),
  ];
}

function changeShipment(state: LiveShipmentState, command: Extract<ShipmentCommand, { type: 'ChangeShipment' }>): ShipmentEvent[] | DomainError {
  const notEditable = shipmentMustBeEditable(state);
  if (notEditable) return notEditable;
  const unknownCarrier = carrierIsKnown(command.form.deliveredBy, command.carrier);
  if (unknownCarrier) return unknownCarrier;
  const { shipmentId } = state;
  const held = new Map(state.orders.map((order) => [order.orderId, order]));
  const assigned = assignedOrdersOf(command.form, command.orders, { shipmentId, customerName: state.customerName, held });
  if (assigned instanceof DomainError) return assigned;
  const at = command.at;
  const details = detailsOf(command.form, command.carrier);
  const kept = new Set(assigned.map((order) => order.orderId));
  return [
    ...(sameDetails(details, state.details) ? [] : [{ type: 'ShipmentChanged', data: { shipmentId, details, at } } satisfies ShipmentEvent]),
    ...state.orders
      .filter((order) => !kept.has(order.orderId))
      .map((order): ShipmentEvent => ({ type: 'ShipmentOrderReleased', data: { shipmentId, orderId: order.orderId, at } })),
    ...assigned.filter((order) => !held.has(order.orderId)).map((order): ShipmentEvent => ({ type: 'ShipmentOrderAssigned', data: { shipmentId, order, at } })),
  ];
}

/** Decides what a shipment command does, given the shipment's state: events to append, or why not. */
export function decideShipment(command: ShipmentCommand, state: ShipmentState): ShipmentEvent[] | DomainError {
  if (command.type === 'CreateShipment') return state.status === 'absent' ? createShipment(command) : new DomainError('CONFLICT_ERROR');
  if (state.status === 'absent') return new DomainError('SHIPPING_ORDER_NOT_FOUND');
  const { shipmentId } = state;
  const at = command.at;
  switch (command.type) {
    case 'ChangeShipment':
      return changeShipment(state, command);
    case 'MarkReadyToDispatch':
      return shipmentTransitionIsAllowed(state, 'ready-to-dispatch') ?? [{ type: 'ShipmentMarkedReadyForDispatch', data: { shipmentId, at } }];
    case 'Dispatch':
      return shipmentTransitionIsAllowed(state, 'dispatch') ?? [{ type: 'ShipmentSent', data: { shipmentId, at } }];
    case 'Deliver':
      return shipmentTransitionIsAllowed(state, 'deliver') ?? [{ type: 'ShipmentDelivered', data: { shipmentId, at } }];
    case 'Cancel':
      return (
        shipmentTransitionIsAllowed(state, 'cancel') ?? [
          { type: 'ShipmentCanceled', data: { shipmentId, orderIds: state.orders.map((order) => order.orderId), at } },
        ]
      );
    case 'AddAttachment': {
      const refused = shipmentMustBeEditable(state) ?? attachmentIsAccepted(state, command.attachment);
      if (refused) return refused;
      // A retried upload of the same file is recorded once.
      if (state.attachments.some((attachment) => attachment.attachmentId === command.attachment.attachmentId)) return [];
      return [{ type: 'ShipmentAttachmentAdded', data: { shipmentId, attachment: command.attachment, at } }];
    }
    case 'RemoveAttachment': {
      const notEditable = shipmentMustBeEditable(state);
      if (notEditable) return notEditable;
      if (!state.attachments.some((attachment) => attachment.attachmentId === command.attachmentId)) return new DomainError('NOT_FOUND');
      return [{ type: 'ShipmentAttachmentRemoved', data: { shipmentId, attachmentId: command.attachmentId, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The actions the shipment offers now, for the buttons of the shipment screen. */
export const availableShipmentActions = (state: ShipmentState): ShipmentAction[] =>
  state.status === 'absent' ? [] : shipmentActions.filter((action) => shipmentTransitions[action].from.includes(state.status as ShipmentStatus));

/**
 * How an order follows its shipment, as the shipment handler applies it to each order stream in
 * the same transaction: `ready-to-dispatch` (order command MarkReadyToDispatch), `dispatch`
 * (Dispatch), `deliver` (Deliver), `release` (back to Ready to ship: the order decider has no such
 * command yet).
 */
export type OrderMove = { orderId: string; move: 'ready-to-dispatch' | 'dispatch' | 'deliver' | 'release' };

/**
 * The order moves that new shipment events call for, given the shipment before them. An order in
 * an Open shipment stays Ready to ship; in a shipment Ready for dispatch it is Ready for dispatch
 * too; Sent dispatches it, Delivered delivers it; released or canceled, it is Ready to ship again.
 */
export function orderMovesOf(before: ShipmentState, events: readonly ShipmentEvent[]): OrderMove[] {
  const moves: OrderMove[] = [];
  let state = before;
  for (const event of events) {
    const holding = state.status === 'absent' ? [] : state.orders.map((order) => order.orderId);
    const readyForDispatch = state.status === 'ready-for-dispatch';
    const all = (move: OrderMove['move']) => holding.map((orderId) => ({ orderId, move }));
    switch (event.type) {
      case 'ShipmentOrderAssigned':
        if (readyForDispatch) moves.push({ orderId: event.data.order.orderId, move: 'ready-to-dispatch' });
        break;
      case 'ShipmentOrderReleased':
        if (readyForDispatch) moves.push({ orderId: event.data.orderId, move: 'release' });
        break;
      case 'ShipmentMarkedReadyForDispatch':
        moves.push(...all('ready-to-dispatch'));
        break;
      case 'ShipmentSent':
        moves.push(...all('dispatch'));
        break;
      case 'ShipmentDelivered':
        moves.push(...all('deliver'));
        break;
      case 'ShipmentCanceled':
        if (readyForDispatch) moves.push(...all('release'));
        break;
      case 'ShipmentCreated':
      case 'ShipmentChanged':
      case 'ShipmentAttachmentAdded':
      case 'ShipmentAttachmentRemoved':
        break;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
    state = evolveShipment(state, event);
  }
  return moves;
}

/** The shipment decider in the shape every decider has. */
export const shipmentDecider: Decider<ShipmentState, ShipmentCommand, ShipmentEvent> = {
  events: shipmentEvents,
  initialState: initialShipmentState,
  evolve: evolveShipment,
  decide: decideShipment,
};
