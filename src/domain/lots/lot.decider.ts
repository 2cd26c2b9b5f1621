import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { LotCommand } from './lot.commands.js';
import { lotEvents, type LotEvent, type LotOrigin } from './lot.events.js';
import { fromThousandths, thousandths } from './lot.schema.js';

export interface LotConsumption {
  orderId: string;
  orderNumber: string;
  quantity: number;
  consumedBy: string;
  at: string;
}

/** A lot as its events made it. */
export interface LotRecord {
  status: 'recorded';
  lotId: string;
  number: string;
  origin: LotOrigin;
  materialId: string;
  materialName: string;
  materialNumber: string;
  unit: string;
  /** The logistics order that brought it, or the production order that made it. */
  orderId: string;
  orderNumber: string;
  /** Bought lots: the supplier and its lot (heat) number; made ones: ''. */
  supplier: string;
  supplierLotNumber: string;
  quantity: number;
  remaining: number;
  receivedOn: string;
  certificate: { certificateId: string; fileName: string; size: number; at: string } | null;
  consumptions: LotConsumption[];
  /** A produced lot of a material with serial numbers: one per piece (absent on lots recorded before serials existed). */
  serials?: string[];
  recordedAt: string;
}

export type LotState = { status: 'absent' } | LotRecord;

export function evolveLot(state: LotState, event: LotEvent): LotState {
  switch (event.type) {
    case 'LotReceived': {
      const { lotId, number, materialId, materialName, materialNumber, unit, orderId, orderNumber, supplier, supplierLotNumber, quantity, receivedOn, at } =
        event.data;
      const common = { lotId, number, materialId, materialName, materialNumber, unit, orderId, orderNumber, quantity, remaining: quantity };
      return {
        status: 'recorded',
        origin: 'received',
        ...common,
        supplier,
        supplierLotNumber,
        receivedOn,
        certificate: null,
        consumptions: [],
        recordedAt: at,
      };
    }
    case 'LotProduced': {
      const { lotId, number, materialId, materialName, materialNumber, unit, orderId, orderNumber, quantity, at } = event.data;
      const common = { lotId, number, materialId, materialName, materialNumber, unit, orderId, orderNumber, quantity, remaining: quantity };
      return {
        status: 'recorded',
        origin: 'produced',
        ...common,
        supplier: '',
        supplierLotNumber: '',
        receivedOn: at.slice(0, 10),
        certificate: null,
        consumptions: [],
        recordedAt: at,
      };
    }
    case 'LotCertificateAttached': {
      if (state.status === 'absent') return state;
      const { lotId: _lotId, ...certificate } = event.data;
      return { ...state, certificate };
    }
    case 'LotConsumed': {
      if (state.status === 'absent') return state;
      const { lotId: _lotId, ...consumption } = event.data;
      const remaining = fromThousandths(thousandths(state.remaining) - thousandths(consumption.quantity));
      return { ...state, remaining, consumptions: [...state.consumptions, consumption] };
    }
    case 'LotSerialsAssigned': {
      if (state.status === 'absent') return state;
      return { ...state, serials: event.data.serials };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

const invalid = (path: string, message: string) => new DomainError('VALIDATION_ERROR', [{ path, message }]);

/** A lot is received from a logistics order whose goods arrived (delivered or finished), for a material it brought. */
export function receiptNeeds(command: Extract<LotCommand, { type: 'ReceiveLot' }>): DomainError | undefined {
  const { order, material } = command;
  if (!order || order.kind !== 'logistics') return invalid('orderId', 'lots.validation.order');
  if (order.status !== 'delivered' && order.status !== 'finished') return new DomainError('LOT_ORDER_NOT_RECEIVED');
  if (!material?.onOrder) return invalid('materialId', 'lots.validation.material');
  return undefined;
}

/** Consumption never exceeds what is left of a lot (`lotCannotGoBelowZero`): 409 LOT_REMAINING_EXCEEDED with what is left. */
export function lotCannotGoBelowZero(lot: LotRecord, quantity: number): DomainError | undefined {
  if (thousandths(quantity) <= thousandths(lot.remaining)) return undefined;
  return new DomainError('LOT_REMAINING_EXCEEDED', [
    { path: 'quantity', message: 'errors.LOT_REMAINING_EXCEEDED', params: { remaining: lot.remaining, unit: lot.unit, lot: lot.number } },
  ]);
}

/** Serials are one per piece (`serialPerPiece`): as many as the lot's whole pieces, each once. */
export function serialsNeeds(serials: readonly string[], quantity: number): DomainError | undefined {
  if (!Number.isInteger(quantity) || serials.length !== quantity || new Set(serials).size !== serials.length) {
    return invalid('serials', 'lots.validation.serialPerPiece');
  }
  return undefined;
}

export function decideLot(command: LotCommand, state: LotState): LotEvent[] | DomainError {
  switch (command.type) {
    case 'ReceiveLot': {
      if (state.status !== 'absent') return [];
      const refused = receiptNeeds(command);
      if (refused || !command.order || !command.material) return refused ?? invalid('orderId', 'lots.validation.order');
      const { onOrder: _onOrder, ...material } = command.material;
      const { orderId, orderNumber, supplier } = command.order;
      const { lotId, number, supplierLotNumber, quantity, receivedOn, at } = command;
      return [{ type: 'LotReceived', data: { lotId, number, ...material, orderId, orderNumber, supplier, supplierLotNumber, quantity, receivedOn, at } }];
    }
    case 'ProduceLot': {
      if (state.status !== 'absent') return [];
      const { lotId, number, material, orderId, orderNumber, quantity, serials, at } = command;
      const produced: LotEvent = { type: 'LotProduced', data: { lotId, number, ...material, orderId, orderNumber, quantity, at } };
      if (serials === undefined) return [produced];
      const refused = serialsNeeds(serials, quantity);
      if (refused) return refused;
      return [produced, { type: 'LotSerialsAssigned', data: { lotId, serials, at } }];
    }
    case 'AttachCertificate': {
      if (state.status === 'absent') return new DomainError('NOT_FOUND');
      const { type: _type, ...certificate } = command;
      return [{ type: 'LotCertificateAttached', data: { lotId: state.lotId, ...certificate } }];
    }
    case 'ConsumeLot': {
      if (state.status === 'absent') return new DomainError('NOT_FOUND');
      const { order } = command;
      if (!order || order.kind !== 'production' || order.status === 'canceled') return invalid('orderId', 'lots.validation.productionOrder');
      if (command.materialId !== undefined && command.materialId !== state.materialId) {
        return new DomainError('VALIDATION_ERROR', [
          { path: 'lot', message: 'lots.validation.otherMaterial', params: { lot: state.number, material: state.materialName } },
        ]);
      }
      const refused = lotCannotGoBelowZero(state, command.quantity);
      if (refused) return refused;
      const { quantity, consumedBy, at } = command;
      return [{ type: 'LotConsumed', data: { lotId: state.lotId, orderId: order.orderId, orderNumber: order.orderNumber, quantity, consumedBy, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const lotDecider: Decider<LotState, LotCommand, LotEvent> = {
  initialState: { status: 'absent' },
  evolve: evolveLot,
  decide: decideLot,
  events: lotEvents,
};
