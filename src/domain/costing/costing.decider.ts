import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { CostingCommand } from './costing.commands.js';
import { costingEvents, type CostingEvent } from './costing.events.js';

/** The last rate or price set per target (`machine:<stationId>`, `labour:<target>:<id>`, `material:<id>`): its amount and day. */
export interface CostingState {
  latest: Readonly<Record<string, { amount: number; validFrom: string }>>;
}

/** The key of a rate's target in the state. */
export function targetKeyOf(event: CostingEvent | CostingCommand): string {
  switch (event.type) {
    case 'MachineRateSet':
      return `machine:${event.data.stationId}`;
    case 'LabourRateSet':
      return `labour:${event.data.target}:${event.data.targetId ?? ''}`;
    case 'MaterialPriceSet':
      return `material:${event.data.materialId}`;
    case 'SetMachineRate':
      return `machine:${event.stationId}`;
    case 'SetLabourRate':
      return `labour:${event.target}:${event.targetId ?? ''}`;
    case 'SetMaterialPrice':
      return `material:${event.materialId}`;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * A named rule: a rate or price is never valid from a day before today (the company's), so no cost
 * of work already done changes when a rate is set; history stays as it was computed.
 */
export const validFromInThePast = (command: CostingCommand): boolean => command.validFrom < command.today;

const amountOf = (event: CostingEvent): number => (event.type === 'MaterialPriceSet' ? event.data.price : event.data.hourlyRate);
const commandAmountOf = (command: CostingCommand): number => (command.type === 'SetMaterialPrice' ? command.price : command.hourlyRate);

export function evolveCosting(state: CostingState, event: CostingEvent): CostingState {
  return { latest: { ...state.latest, [targetKeyOf(event)]: { amount: amountOf(event), validFrom: event.data.validFrom } } };
}

function eventOf(command: CostingCommand): CostingEvent {
  const validity = { validFrom: command.validFrom, effectiveFrom: command.effectiveFrom, setBy: command.setBy, at: command.at };
  switch (command.type) {
    case 'SetMachineRate':
      return { type: 'MachineRateSet', data: { rateId: command.id, stationId: command.stationId, hourlyRate: command.hourlyRate, ...validity } };
    case 'SetLabourRate':
      return {
        type: 'LabourRateSet',
        data: {
          rateId: command.id,
          target: command.target,
          targetId: command.target === 'standard' ? null : command.targetId,
          hourlyRate: command.hourlyRate,
          ...validity,
        },
      };
    case 'SetMaterialPrice':
      return { type: 'MaterialPriceSet', data: { priceId: command.id, materialId: command.materialId, price: command.price, ...validity } };
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function decideCosting(command: CostingCommand, state: CostingState): CostingEvent[] | DomainError {
  if (validFromInThePast(command)) {
    return new DomainError('COSTING_VALID_FROM_PAST', [{ path: 'validFrom', message: 'errors.COSTING_VALID_FROM_PAST' }]);
  }
  if (command.type === 'SetLabourRate' && (command.target === 'standard') !== (command.targetId === null)) {
    return new DomainError('VALIDATION_ERROR', [{ path: 'targetId', message: 'validation.required' }]);
  }
  const latest = state.latest[targetKeyOf(command)];
  // The same amount from the same day again changes nothing (a double tap, a retried request).
  if (latest && latest.validFrom === command.validFrom && latest.amount === commandAmountOf(command)) return [];
  return [eventOf(command)];
}

export const costingDecider: Decider<CostingState, CostingCommand, CostingEvent> = {
  initialState: { latest: {} },
  evolve: evolveCosting,
  decide: decideCosting,
  events: costingEvents,
};
