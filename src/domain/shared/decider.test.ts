import { describe, expect, it } from 'vitest';
import { eventCatalogue, foldEvents, isEventOf, type Decider } from './decider.js';

type CountEvent = { type: 'CountedV2'; data: { by: number } } | { type: 'Reset'; data: Record<string, never> };

const countEvents = eventCatalogue<CountEvent>({
  streamType: 'count',
  types: { CountedV2: true, Reset: true },
  // `Counted` landed first and always counted one.
  upcasters: { Counted: () => ({ type: 'CountedV2', data: { by: 1 } }) },
});

const counter: Decider<number, never, CountEvent> = {
  initialState: 0,
  events: countEvents,
  evolve: (count, event) => (event.type === 'CountedV2' ? count + event.data.by : 0),
  decide: () => [],
};

describe('event catalogue', () => {
  it('knows the current types by their discriminant and reads them as they are', () => {
    const event = { type: 'CountedV2', data: { by: 3 } };
    expect(countEvents.has(event)).toBe(true);
    expect(countEvents.read(event)).toBe(event);
  });

  it('upcasts a retired type and knows no other type', () => {
    expect(countEvents.has({ type: 'Counted', data: {} })).toBe(false);
    expect(countEvents.read({ type: 'Counted', data: {} })).toEqual({ type: 'CountedV2', data: { by: 1 } });
    expect(countEvents.read({ type: 'Doubled', data: {} })).toBeUndefined();
    // Not a property of every object: a type named like one is unknown too.
    expect(countEvents.read({ type: 'toString', data: {} })).toBeUndefined();
  });

  it('narrows an event to one type', () => {
    const counted = (by: number): CountEvent => ({ type: 'CountedV2', data: { by } });
    const event = counted(2);
    expect(isEventOf(event, 'CountedV2') && event.data.by).toBe(2);
    expect(isEventOf(event, 'Reset')).toBe(false);
  });
});

describe('foldEvents', () => {
  it('folds every event through the catalogue: old shapes upcast, unknown types left out', () => {
    const events = [
      { type: 'Counted', data: {} },
      { type: 'CountedV2', data: { by: 5 } },
      { type: 'Doubled', data: {} },
      { type: 'Counted', data: {} },
    ];
    expect(foldEvents(counter, events)).toBe(7);
    expect(foldEvents(counter, [{ type: 'Reset', data: {} }], 7)).toBe(0);
  });
});
