import { describe, expect, it } from 'vitest';
import { plannedMinutesFor, plannedTimeAt } from './planned-time.rules.js';

const saw = '00000000-0000-4000-8000-000000000001';
const paint = '00000000-0000-4000-8000-000000000002';

describe('planned times at a station', () => {
  it('sums the setup and per-piece minutes of the steps assigned to the station', () => {
    const steps = [
      { time: 1.5, setupTime: 10, stationId: saw },
      { time: 0.25, setupTime: null, stationId: saw },
      { time: 4, setupTime: 30, stationId: paint },
      { time: 9, setupTime: 9, stationId: null },
    ];
    expect(plannedTimeAt(steps, saw)).toEqual({ setupMinutes: 10, pieceMinutes: 1.75 });
    expect(plannedMinutesFor(plannedTimeAt(steps, saw), 50)).toBe(97.5);
  });

  it('is unknown where no step of the station is planned (steps saved before setup times have none)', () => {
    const steps = [{ time: null, stationId: saw }];
    expect(plannedTimeAt(steps, saw)).toEqual({ setupMinutes: null, pieceMinutes: null });
    expect(plannedMinutesFor(plannedTimeAt(steps, saw), 50)).toBeNull();
    expect(plannedMinutesFor({ setupMinutes: 15, pieceMinutes: null }, 50)).toBe(15);
  });
});
