/**
 * The one clock of the server and the jobs. Production reads the system time; tests pass a
 * clock they set, so "today", trial ends and delays are asserted on any day the suite runs.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told otherwise (tests, simulations). */
export interface SettableClock extends Clock {
  set(at: Date | string): void;
  advance(milliseconds: number): void;
}

/**
 * A clock that runs with the system time, shifted by what it is told: for a test whose work must take
 * time (an order worked on for ten minutes) or reach a moment (a working day's end) without waiting.
 */
export function runningClock(): SettableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set(at) {
      offset = new Date(at).getTime() - Date.now();
    },
    advance(milliseconds) {
      offset += milliseconds;
    },
  };
}

export function settableClock(at: Date | string): SettableClock {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
    advance(milliseconds) {
      current = new Date(current.getTime() + milliseconds);
    },
  };
}
