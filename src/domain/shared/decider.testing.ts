import { expect } from 'vitest';
import { foldEvents, type Decider, type DomainEvent } from './decider.js';
import { DomainError, type ErrorCode, type ErrorDetail } from './errors.js';

/** What a decider answered to one command, with the two checks a decider test makes of it. */
export interface Decision<Event> {
  /** The events decided, or the refusal. */
  result: Event[] | DomainError;
  /** Exactly these events (a refusal fails with its code and details); answers them, to fold on. */
  then(expected: Event[]): Event[];
  /** A refusal with this code, and exactly these details when given. */
  thenError(code: ErrorCode, details?: ErrorDetail[]): void;
  /** A refusal with this code and, among its details, one with these fields. */
  thenErrorIncluding(code: ErrorCode, detail: Partial<ErrorDetail>): void;
}

/**
 * The given/when/then of decider tests, one for every module (a test helper beside the domain, never imported by
 * code that ships): `const given = givenFor(orderDecider);` then
 * `given(created, started).when(finish).then([finished])` or `.thenError('ORDER_NOT_STARTED')`. The events fold
 * through the decider's own `evolve` (and its upcaster), as the server folds them.
 */
export function givenFor<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return (...events: Event[]) => {
    const state = foldEvents(decider, events);
    return {
      state,
      when(command: Command): Decision<Event> {
        return decisionOf(decider.decide(command, state));
      },
    };
  };
}

function decisionOf<Event>(result: Event[] | DomainError): Decision<Event> {
  return {
    result,
    then(expected) {
      if (result instanceof DomainError) throw new Error(`expected events, got ${result.code}: ${JSON.stringify(result.details)}`);
      expect(result).toEqual(expected);
      return result;
    },
    thenError(code, details) {
      expect(result).toBeInstanceOf(DomainError);
      expect((result as DomainError).code).toBe(code);
      if (details) expect((result as DomainError).details).toEqual(details);
    },
    thenErrorIncluding(code, detail) {
      expect(result).toBeInstanceOf(DomainError);
      expect((result as DomainError).code).toBe(code);
      expect((result as DomainError).details).toEqual(expect.arrayContaining([expect.objectContaining(detail)]));
    },
  };
}
