import type { EventStore } from './event-store.js';

export interface WakeLoopOptions {
  /** One round of work (read the log, hand it on). A throw is reported and retried later. */
  step(): Promise<unknown>;
  /** How long to wait for a hint before the next round, in ms; read before every wait. */
  pollMs: () => number;
  /** Commit hints: one cuts a wait short, one during a step makes the next round start at once. */
  hints?: Pick<EventStore, 'onCommitted'>;
  onError(error: unknown): void;
  /** Longest wait after failures in a row, in ms (never below the poll interval). Default 5000. */
  maxBackoffMs?: number;
}

export interface WakeLoop {
  start(): void;
  /** True from `start()` until `stop()`: a step that reads in batches stops early once it is false. */
  isRunning(): boolean;
  /** As a commit hint: ends the current wait, or skips the next one if a step is running. */
  wake(): void;
  /** Stops after the step in flight and waits for it; ends a wait at once. */
  stop(): Promise<void>;
}

/**
 * The loop of every log reader (consumers, the job dispatcher, the live tailer): run a step, then
 * wait for a commit hint or the poll interval. Hints are local to this process and never required;
 * the poll finds what other instances committed. After a failure the wait doubles with each failure
 * in a row, up to `maxBackoffMs`, and hints do not cut it short, so a database or Redis that is down
 * is not hammered by every commit.
 */
export function createWakeLoop(options: WakeLoopOptions): WakeLoop {
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  let running = false;
  let hinted = false;
  let failures = 0;
  let done: Promise<void> = Promise.resolve();
  let endWait: ((byHint: boolean) => void) | undefined;
  let unsubscribe: (() => void) | undefined;

  const wait = (ms: number, hintEnds: boolean) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(finish, ms);
      timer.unref();
      function finish() {
        clearTimeout(timer);
        endWait = undefined;
        resolve();
      }
      endWait = (byHint) => {
        if (hintEnds || !byHint) finish();
      };
    });

  const backoffMs = () => {
    const pollMs = options.pollMs();
    return Math.min(pollMs * 2 ** (failures - 1), Math.max(maxBackoffMs, pollMs));
  };

  const loop = async () => {
    while (running) {
      hinted = false;
      try {
        await options.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        options.onError(error);
      }
      if (!running) break;
      if (failures > 0) await wait(backoffMs(), false);
      else if (!hinted) await wait(options.pollMs(), true);
    }
  };

  const wake = () => {
    hinted = true;
    endWait?.(true);
  };

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.hints?.onCommitted(wake);
      done = loop();
    },
    isRunning: () => running,
    wake,
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = undefined;
      endWait?.(false);
      await done;
    },
  };
}
