import { describe, expect, it } from 'vitest';
import { waitingTakesAway } from './queued-work';

const tap = (kind: string, body: Record<string, unknown> = {}) => ({ kind, body: { version: 3, stationId: 's', ...body } });

describe('taps waiting to be sent take an order away from the station', () => {
  it('a move or a completion of every piece does', () => {
    expect(waitingTakesAway([tap('move-to-station', { toStationId: 't' })], 10)).toBe(true);
    expect(waitingTakesAway([tap('complete-work')], 10)).toBe(true);
    expect(waitingTakesAway([tap('complete-work', { good: 7, scrap: 3, rework: 0 })], 10)).toBe(true);
    // "Complete the rest": no good count, every piece not scrap or rework is good.
    expect(waitingTakesAway([tap('complete-work', { scrap: 2, rework: 0 })], 10)).toBe(true);
  });

  it('a partial report leaves the rest at the station, in work, until a later tap reports it', () => {
    const partial = tap('complete-work', { good: 4, scrap: 1, rework: 0 });
    expect(waitingTakesAway([tap('start-work'), partial], 10)).toBe(false);
    expect(waitingTakesAway([partial, tap('complete-work', { good: 5, scrap: 0, rework: 0 })], 10)).toBe(true);
    expect(waitingTakesAway([partial, tap('complete-work', { good: 4, scrap: 0, rework: 0 })], 10)).toBe(false);
  });

  it('an order that counts no pieces leaves with any completion; starts and measurements never take it away', () => {
    expect(waitingTakesAway([tap('complete-work', { good: 1 })], null)).toBe(true);
    expect(waitingTakesAway([tap('start-work'), tap('measure')], 10)).toBe(false);
  });
});
