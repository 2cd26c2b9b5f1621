import type { DomainError } from './errors.js';

/** A fact as a decider sees it: its type (past tense) and its payload. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * The events of one stream type as code reads them back: the types of the union in their current
 * shape, and an upcaster for each older shape (a landed shape is never edited; a changed one gets a
 * new type name and an upcaster here). Defined once beside the union, in `<module>.events.ts`.
 * Reading checks the discriminant only (`type`), not the payload: what was appended was typed and
 * validated by the command that decided it, so a full parse of every payload would only cost time.
 */
export interface EventCatalogue<Event extends DomainEvent> {
  /** The stream type whose events these are. */
  readonly streamType: string;
  /** Whether the event is of a type of the union, in its current shape. */
  has(event: DomainEvent): event is Event;
  /** The event in its current shape (upcast when it is an older one); undefined for a type this code does not know. */
  read(event: DomainEvent): Event | undefined;
}

/** The event union a catalogue reads. */
export type EventOf<Catalogue> = Catalogue extends EventCatalogue<infer Event> ? Event : never;

/** The payload of one type of an event union, e.g. for a command that carries what its event records. */
export type EventData<Event extends DomainEvent, Type extends Event['type']> = Extract<Event, { type: Type }>['data'];

/** A function that maps an older shape of an event to its current one. */
export type Upcaster<Event extends DomainEvent> = (event: DomainEvent) => Event;

/**
 * The catalogue of one stream type's events. `types` lists every type of the union (the typecheck
 * fails on a missing or an unknown one); `upcasters` maps each retired type name to the current shape.
 */
export function eventCatalogue<Event extends DomainEvent>(spec: {
  streamType: string;
  types: { readonly [Type in Event['type']]: true };
  upcasters?: Readonly<Record<string, Upcaster<Event>>>;
}): EventCatalogue<Event> {
  const has = (event: DomainEvent): event is Event => Object.hasOwn(spec.types, event.type);
  const upcasters = spec.upcasters ?? {};
  return {
    streamType: spec.streamType,
    has,
    read(event) {
      if (has(event)) return event;
      return Object.hasOwn(upcasters, event.type) ? upcasters[event.type](event) : undefined;
    },
  };
}

/** Whether an event is of this one type: narrows a union to the member of that type. */
export const isEventOf = <Event extends DomainEvent, Type extends Event['type']>(event: Event, type: Type): event is Extract<Event, { type: Type }> =>
  event.type === type;

/**
 * The shape every event-sourced module's domain has: a state folded from its events, and a pure
 * decision that turns a command and the current state into new events or a refusal. Time and ids
 * arrive on the command, so replay and tests are deterministic.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[] | DomainError;
  /** The stream's events: how an event as stored (possibly an older shape) becomes one `evolve` reads. */
  events: EventCatalogue<Event>;
}

/**
 * The state after these events: the one fold of a stream, whoever folds (the command path, a
 * projection, the server's history, the browser's replay). Each event is read through the
 * decider's catalogue, so older shapes are upcast before `evolve` sees them; a type this code does
 * not know (sent by a newer server to the browser) is left out of the fold.
 */
export function foldEvents<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  events: readonly DomainEvent[],
  from: State = decider.initialState,
): State {
  let state = from;
  for (const stored of events) {
    const event = decider.events.read(stored);
    if (event) state = decider.evolve(state, event);
  }
  return state;
}
