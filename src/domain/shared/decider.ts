import type { DomainError } from './errors.js';

/** A fact as a decider sees it: its type (past tense) and its payload. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * The shape every event-sourced module's domain has: a state folded from its events, and a pure
 * decision that turns a command and the current state into new events or a refusal. Time and ids
 * arrive on the command, so replay and tests are deterministic.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[] | DomainError;
  /**
   * Turns an event as stored (possibly an older shape of its type) into the shape `evolve` reads.
   * Landed event shapes are never edited; a changed shape gets an upcaster here instead.
   */
  upcast?(event: DomainEvent): Event;
}

/** The state after these events: what the server decides on and what the browser replays. */
export function foldEvents<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  events: readonly DomainEvent[],
  from: State = decider.initialState,
): State {
  const upcast = decider.upcast ?? ((event: DomainEvent) => event as Event);
  return events.reduce((state, event) => decider.evolve(state, upcast(event)), from);
}
