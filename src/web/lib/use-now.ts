import { useSyncExternalStore } from 'react';

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
}

// One timer per period for the whole page, however many durations show: started by the first reader, stopped by the last.
const tickers = new Map<number, Ticker>();

function tickerOf(periodMs: number): Ticker {
  let ticker = tickers.get(periodMs);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: undefined };
    tickers.set(periodMs, ticker);
  }
  return ticker;
}

function subscribe(periodMs: number, listener: () => void): () => void {
  const ticker = tickerOf(periodMs);
  ticker.listeners.add(listener);
  if (!ticker.timer) {
    // A ticker idle since its last reader left reads an old time; a fresh one is left alone (no render for nothing).
    if (Date.now() - ticker.now >= periodMs) ticker.now = Date.now();
    ticker.timer = setInterval(() => {
      ticker.now = Date.now();
      for (const notify of ticker.listeners) notify();
    }, periodMs);
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0) {
      clearInterval(ticker.timer);
      ticker.timer = undefined;
    }
  };
}

// One subscribe function per period, kept for the page's life: useSyncExternalStore subscribes anew whenever the
// function changes, and a new subscription of a lone reader restarted the ticker and changed the time it reads,
// which rendered again, without end.
const subscribers = new Map<number, (listener: () => void) => () => void>();

function subscriberOf(periodMs: number): (listener: () => void) => () => void {
  let subscriber = subscribers.get(periodMs);
  if (!subscriber) {
    subscriber = (listener) => subscribe(periodMs, listener);
    subscribers.set(periodMs, subscriber);
  }
  return subscriber;
}

/**
 * The clock's time (epoch ms), read again every `periodMs` (default: each second), so a duration
 * that runs on ("since 01:47 (3 minutes)") advances on a screen left open. Every reader of a period
 * shares one timer; the prerender reads 0.
 */
export function useNow(periodMs = 1000): number {
  return useSyncExternalStore(
    subscriberOf(periodMs),
    () => tickerOf(periodMs).now,
    () => 0,
  );
}
