import { orderEvents } from './order.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError, type ErrorDetail } from '../shared/errors.js';
import type { MaterialOnHand, NumberedOrder, OrderCommand, ProductionLine, ReportedQuantities } from './order.commands.js';
import type { OrderDetails, OrderEvent, OrderPosition, PlannedProductionOrder, StockMove } from './order.events.js';
import { actionAllowed, isEditable, orderActions, orderTransitions, type OrderAction } from './order.machine.js';
import { stationChecksValue } from '../stations/station.schema.js';
import { measuredValueSchema, netSumOf, orderLimits, withinTolerance, type OrderForm, type OrderKind, type OrderStatus } from './order.schema.js';
import { completionTakesAll, reportedCounts } from './order.rules.js';

/** Where a production order is on the line: at a station (waiting, or in work since `workStartedAt`), or in WIP after the last one. */
export type OrderLocation = { stage: 'station'; stationId: string; arrivedAt: string; workStartedAt: string | null } | { stage: 'wip'; arrivedAt: string };

/** A customer order's production order, as the customer order tracks it. */
export interface TrackedProductionOrder extends PlannedProductionOrder {
  done: boolean;
  /** Good pieces it finished with (absent before quantities: its planned `quantity`). */
  good?: number;
}

/** An order as its events made it: what `OrderCreated` said (but its time), and what came since. */
export interface Order extends Omit<Extract<OrderEvent, { type: 'OrderCreated' }>['data'], 'at'> {
  /** Quantity times net price of every position, exact to the cent. */
  netSum: number;
  /** Customer orders: the production orders their start of production made. */
  productionOrders: TrackedProductionOrder[];
  /** Production orders on the line; null before and outside production. */
  location: OrderLocation | null;
  /** Customer orders: the shipment the order is in (assigned, not taken out); null when none. */
  shipmentId: string | null;
  /** Customer orders: the pieces a part in `shipmentId` holds; absent when the order is in it with all that remains (or in none). */
  shipmentQuantity?: number;
  /** Customer orders: parts already sent, in the order they went. */
  sentParts?: { shipmentId: string; quantity: number }[];
  /** The latest measurement of each value name (a re-measure replaces), in the order first measured. */
  measurements?: Measurement[];
  /** `failed` while a latest measurement lies outside tolerance, `passed` when all measured lie within; null before any. */
  quality?: QualityFlag;
  /** Work completed with values outside tolerance, and why. */
  qualityFailures?: AcceptedQualityFailure[];
  /** The completions (`trigger`) whose "set the order status" actions already ran: a retried job does nothing. */
  statusActionTriggers?: string[];
  /** Production orders: the pieces' flow (orders folded before quantities existed have none: `quantitiesOf`). */
  quantities?: QuantityFlow;
  /** Production orders split off this one, in the order they were made. */
  splits?: SplitOrder[];
  createdAt: string;
  updatedAt: string;
}

/** Pieces reported at one station, summed over every report there. */
export interface StationQuantities {
  stationId: string;
  good: number;
  scrap: number;
  rework: number;
}

/**
 * A production order's pieces: `ordered` (its positions' pieces), `started` (entered the line), `good`
 * (finished, in WIP), `scrap` and `rework` (sent to a rework order) over all its stations, `splitOff`
 * (good pieces sent on as their own order), `open` (at its station, not reported yet). `carried` are
 * good pieces reported at the station that go on with the order when it completes there.
 */
export interface QuantityFlow {
  ordered: number;
  started: number;
  good: number;
  scrap: number;
  rework: number;
  splitOff: number;
  open: number;
  carried: number;
  /** Whether pieces were reported at the current station since the order arrived there. */
  reported: boolean;
  stations: StationQuantities[];
}

export type SplitOrder = Omit<Extract<OrderEvent, { type: 'OrderSplit' }>['data'], 'orderId' | 'at'>;

/** The pieces of an order's positions. */
export const piecesOf = (positions: readonly { quantity: number }[]) => positions.reduce((sum, position) => sum + position.quantity, 0);

/**
 * The quantity flow of a production order (null for other kinds). An order folded before quantities
 * existed had all its pieces in one place: on the line, or finished.
 */
export function quantitiesOf(state: LiveOrderState): QuantityFlow | null {
  if (state.kind !== 'production') return null;
  if (state.quantities) return state.quantities;
  const ordered = piecesOf(state.positions);
  const onLine = state.location?.stage === 'station';
  const finished = state.location?.stage === 'wip';
  return {
    ordered,
    started: onLine || finished ? ordered : 0,
    good: finished ? ordered : 0,
    scrap: 0,
    rework: 0,
    splitOff: 0,
    open: onLine ? ordered : 0,
    carried: 0,
    reported: false,
    stations: [],
  };
}

/** `pieces` of the positions, taken in their order: what a split order makes, what a finished order puts in stock. */
export function positionsForPieces(positions: readonly OrderPosition[], pieces: number): OrderPosition[] {
  let left = pieces;
  const taken: OrderPosition[] = [];
  for (const position of positions) {
    if (left <= 0) break;
    const quantity = Math.min(position.quantity, left);
    taken.push({ ...position, quantity });
    left -= quantity;
  }
  return taken;
}

const withQuantities = (state: LiveOrderState, change: (flow: QuantityFlow) => Partial<QuantityFlow>): Partial<LiveOrderState> => {
  const flow = quantitiesOf(state);
  return flow ? { quantities: { ...flow, ...change(flow) } } : {};
};

function addedAtStation(stations: readonly StationQuantities[], report: StationQuantities): StationQuantities[] {
  const known = stations.some((s) => s.stationId === report.stationId);
  return known
    ? stations.map((s) =>
        s.stationId === report.stationId ? { ...s, good: s.good + report.good, scrap: s.scrap + report.scrap, rework: s.rework + report.rework } : s,
      )
    : [...stations, report];
}

export type Measurement = Omit<Extract<OrderEvent, { type: 'ValueMeasured' }>['data'], 'orderId'>;
export type AcceptedQualityFailure = Omit<Extract<OrderEvent, { type: 'QualityFailureAccepted' }>['data'], 'orderId'>;
export type QualityFlag = 'passed' | 'failed' | null;

/** The order's quality flag from its latest measurements. */
export const qualityOf = (measurements: readonly Pick<Measurement, 'passed'>[]): QualityFlag =>
  measurements.length === 0 ? null : measurements.every((m) => m.passed) ? 'passed' : 'failed';

/** The latest measurements (orders folded before measurements existed have none). */
export const measurementsOf = (state: LiveOrderState): Measurement[] => state.measurements ?? [];

export type OrderState = { status: 'absent' } | (Order & { status: OrderStatus });
export type LiveOrderState = Exclude<OrderState, { status: 'absent' }>;

export const initialOrderState: OrderState = { status: 'absent' };

const touched = <S extends LiveOrderState>(state: S, at: string, changes: Partial<LiveOrderState>): OrderState => ({ ...state, ...changes, updatedAt: at });

/** Folds one event into the order. Pure: the browser replays history with it. */
export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderCreated') {
    const { at, ...created } = event.data;
    return {
      status: 'open',
      ...created,
      clientId: created.clientId ?? null,
      netSum: netSumOf(created.positions),
      productionOrders: [],
      location: null,
      shipmentId: null,
      ...(created.kind === 'production'
        ? {
            quantities: {
              ordered: piecesOf(created.positions),
              started: 0,
              good: 0,
              scrap: 0,
              rework: 0,
              splitOff: 0,
              open: 0,
              carried: 0,
              reported: false,
              stations: [],
            },
          }
        : {}),
      createdAt: at,
      updatedAt: at,
    };
  }
  if (state.status === 'absent') return state;
  const at = event.data.at;
  switch (event.type) {
    case 'OrderChanged':
      return touched(state, at, {
        details: event.data.details,
        positions: event.data.positions,
        netSum: netSumOf(event.data.positions),
        clientId: event.data.clientId ?? null,
        ...withQuantities(state, () => ({ ordered: piecesOf(event.data.positions) })),
      });
    case 'OrderPlaced':
      return touched(state, at, { status: 'ordered' });
    case 'ProductionStarted':
      return touched(state, at, {
        status: 'in-progress',
        productionOrders: event.data.productionOrders.map((planned) => ({ ...planned, done: false })),
      });
    case 'ProductionOrderStarted':
      return touched(state, at, {
        status: 'in-progress',
        location: { stage: 'station', stationId: event.data.stationId, arrivedAt: at, workStartedAt: null },
        ...withQuantities(state, (flow) => ({ started: flow.ordered, open: flow.ordered })),
      });
    case 'WorkStarted':
      return state.location?.stage === 'station' ? touched(state, at, { location: { ...state.location, workStartedAt: at } }) : touched(state, at, {});
    case 'WorkCompleted': {
      const next = event.data.nextStationId;
      return touched(state, at, {
        location: next ? { stage: 'station', stationId: next, arrivedAt: at, workStartedAt: null } : { stage: 'wip', arrivedAt: at },
        // Reported: the good pieces carried go on; not reported (before quantities): all of them.
        ...withQuantities(state, (flow) => {
          const goingOn = flow.reported ? flow.carried : flow.open;
          return next ? { open: goingOn, carried: 0, reported: false } : { good: flow.good + goingOn, open: 0, carried: 0, reported: false };
        }),
      });
    }
    case 'QuantityReported': {
      const { stationId, good, scrap, rework } = event.data;
      return touched(state, at, {
        ...withQuantities(state, (flow) => ({
          open: flow.open - good - scrap - rework,
          carried: flow.carried + good,
          scrap: flow.scrap + scrap,
          rework: flow.rework + rework,
          reported: true,
          stations: addedAtStation(flow.stations, { stationId, good, scrap, rework }),
        })),
      });
    }
    case 'OrderSplit': {
      const { orderId: _orderId, at: _at, ...split } = event.data;
      return touched(state, at, {
        splits: [...(state.splits ?? []), split],
        ...(split.reason === 'good'
          ? withQuantities(state, (flow) => ({ carried: flow.carried - split.quantity, splitOff: flow.splitOff + split.quantity }))
          : {}),
      });
    }
    case 'ProductionOrderAdded':
      return touched(state, at, { productionOrders: [...state.productionOrders, { ...event.data.productionOrder, done: false }] });
    case 'OrderMovedToStation':
      return touched(state, at, {
        location: { stage: 'station', stationId: event.data.toStationId, arrivedAt: at, workStartedAt: null },
        ...withQuantities(state, (flow) => ({ open: flow.open + flow.carried, carried: 0, reported: false })),
      });
    case 'ProductionFinished':
      // A split order whose good pieces were made at the last station goes straight to WIP, finished.
      return state.location
        ? touched(state, at, { status: 'finished' })
        : touched(state, at, {
            status: 'finished',
            location: { stage: 'wip', arrivedAt: at },
            ...withQuantities(state, (flow) => ({ started: flow.ordered, good: flow.ordered })),
          });
    case 'ProductionOrderDone': {
      const { productionOrderId, good } = event.data;
      return touched(state, at, {
        productionOrders: state.productionOrders.map((tracked) =>
          tracked.orderId === productionOrderId ? { ...tracked, done: true, ...(good === undefined ? {} : { good }) } : tracked,
        ),
      });
    }
    case 'OrderReadyToShip':
      return touched(state, at, { status: 'ready-to-ship' });
    case 'OrderReadyToUse':
      return touched(state, at, { status: 'ready-to-use', location: null });
    case 'OrderReadyForDispatch':
      return touched(state, at, { status: 'ready-for-dispatch' });
    case 'OrderDispatched':
      return touched(state, at, { status: 'dispatched' });
    case 'OrderDelivered':
      return touched(state, at, { status: 'delivered' });
    case 'OrderCheckedIn':
      return touched(state, at, { status: 'delivered' });
    case 'OrderFinished':
      return touched(state, at, { status: 'finished' });
    case 'OrderCanceled':
      return touched(state, at, { status: 'canceled', location: null, ...withQuantities(state, () => ({ open: 0, carried: 0 })) });
    case 'OrderAssignedToShipment':
      return touched(state, at, { shipmentId: event.data.shipmentId, shipmentQuantity: undefined });
    case 'OrderReleased':
      return touched(state, at, { status: 'ready-to-ship' });
    case 'OrderLeftShipment':
    case 'OrderPartReleased':
      return touched(state, at, { shipmentId: null, shipmentQuantity: undefined });
    case 'OrderPartAssignedToShipment':
      return touched(state, at, { shipmentId: event.data.shipmentId, shipmentQuantity: event.data.quantity });
    case 'OrderPartDispatched': {
      const { shipmentId, quantity } = event.data;
      return touched(state, at, { shipmentId: null, shipmentQuantity: undefined, sentParts: [...(state.sentParts ?? []), { shipmentId, quantity }] });
    }
    case 'ValueMeasured': {
      const { orderId: _orderId, ...measurement } = event.data;
      const previous = measurementsOf(state);
      const measurements = previous.some((m) => m.valueName === measurement.valueName)
        ? previous.map((m) => (m.valueName === measurement.valueName ? measurement : m))
        : [...previous, measurement];
      return touched(state, at, { measurements, quality: qualityOf(measurements) });
    }
    case 'QualityFailureAccepted': {
      const { orderId: _orderId, ...accepted } = event.data;
      return touched(state, at, { qualityFailures: [...(state.qualityFailures ?? []), accepted] });
    }
    case 'StatusActionApplied':
    case 'StatusActionRefused':
      // The status itself moved by the machine's own event, appended just before this record.
      return touched(state, at, { statusActionTriggers: [...(state.statusActionTriggers ?? []), event.data.trigger] });
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The command's action in the status machine (commands that are not user actions have none). */
function actionOf(command: OrderCommand): OrderAction | null {
  switch (command.type) {
    case 'PlaceOrder':
      return 'place';
    case 'StartProduction':
      return 'start-production';
    case 'StartWork':
      return 'start-work';
    case 'CompleteWork':
      return 'complete-work';
    case 'MoveToStation':
      return 'move-to-station';
    case 'MarkReadyToUse':
      return 'ready-to-use';
    case 'MarkReadyToDispatch':
      return 'ready-to-dispatch';
    case 'Dispatch':
      return 'dispatch';
    case 'Deliver':
      return 'deliver';
    case 'CheckIn':
      return 'check-in';
    case 'Finish':
      return 'finish';
    case 'Cancel':
      return 'cancel';
    case 'CreateOrder':
    case 'ChangeOrder':
    case 'CreateProductionOrder':
    case 'CreateSplitOrder':
    case 'RecordProductionOrderAdded':
    case 'MeasureValue':
    case 'ApplyStatusAction':
    case 'RecordProductionOrderDone':
    case 'AssignToShipment':
    case 'Release':
    case 'LeaveShipment':
      return null;
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

const refusedTransition = (state: LiveOrderState, action: OrderAction | 'measure', message = 'errors.ORDER_TRANSITION_NOT_ALLOWED') =>
  new DomainError('ORDER_TRANSITION_NOT_ALLOWED', [{ path: '', message, params: { status: state.status, action } }]);

/** An action is allowed only from the statuses the machine names for the order's kind. */
export const transitionIsAllowed = (state: LiveOrderState, action: OrderAction): DomainError | null =>
  actionAllowed(state.kind, state.status, action) ? null : refusedTransition(state, action);

/** The form may be changed only while the order is open (customer and logistics orders: or ordered). */
export const orderMustBeEditable = (state: LiveOrderState): DomainError | null =>
  isEditable(state.kind, state.status)
    ? null
    : new DomainError('ORDER_NOT_EDITABLE', [{ path: '', message: 'errors.ORDER_NOT_EDITABLE', params: { status: state.status } }]);

/** The shipment the order is in; null when none (orders folded before shipments existed have no field). */
export const shipmentOf = (state: LiveOrderState): string | null => state.shipmentId ?? null;

/** Actions that move an order in a shipment together with it: on such an order, only its shipment gives them. */
export const shipmentDrivenActions: readonly OrderAction[] = ['ready-to-dispatch', 'dispatch', 'deliver'];

/**
 * An order in a shipment moves only with it: ready to dispatch, dispatch and deliver come from the
 * shipment (`viaShipment`), never directly, so the order never gets out of step with its shipment.
 */
export function orderInShipmentMovesWithIt(state: LiveOrderState, viaShipment: string | undefined): DomainError | null {
  const shipmentId = shipmentOf(state);
  if (shipmentId === null ? viaShipment === undefined : viaShipment === shipmentId) return null;
  return new DomainError('ORDER_ALREADY_IN_SHIPMENT', [
    { path: '', message: 'errors.ORDER_ALREADY_IN_SHIPMENT', params: { orderNumber: state.orderNumber, shipmentId: shipmentId ?? '' } },
  ]);
}

/**
 * The pieces a customer order has made ready to ship, sent or not: those taken from stock when its
 * production started, and the good pieces of each finished production order, split children
 * included (an order finished before quantities: its planned pieces). 0 before production, for a
 * stock order, and for other kinds.
 */
export function piecesMadeReadyOf(state: LiveOrderState): number {
  if (state.kind !== 'customer' || state.details.stockOrder || state.status === 'open' || state.status === 'ordered' || state.status === 'canceled') return 0;
  const fromStock = piecesOf(state.positions.filter((position) => position.useInventory));
  const made = state.productionOrders.reduce((sum, tracked) => sum + (tracked.done ? (tracked.good ?? tracked.quantity) : 0), 0);
  return fromStock + made;
}

/** Pieces of parts already sent. */
export const piecesSentOf = (state: LiveOrderState): number => (state.sentParts ?? []).reduce((sum, part) => sum + part.quantity, 0);

/**
 * The pieces of a customer order ready to ship now (docs/shipments.md "Partial shipments"): made
 * ready, minus parts sent, minus what its open shipment holds (a part its quantity; the whole rest
 * all). Only while In progress or Ready to ship: afterwards the order has gone with its shipment.
 */
export function readyToShipOf(state: LiveOrderState): number {
  if (state.status !== 'in-progress' && state.status !== 'ready-to-ship') return 0;
  const held = shipmentOf(state) === null ? 0 : (state.shipmentQuantity ?? Infinity);
  return Math.max(0, piecesMadeReadyOf(state) - piecesSentOf(state) - held);
}

/** Only a customer order Ready to ship, or In progress with pieces ready, joins a shipment, and only one in no other shipment. */
export function orderMayJoinShipment(state: LiveOrderState, shipmentId: string): DomainError | null {
  const current = shipmentOf(state);
  if (current !== null && current !== shipmentId) {
    return new DomainError('ORDER_ALREADY_IN_SHIPMENT', [
      { path: '', message: 'errors.ORDER_ALREADY_IN_SHIPMENT', params: { orderNumber: state.orderNumber, shipmentId: current } },
    ]);
  }
  const shippable = state.status === 'ready-to-ship' || (state.status === 'in-progress' && readyToShipOf(state) > 0);
  if (state.kind !== 'customer' || !shippable) {
    return new DomainError('ORDER_NOT_READY_TO_SHIP', [
      { path: '', message: 'errors.ORDER_NOT_READY_TO_SHIP', params: { orderNumber: state.orderNumber, status: state.status } },
    ]);
  }
  return null;
}

/** A part takes at most the pieces ready (`quantityWithinReady`): 400 on `quantity`. */
export function quantityWithinReady(state: LiveOrderState, quantity: number): DomainError | null {
  const ready = readyToShipOf(state);
  if (quantity <= ready) return null;
  return new DomainError('VALIDATION_ERROR', [
    { path: 'quantity', message: 'shipments.validation.quantityAboveReady', params: { orderNumber: state.orderNumber, ready } },
  ]);
}

/**
 * Puts the order into a shipment: all that remains of an order Ready to ship (the whole-order flow:
 * it moves with the shipment from now on), or a part, which leaves the order's status alone.
 */
function assignToShipment(state: LiveOrderState, command: Extract<OrderCommand, { type: 'AssignToShipment' }>): OrderEvent[] | DomainError {
  const { orderId } = state;
  const { shipmentId, at } = command;
  if (shipmentOf(state) === shipmentId) return [];
  const ready = readyToShipOf(state);
  const quantity = command.quantity ?? ready;
  const refused = orderMayJoinShipment(state, shipmentId) ?? quantityWithinReady(state, quantity);
  if (refused) return refused;
  if (state.status === 'ready-to-ship' && quantity === ready) return [{ type: 'OrderAssignedToShipment', data: { orderId, shipmentId, at } }];
  return [{ type: 'OrderPartAssignedToShipment', data: { orderId, shipmentId, quantity, at } }];
}

/** The part of the order that `shipmentId` holds or has sent; null when the order is in it whole, or not at all. */
function partIn(state: LiveOrderState, shipmentId: string): { quantity: number; sent: boolean } | null {
  if (shipmentOf(state) === shipmentId && state.shipmentQuantity !== undefined) return { quantity: state.shipmentQuantity, sent: false };
  const sent = (state.sentParts ?? []).find((part) => part.shipmentId === shipmentId);
  return sent ? { quantity: sent.quantity, sent: true } : null;
}

type ShipmentMoveCommand = Extract<OrderCommand, { type: 'MarkReadyToDispatch' | 'Dispatch' | 'Deliver' | 'Release' | 'LeaveShipment' }>;

/**
 * How a part follows its shipment: Ready for dispatch and back change nothing on the order; sent,
 * its pieces are gone (and when production is over and nothing remains, the order is dispatched:
 * that part was its last); delivered, such an order is delivered; taken out, its pieces are ready again.
 */
function movePart(state: LiveOrderState, command: ShipmentMoveCommand, shipmentId: string, part: { quantity: number; sent: boolean }): OrderEvent[] {
  const { orderId } = state;
  const { at } = command;
  const { quantity } = part;
  switch (command.type) {
    case 'MarkReadyToDispatch':
    case 'Release':
      return [];
    case 'Dispatch': {
      if (part.sent) return [];
      const rest = piecesMadeReadyOf(state) - piecesSentOf(state) - quantity;
      const partSent: OrderEvent = { type: 'OrderPartDispatched', data: { orderId, shipmentId, quantity, at } };
      return state.status === 'ready-to-ship' && rest <= 0 ? [partSent, { type: 'OrderDispatched', data: { orderId, at } }] : [partSent];
    }
    case 'Deliver': {
      const last = state.sentParts?.at(-1);
      return state.status === 'dispatched' && last?.shipmentId === shipmentId ? [{ type: 'OrderDelivered', data: { orderId, at } }] : [];
    }
    case 'LeaveShipment':
      return part.sent ? [] : [{ type: 'OrderPartReleased', data: { orderId, shipmentId, quantity, at } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The part of the order a shipment command is about, when it is about one. */
function partMoveOf(state: LiveOrderState, command: OrderCommand): OrderEvent[] | null {
  const moves = ['MarkReadyToDispatch', 'Dispatch', 'Deliver', 'Release', 'LeaveShipment'] as const;
  if (!(moves as readonly string[]).includes(command.type)) return null;
  const move = command as ShipmentMoveCommand;
  if (move.shipmentId === undefined) return null;
  const part = partIn(state, move.shipmentId);
  return part ? movePart(state, move, move.shipmentId, part) : null;
}

/** The release (back to Ready to ship) is for an order Ready for dispatch in that shipment, and only for it. */
export function releaseOnlyFromReadyForDispatch(state: LiveOrderState, shipmentId: string): DomainError | null {
  return state.status === 'ready-for-dispatch' && shipmentOf(state) === shipmentId ? null : notReleasable(state);
}

const notReleasable = (state: LiveOrderState) =>
  new DomainError('ORDER_TRANSITION_NOT_ALLOWED', [
    { path: '', message: 'errors.ORDER_TRANSITION_NOT_ALLOWED', params: { status: state.status, action: 'release' } },
  ]);

/** Every position names a material of the company (another company's is as unknown as a made-up id). */
export function positionsNameKnownMaterials(positions: readonly { materialId: string }[], materials: readonly MaterialOnHand[]): DomainError | null {
  const known = new Set(materials.map((material) => material.materialId));
  const unknown: ErrorDetail[] = positions.flatMap((position, index) =>
    known.has(position.materialId)
      ? []
      : [{ path: `positions.${index}.materialId`, message: 'errors.POSITION_MATERIAL_NOT_FOUND', params: { materialId: position.materialId } }],
  );
  return unknown.length ? new DomainError('POSITION_MATERIAL_NOT_FOUND', unknown) : null;
}

/** A production order makes at most 999 pieces in all (spec section 9). */
export function productionOrderWithinLimit(positions: readonly OrderPosition[], path = 'positions'): DomainError | null {
  const quantity = positions.reduce((sum, position) => sum + position.quantity, 0);
  return quantity > orderLimits.productionOrderQuantity
    ? new DomainError('PRODUCTION_ORDERS_LIMIT_EXCEEDED', [
        {
          path,
          message: 'errors.PRODUCTION_ORDERS_LIMIT_EXCEEDED',
          params: { quantity, max: orderLimits.productionOrderQuantity, materialName: positions[0]?.materialName ?? '' },
        },
      ])
    : null;
}

/** Production needs a saved sequence with a start station: that is where production orders go first. */
export const startStationIsSaved = (line: ProductionLine): DomainError | null => (line.startStationId ? null : new DomainError('NO_START_STATION'));

/** Operators act on an order only at the station it is at. */
export function orderMustBeAtStation(state: LiveOrderState, stationId: string): DomainError | null {
  return state.location?.stage === 'station' && state.location.stationId === stationId
    ? null
    : new DomainError('ORDER_NOT_AT_STATION', [{ path: 'stationId', message: 'errors.ORDER_NOT_AT_STATION', params: { orderNumber: state.orderNumber } }]);
}

/** Goods are checked in only at a station flagged for incoming goods. */
export const stationChecksInGoods = (incomingGoodsCheckIn: boolean): DomainError | null =>
  incomingGoodsCheckIn ? null : new DomainError('STATION_NOT_FOR_INCOMING_GOODS', [{ path: 'stationId', message: 'errors.STATION_NOT_FOR_INCOMING_GOODS' }]);

/** Pieces per material, in material id order (the order in which stock rows are locked). */
export function stockMovesOf(positions: readonly { materialId: string; quantity: number }[]): StockMove[] {
  const totals = new Map<string, number>();
  for (const position of positions) totals.set(position.materialId, (totals.get(position.materialId) ?? 0) + position.quantity);
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([materialId, quantity]) => ({ materialId, quantity }));
}

/** What a customer order's start of production makes: one production order per material, of every position not taken from stock. */
export function productionPlanOf(order: Pick<Order, 'positions'>): { materialId: string; positions: OrderPosition[] }[] {
  const plan = new Map<string, OrderPosition[]>();
  for (const position of order.positions) {
    if (position.useInventory) continue;
    plan.set(position.materialId, [...(plan.get(position.materialId) ?? []), position]);
  }
  return [...plan.entries()].map(([materialId, positions]) => ({ materialId, positions }));
}

/** Positions taken from stock must be covered by the stock of their material now. */
export function stockCoversPositions(positions: readonly OrderPosition[], materials: readonly MaterialOnHand[]): DomainError | null {
  const takes = stockMovesOf(positions.filter((position) => position.useInventory));
  const byId = new Map(materials.map((material) => [material.materialId, material]));
  const missing: ErrorDetail[] = [];
  const short: ErrorDetail[] = [];
  for (const take of takes) {
    const index = positions.findIndex((position) => position.useInventory && position.materialId === take.materialId);
    const material = byId.get(take.materialId);
    if (!material)
      missing.push({ path: `positions.${index}.materialId`, message: 'errors.POSITION_MATERIAL_NOT_FOUND', params: { materialId: take.materialId } });
    else if (material.stock < take.quantity) {
      short.push({
        path: `positions.${index}.quantity`,
        message: 'errors.STOCK_INSUFFICIENT',
        params: { materialName: material.name, stock: material.stock, quantity: take.quantity },
      });
    }
  }
  if (missing.length) return new DomainError('POSITION_MATERIAL_NOT_FOUND', missing);
  return short.length ? new DomainError('STOCK_INSUFFICIENT', short) : null;
}

/** The station after `stationId` in the saved sequence; null after the last one (or off the sequence): the order goes to WIP. */
export function nextStationAfter(line: ProductionLine, stationId: string): string | null {
  const index = line.stationIds.indexOf(stationId);
  return index >= 0 && index < line.stationIds.length - 1 ? line.stationIds[index + 1] : null;
}

/**
 * The positions as the order keeps them: the material's name, number and type copied in. Only
 * customer orders take from stock; other kinds never carry the flag.
 */
function positionsOf(kind: OrderKind, form: OrderForm, materials: readonly MaterialOnHand[]): OrderPosition[] {
  const byId = new Map(materials.map((material) => [material.materialId, material]));
  return form.positions.map((position) => {
    const material = byId.get(position.materialId)!;
    return {
      materialId: position.materialId,
      materialName: material.name,
      materialNumber: material.materialNumber,
      materialType: material.type,
      quantity: position.quantity,
      netPrice: position.netPrice,
      useInventory: kind === 'customer' && position.useInventory,
    };
  });
}

function detailsOf(kind: OrderKind, form: OrderForm): OrderDetails {
  const { positions: _positions, clientId: _clientId, ...details } = form;
  return { ...details, stockOrder: kind === 'customer' && details.stockOrder };
}

/**
 * `orderClientIsKnown`: an order links only a client of its own company. The client it already
 * links may stay after the client was removed (the order keeps what it was made with).
 */
function orderClientIsKnown(clientId: string | null, clientFound: boolean, linkedBefore: string | null): DomainError | null {
  if (clientId === null || clientFound || clientId === linkedBefore) return null;
  return new DomainError('VALIDATION_ERROR', [{ path: 'clientId', message: 'clients.validation.unknown' }]);
}

/** The form's details, positions and client, or why they cannot be taken. */
function contentOf(
  kind: OrderKind,
  form: OrderForm,
  materials: readonly MaterialOnHand[],
  client: { found: boolean; linkedBefore: string | null } = { found: false, linkedBefore: null },
) {
  const unknown = positionsNameKnownMaterials(form.positions, materials);
  if (unknown) return unknown;
  const unknownClient = orderClientIsKnown(form.clientId, client.found, client.linkedBefore);
  if (unknownClient) return unknownClient;
  const positions = positionsOf(kind, form, materials);
  const overLimit = kind === 'production' ? productionOrderWithinLimit(positions) : null;
  if (overLimit) return overLimit;
  return { details: detailsOf(kind, form), positions, clientId: form.clientId };
}

function startProduction(state: LiveOrderState, command: Extract<OrderCommand, { type: 'StartProduction' }>): OrderEvent[] | DomainError {
  const { orderId } = state;
  if (state.kind === 'production') {
    const noLine = startStationIsSaved(command.line);
    if (noLine) return noLine;
    return [{ type: 'ProductionOrderStarted', data: { orderId, stationId: command.line.startStationId!, at: command.at } }];
  }
  const plan = productionPlanOf(state);
  for (const planned of plan) {
    const index = state.positions.findIndex((position) => position.materialId === planned.materialId && !position.useInventory);
    const overLimit = productionOrderWithinLimit(planned.positions, `positions.${index}.quantity`);
    if (overLimit) return overLimit;
  }
  if (plan.length > 0) {
    const noLine = startStationIsSaved(command.line);
    if (noLine) return noLine;
  }
  const notCovered = stockCoversPositions(state.positions, command.materials);
  if (notCovered) return notCovered;
  if (command.productionOrders.length !== plan.length) {
    throw new Error(`StartProduction of ${state.orderNumber} needs ${plan.length} numbered production orders, got ${command.productionOrders.length}`);
  }
  const productionOrders = plan.map((planned, index) => ({
    orderId: command.productionOrders[index].orderId,
    orderNumber: command.productionOrders[index].orderNumber,
    materialId: planned.materialId,
    quantity: planned.positions.reduce((sum, position) => sum + position.quantity, 0),
  }));
  const takenFromStock = stockMovesOf(state.positions.filter((position) => position.useInventory));
  const started: OrderEvent = { type: 'ProductionStarted', data: { orderId, productionOrders, takenFromStock, at: command.at } };
  if (plan.length > 0) return [started];
  // Everything came from stock: nothing to make, the order is ready at once.
  return [started, { type: 'OrderReadyToShip', data: { orderId, at: command.at } }];
}

/**
 * The values measured at `stationId` in the work started at `workStartedAt` that lie outside
 * tolerance now (a re-measure within tolerance clears one). Failures of earlier work were accepted
 * with their own reason.
 */
export function failedValuesOfWork(
  measurements: readonly Pick<Measurement, 'stationId' | 'at' | 'passed' | 'valueName'>[],
  stationId: string,
  workStartedAt: string,
): string[] {
  return measurements.filter((m) => m.stationId === stationId && m.at >= workStartedAt && !m.passed).map((m) => m.valueName);
}

/**
 * The values the station checks (`checkedValues`, names of the order's material values) that were
 * not measured at `stationId` in the work started at `workStartedAt`.
 */
export function unmeasuredValuesOfWork(
  checkedValues: readonly string[],
  measurements: readonly Pick<Measurement, 'stationId' | 'at' | 'valueName'>[],
  stationId: string,
  workStartedAt: string,
): string[] {
  const measured = new Set(measurements.filter((m) => m.stationId === stationId && m.at >= workStartedAt).map((m) => m.valueName.trim().toLocaleLowerCase()));
  return checkedValues.filter((name) => !measured.has(name.trim().toLocaleLowerCase()));
}

/**
 * Completing work with a value outside tolerance, or with a checked value not measured, needs a
 * reason (422 on `reason`, naming the values).
 */
export function failedValuesNeedReason(failedValues: readonly string[], reason: string | undefined, missingValues: readonly string[] = []): DomainError | null {
  if ((failedValues.length === 0 && missingValues.length === 0) || (reason ?? '').trim().length > 0) return null;
  const [message, params] =
    missingValues.length === 0
      ? ['orders.validation.qualityReasonRequired', { values: failedValues.join(', ') }]
      : failedValues.length === 0
        ? ['orders.validation.missingValuesReasonRequired', { values: missingValues.join(', ') }]
        : ['orders.validation.failedAndMissingReasonRequired', { values: failedValues.join(', '), missing: missingValues.join(', ') }];
  return new DomainError('VALIDATION_ERROR', [{ path: 'reason', message, params }]);
}

const quantityProblem = (path: string, message: string, params?: Record<string, string | number>): ErrorDetail => ({
  path,
  message,
  ...(params ? { params } : {}),
});

/**
 * The rules of a quantity report, every broken one named on its field: counts are whole numbers ≥ 0
 * and together at most the pieces at the station (at least one piece); scrap needs a scrap reason,
 * rework a rework reason and a station that exists.
 */
export function quantitiesMustFit(open: number, quantities: ReportedQuantities | undefined): DomainError | null {
  if (!quantities) return null;
  const { good, scrap, rework } = reportedCounts(open, quantities);
  const problems: ErrorDetail[] = [];
  const counts = { good, scrap, rework };
  for (const [path, count] of Object.entries(counts)) {
    if (!Number.isInteger(count)) problems.push(quantityProblem(path, 'validation.wholeNumber'));
    else if (count < 0) problems.push(quantityProblem(path, 'validation.min', { min: 0 }));
  }
  if (problems.length === 0) {
    const total = good + scrap + rework;
    if (total > open || (quantities.good === undefined && scrap + rework > open)) {
      problems.push(quantityProblem(quantities.good === undefined ? 'scrap' : 'good', 'orders.validation.quantityExceedsStation', { open }));
    } else if (total === 0) problems.push(quantityProblem('good', 'orders.validation.quantityRequired'));
  }
  if (scrap > 0 && !quantities.scrapReasonId) problems.push(quantityProblem('scrapReasonId', 'orders.validation.scrapReasonRequired'));
  else if (scrap > 0 && quantities.scrapReason === null) problems.push(quantityProblem('scrapReasonId', 'orders.validation.unknownReason'));
  if (rework > 0 && !quantities.reworkReasonId) problems.push(quantityProblem('reworkReasonId', 'orders.validation.reworkReasonRequired'));
  else if (rework > 0 && quantities.reworkReason === null) problems.push(quantityProblem('reworkReasonId', 'orders.validation.unknownReason'));
  if (rework > 0 && !quantities.reworkStationId) problems.push(quantityProblem('reworkStationId', 'orders.validation.reworkStationRequired'));
  else if (rework > 0 && !quantities.reworkStationExists) problems.push(quantityProblem('reworkStationId', 'stations.validation.unknownStation'));
  return problems.length ? new DomainError('VALIDATION_ERROR', problems) : null;
}

/** The number of the `n`th production order split off an order: its own number with a suffix (FB000501-1). */
export const splitOrderNumber = (orderNumber: string, n: number) => `${orderNumber}-${n}`;

/**
 * Completes work at a station with the pieces reported (none reported: all good). Every piece at
 * the station reported: the order goes on with its good pieces (none good: it ends, finished with
 * nothing made), rework pieces go to their station as a split order. Fewer reported: the good ones
 * go on as a split order and the rest stays at the station, in work.
 */
function completeWork(state: LiveOrderState, command: Extract<OrderCommand, { type: 'CompleteWork' }>): OrderEvent[] | DomainError {
  const notHere = orderMustBeAtStation(state, command.stationId);
  if (notHere) return notHere;
  const location = state.location as Extract<OrderLocation, { stage: 'station' }>;
  if (!location.workStartedAt) return refusedTransition(state, 'complete-work', 'orders.validation.workNotStarted');
  const flow = quantitiesOf(state);
  const open = flow?.open ?? 0;
  const badCounts = quantitiesMustFit(open, command.quantities);
  if (badCounts) return badCounts;
  const failedValues = failedValuesOfWork(measurementsOf(state), command.stationId, location.workStartedAt);
  const missingValues = unmeasuredValuesOfWork(command.checkedValues ?? [], measurementsOf(state), command.stationId, location.workStartedAt);
  const noReason = failedValuesNeedReason(failedValues, command.reason, missingValues);
  if (noReason) return noReason;
  const reason = (command.reason ?? '').trim();
  if (reason.length > orderLimits.qualityReason) {
    return new DomainError('VALIDATION_ERROR', [{ path: 'reason', message: 'validation.maxLength', params: { max: orderLimits.qualityReason } }]);
  }
  const { orderId } = state;
  const accepted: OrderEvent[] =
    failedValues.length > 0 || missingValues.length > 0
      ? [
          {
            type: 'QualityFailureAccepted',
            data: {
              orderId,
              stationId: command.stationId,
              failedValues,
              ...(missingValues.length > 0 ? { missingValues } : {}),
              reason,
              acceptedBy: command.userId ?? '',
              at: command.at,
            },
          },
        ]
      : [];
  const nextStationId = nextStationAfter(command.line, command.stationId);
  const finishing = (goodPieces: number, next: string | null): OrderEvent[] => {
    const completed: OrderEvent = {
      type: 'WorkCompleted',
      data: { orderId, stationId: command.stationId, workStartedAt: location.workStartedAt!, nextStationId: next, at: command.at },
    };
    if (next) return [completed];
    const stockAdded = state.forStock ? stockMovesOf(positionsForPieces(state.positions, goodPieces)) : [];
    return [completed, { type: 'ProductionFinished', data: { orderId, stockAdded, at: command.at } }];
  };
  // Orders that are not production orders (none reach a station today) complete as they always did.
  if (!flow) return [...accepted, ...finishing(0, nextStationId)];

  const { good, scrap, rework } = reportedCounts(open, command.quantities);
  const q = command.quantities;
  const reported: OrderEvent = {
    type: 'QuantityReported',
    data: {
      orderId,
      stationId: command.stationId,
      good,
      scrap,
      rework,
      scrapReasonId: scrap > 0 ? (q?.scrapReasonId ?? null) : null,
      scrapReason: scrap > 0 ? (q?.scrapReason ?? null) : null,
      reworkReasonId: rework > 0 ? (q?.reworkReasonId ?? null) : null,
      reworkReason: rework > 0 ? (q?.reworkReason ?? null) : null,
      reworkStationId: rework > 0 ? (q?.reworkStationId ?? null) : null,
      reportedBy: command.userId ?? '',
      at: command.at,
    },
  };
  const everything = completionTakesAll(open, command.quantities);
  const ids = [...(command.splitOrderIds ?? [])];
  let made = state.splits?.length ?? 0;
  const split = (quantity: number, toStationId: string | null, why: 'good' | 'rework'): OrderEvent => {
    const childOrderId = ids.shift();
    if (!childOrderId) throw new Error(`CompleteWork on ${state.orderNumber} splits but was given no new order id`);
    made += 1;
    return {
      type: 'OrderSplit',
      data: { orderId, childOrderId, childOrderNumber: splitOrderNumber(state.orderNumber, made), quantity, toStationId, reason: why, at: command.at },
    };
  };
  const splits: OrderEvent[] = [];
  if (!everything && good > 0) splits.push(split(good, nextStationId, 'good'));
  if (rework > 0) splits.push(split(rework, q!.reworkStationId, 'rework'));
  if (!everything) return [...accepted, reported, ...splits];
  // Nothing good left to go on: the order ends here, finished with what it made.
  return [...accepted, reported, ...splits, ...finishing(good, good > 0 ? nextStationId : null)];
}

/** A production order split off another: the parent's details and pieces of its positions, its number with a suffix. */
function createSplitOrder(command: Extract<OrderCommand, { type: 'CreateSplitOrder' }>): OrderEvent[] {
  const { parent, order, at } = command;
  const positions = positionsForPieces(parent.positions, command.quantity);
  const created: OrderEvent = {
    type: 'OrderCreated',
    data: {
      orderId: order.orderId,
      kind: 'production',
      number: parent.number,
      orderNumber: order.orderNumber,
      details: parent.details,
      positions,
      parentOrderId: parent.parentOrderId,
      forStock: parent.forStock,
      splitFromOrderId: parent.orderId,
      at,
    },
  };
  if (command.toStationId) return [created, { type: 'ProductionOrderStarted', data: { orderId: order.orderId, stationId: command.toStationId, at } }];
  const stockAdded = parent.forStock ? stockMovesOf(positions) : [];
  return [created, { type: 'ProductionFinished', data: { orderId: order.orderId, stockAdded, at } }];
}

const valueError = (message: string, params?: Record<string, string | number>) =>
  new DomainError('VALIDATION_ERROR', [{ path: 'valueName', message, ...(params ? { params } : {}) }]);

/**
 * A value measured at a station: only on a production order in work at that station, only a value
 * of the order's material that the station checks, a number by the material value's rule. The
 * nominal, unit and tolerances are copied; a re-measure of the same value replaces the earlier one.
 */
function measureValue(state: LiveOrderState, command: Extract<OrderCommand, { type: 'MeasureValue' }>): OrderEvent[] | DomainError {
  if (state.kind !== 'production' || state.status !== 'in-progress') return refusedTransition(state, 'measure');
  const notHere = orderMustBeAtStation(state, command.stationId);
  if (notHere) return notHere;
  const location = state.location as Extract<OrderLocation, { stage: 'station' }>;
  if (!location.workStartedAt) return refusedTransition(state, 'measure', 'orders.validation.workNotStarted');
  const wanted = command.valueName.trim().toLocaleLowerCase();
  const value = command.values.find((candidate) => candidate.name.trim().toLocaleLowerCase() === wanted);
  if (!value) return valueError('orders.validation.unknownValue', { valueName: command.valueName });
  if (!stationChecksValue(command.checks, value.name)) return valueError('orders.validation.valueNotChecked', { valueName: value.name });
  const number = measuredValueSchema.safeParse(command.measured);
  if (!number.success) return new DomainError('VALIDATION_ERROR', [{ path: 'measured', message: 'orders.validation.measuredValue' }]);
  return [
    {
      type: 'ValueMeasured',
      data: {
        orderId: state.orderId,
        stationId: command.stationId,
        valueName: value.name,
        nominal: value.number,
        unit: value.unit,
        minTolerance: value.minTolerance,
        maxTolerance: value.maxTolerance,
        measured: number.data,
        passed: withinTolerance(number.data, value),
        measuredBy: command.measuredBy,
        at: command.at,
      },
    },
  ];
}

/** The actions a station's "set the order status" may run: those that need nothing but the machine. */
const statusActionCommands = {
  place: 'PlaceOrder',
  'ready-to-use': 'MarkReadyToUse',
  'ready-to-dispatch': 'MarkReadyToDispatch',
  dispatch: 'Dispatch',
  deliver: 'Deliver',
  finish: 'Finish',
  cancel: 'Cancel',
} as const satisfies Partial<Record<OrderAction, OrderCommand['type']>>;

/**
 * A station's "set the order status" action: the machine's action that leads from the order's
 * status to `status` runs as if a user gave it (its own rules apply: a customer order in a shipment
 * moves only with it); when none does, the refusal is recorded on the order. Already in `status`:
 * recorded as applied, nothing moves. A trigger already handled does nothing.
 */
function applyStatusAction(state: LiveOrderState, command: Extract<OrderCommand, { type: 'ApplyStatusAction' }>): OrderEvent[] {
  if ((state.statusActionTriggers ?? []).includes(command.trigger)) return [];
  const { orderId } = state;
  const record = { orderId, stationId: command.stationId, fromStatus: state.status, status: command.status, trigger: command.trigger, at: command.at };
  if (state.status === command.status) return [{ type: 'StatusActionApplied', data: record }];
  const refused = (reason: string): OrderEvent[] => [{ type: 'StatusActionRefused', data: { ...record, reason } }];
  const action = (Object.keys(statusActionCommands) as (keyof typeof statusActionCommands)[]).find(
    (candidate) => orderTransitions[state.kind][candidate]?.to === command.status,
  );
  if (!action) return refused('ORDER_TRANSITION_NOT_ALLOWED');
  const decided = decideOrder({ type: statusActionCommands[action], at: command.at }, state);
  if (decided instanceof DomainError) return refused(decided.code);
  return [...decided, { type: 'StatusActionApplied', data: record }];
}

function recordProductionOrderDone(state: LiveOrderState, command: Extract<OrderCommand, { type: 'RecordProductionOrderDone' }>): OrderEvent[] | DomainError {
  const tracked = state.productionOrders.find((order) => order.orderId === command.productionOrderId);
  if (state.kind !== 'customer' || state.status !== 'in-progress' || !tracked) return new DomainError('NOT_FOUND');
  if (tracked.done) return [];
  const { orderId } = state;
  const { productionOrderId, good } = command;
  const done: OrderEvent = { type: 'ProductionOrderDone', data: { orderId, productionOrderId, ...(good === undefined ? {} : { good }), at: command.at } };
  const allDone = state.productionOrders.every((order) => order.done || order.orderId === command.productionOrderId);
  if (!allDone) return [done];
  // Made for stock, the pieces are in stock now; made for a customer, the order can ship.
  const ready: OrderEvent = state.details.stockOrder
    ? { type: 'OrderReadyToUse', data: { orderId, at: command.at } }
    : { type: 'OrderReadyToShip', data: { orderId, at: command.at } };
  return [done, ready];
}

/** Decides what an order command does, given the order's state: events to append, or why not. */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] | DomainError {
  if (command.type === 'CreateOrder' || command.type === 'CreateProductionOrder' || command.type === 'CreateSplitOrder') {
    if (state.status !== 'absent') return new DomainError('CONFLICT_ERROR');
    if (command.type === 'CreateSplitOrder') return createSplitOrder(command);
    return command.type === 'CreateOrder' ? createOrder(command) : createProductionOrder(command);
  }
  if (state.status === 'absent') return new DomainError('NOT_FOUND');
  const partMove = partMoveOf(state, command);
  if (partMove) return partMove;
  const action = actionOf(command);
  const refused = action ? transitionIsAllowed(state, action) : null;
  if (refused) return refused;
  const { orderId } = state;
  const at = command.at;
  switch (command.type) {
    case 'ChangeOrder': {
      const notEditable = orderMustBeEditable(state);
      if (notEditable) return notEditable;
      const content = contentOf(state.kind, command.form, command.materials, { found: command.clientFound ?? false, linkedBefore: state.clientId ?? null });
      if (content instanceof DomainError) return content;
      return [{ type: 'OrderChanged', data: { orderId, ...content, at } }];
    }
    case 'PlaceOrder':
      return [{ type: 'OrderPlaced', data: { orderId, at } }];
    case 'StartProduction':
      return startProduction(state, command);
    case 'StartWork': {
      const notHere = orderMustBeAtStation(state, command.stationId);
      if (notHere) return notHere;
      if (state.location?.stage === 'station' && state.location.workStartedAt)
        return refusedTransition(state, 'start-work', 'orders.validation.workAlreadyStarted');
      return [{ type: 'WorkStarted', data: { orderId, stationId: command.stationId, at } }];
    }
    case 'CompleteWork':
      return completeWork(state, command);
    case 'MeasureValue':
      return measureValue(state, command);
    case 'ApplyStatusAction':
      return applyStatusAction(state, command);
    case 'MoveToStation': {
      if (!command.stationExists) {
        return new DomainError('VALIDATION_ERROR', [{ path: 'toStationId', message: 'stations.validation.unknownStation' }]);
      }
      if (state.location?.stage !== 'station') return refusedTransition(state, 'move-to-station');
      if (state.location.stationId === command.toStationId) return refusedTransition(state, 'move-to-station', 'orders.validation.alreadyAtStation');
      return [{ type: 'OrderMovedToStation', data: { orderId, fromStationId: state.location.stationId, toStationId: command.toStationId, at } }];
    }
    case 'RecordProductionOrderDone':
      return recordProductionOrderDone(state, command);
    case 'RecordProductionOrderAdded': {
      if (state.kind !== 'customer') return new DomainError('NOT_FOUND');
      if (state.productionOrders.some((tracked) => tracked.orderId === command.productionOrder.orderId)) return [];
      return [{ type: 'ProductionOrderAdded', data: { orderId, productionOrder: command.productionOrder, splitFromOrderId: command.splitFromOrderId, at } }];
    }
    case 'MarkReadyToUse':
      return [{ type: 'OrderReadyToUse', data: { orderId, at } }];
    case 'MarkReadyToDispatch':
      return orderInShipmentMovesWithIt(state, command.shipmentId) ?? [{ type: 'OrderReadyForDispatch', data: { orderId, at } }];
    case 'Dispatch':
      return orderInShipmentMovesWithIt(state, command.shipmentId) ?? [{ type: 'OrderDispatched', data: { orderId, at } }];
    case 'Deliver':
      return orderInShipmentMovesWithIt(state, command.shipmentId) ?? [{ type: 'OrderDelivered', data: { orderId, at } }];
    case 'AssignToShipment':
      return assignToShipment(state, command);
    case 'Release':
      return releaseOnlyFromReadyForDispatch(state, command.shipmentId) ?? [{ type: 'OrderReleased', data: { orderId, shipmentId: command.shipmentId, at } }];
    case 'LeaveShipment': {
      if (shipmentOf(state) !== command.shipmentId) return [];
      // Given back first: an order leaves its shipment only while Ready to ship.
      if (state.status !== 'ready-to-ship') return notReleasable(state);
      return [{ type: 'OrderLeftShipment', data: { orderId, shipmentId: command.shipmentId, at } }];
    }
    case 'CheckIn': {
      const wrongStation = stationChecksInGoods(command.station.incomingGoodsCheckIn);
      if (wrongStation) return wrongStation;
      return [{ type: 'OrderCheckedIn', data: { orderId, stationId: command.station.stationId, stockAdded: stockMovesOf(state.positions), at } }];
    }
    case 'Finish':
      return [{ type: 'OrderFinished', data: { orderId, at } }];
    case 'Cancel':
      return [{ type: 'OrderCanceled', data: { orderId, at } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function createOrder(command: Extract<OrderCommand, { type: 'CreateOrder' }>): OrderEvent[] | DomainError {
  const content = contentOf(command.kind, command.form, command.materials, { found: command.clientFound ?? false, linkedBefore: null });
  if (content instanceof DomainError) return content;
  return [
    {
      type: 'OrderCreated',
      data: {
        ...numbered(command.order),
        kind: command.kind,
        ...content,
        parentOrderId: null,
        // Made without a customer order, a production order makes pieces for stock.
        forStock: command.kind === 'production',
        at: command.at,
      },
    },
  ];
}

function createProductionOrder(command: Extract<OrderCommand, { type: 'CreateProductionOrder' }>): OrderEvent[] | DomainError {
  const positions = command.positions.map((position) => ({ ...position, useInventory: false }));
  const overLimit = productionOrderWithinLimit(positions);
  if (overLimit) return overLimit;
  const { orderId } = command.order;
  return [
    {
      type: 'OrderCreated',
      data: {
        ...numbered(command.order),
        kind: 'production',
        details: { ...command.parent.details, stockOrder: false },
        positions,
        parentOrderId: command.parent.orderId,
        forStock: command.parent.stockOrder,
        at: command.at,
      },
    },
    { type: 'ProductionOrderStarted', data: { orderId, stationId: command.startStationId, at: command.at } },
  ];
}

const numbered = (order: NumberedOrder) => ({ orderId: order.orderId, number: order.number, orderNumber: order.orderNumber });

/**
 * The actions the order offers now, for the buttons of the order screen and the station screen:
 * the machine's table, narrowed by where a production order stands on the line.
 */
export function availableActions(state: OrderState): OrderAction[] {
  if (state.status === 'absent') return [];
  const location = state.location;
  const inShipment = shipmentOf(state) !== null;
  return orderActions.filter((action) => {
    if (!actionAllowed(state.kind, state.status, action)) return false;
    if (inShipment && shipmentDrivenActions.includes(action)) return false;
    if (action === 'start-work') return location?.stage === 'station' && !location.workStartedAt;
    if (action === 'complete-work') return location?.stage === 'station' && Boolean(location.workStartedAt);
    if (action === 'move-to-station') return location?.stage === 'station';
    return true;
  });
}

/** The order decider in the shape every decider has. */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  events: orderEvents,
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
