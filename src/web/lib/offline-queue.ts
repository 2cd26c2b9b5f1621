import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ErrorCode, ErrorDetail } from '../../domain/shared/errors';
import { apiRequest, isApiError } from './api';
import { sendCommand } from './resources/commands';

/**
 * The station tablet's durable command queue (docs/offline-station.md). A command the station
 * decides while the connection is gone (or while older ones still wait) goes into IndexedDB with
 * its idempotency key and the version it was decided on, and survives a reload. Once the network
 * is back the queue is sent in order, each command with its key (so a command the server already
 * ran, whose answer was lost, is answered from the server's store, never run twice). A command
 * the server refuses for its content (409 the order moved meanwhile, 403, 404, 422) stays in the
 * queue as refused, with the record as it is now, until the operator dismisses it; the rest goes on.
 * An unreachable server (status 0), a 5xx, 429 or a key still in use stop the round: it is tried
 * again later in the same order. A 401 ends the session (lib/api.ts); the queue stays with the user
 * and goes out when the same user signs in at the station again.
 */

/** What the station queues: the order actions, a measured value, and whatever the caller names. */
export type QueuedKind = 'start-work' | 'complete-work' | 'move-to-station' | 'measure' | (string & {});

export interface QueueRefusal {
  status: number;
  code: ErrorCode;
  details: ErrorDetail[];
  /** The record as the server has it after the refusal (`readPath`), when it could be read. */
  now?: unknown;
  /** Refused without sending: the command it was decided after was refused. */
  becauseOf?: string;
}

export interface QueuedCommand {
  /** The idempotency key: one per tap, kept across retries and reloads. */
  key: string;
  /** Order of the taps. */
  seq: number;
  /** `<userId>:<stationId>`: a queue belongs to one operator at one station. */
  owner: string;
  /** `POST /api<path>` with `body`. */
  path: string;
  body: Record<string, unknown> & { version?: number };
  /**
   * The key of the queued command this one was decided after (the same order): its answer's
   * version replaces `body.version` before sending, and its refusal refuses this one too.
   */
  after: string | null;
  kind: QueuedKind;
  /** The record the command acts on, read again after a refusal to show what happened instead. */
  recordId: string;
  recordLabel: string;
  readPath?: string;
  /** A word about the command for the list (the station moved to, the value measured). */
  detail?: string;
  queuedAt: string;
  state: 'waiting' | 'refused';
  refusal?: QueueRefusal;
}

export type NewQueuedCommand = Omit<QueuedCommand, 'seq' | 'owner' | 'state' | 'refusal' | 'queuedAt' | 'key'> & { key?: string };

interface StationDb extends DBSchema {
  commands: { key: string; value: QueuedCommand };
  snapshots: { key: string; value: { savedAt: string; value: unknown } };
}

const DB_NAME = 'shopfloor-station';
const OFFLINE_SINCE_KEY = 'shopfloor.offlineSince';
const RETRY_MS = 3000;

let database: Promise<IDBPDatabase<StationDb>> | null = null;
function db() {
  database ??= openDB<StationDb>(DB_NAME, 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore('commands', { keyPath: 'key' });
      upgrade.createObjectStore('snapshots');
    },
  });
  return database;
}

export interface QueueState {
  owner: string | null;
  /** The owner's commands in the order tapped: waiting and refused. */
  items: readonly QueuedCommand[];
  /** When the connection was found gone (ISO), null while online. */
  offlineSince: string | null;
  /** A round is sending now. */
  sending: boolean;
}

function readOfflineSince(): string | null {
  try {
    return localStorage.getItem(OFFLINE_SINCE_KEY);
  } catch {
    return null;
  }
}

let state: QueueState = { owner: null, items: [], offlineSince: readOfflineSince(), sending: false };
const listeners = new Set<() => void>();
const appliedListeners = new Set<(command: QueuedCommand, answer: unknown) => void>();

function setState(next: Partial<QueueState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The queue as it stands (for tests and non-React callers). */
export const queueState = (): QueueState => state;

/**
 * Called for every queued command the server answered, applied or refused (`answer` undefined), to
 * refresh what shows it: after a refusal the screen shows the record as it is now.
 */
export function onQueuedApplied(listener: (command: QueuedCommand, answer: unknown) => void): () => void {
  appliedListeners.add(listener);
  return () => void appliedListeners.delete(listener);
}

/** Marks the connection gone from now (kept across a reload), or back. */
export function setOffline(offline: boolean, at: Date = new Date()) {
  if (offline === (state.offlineSince !== null)) return;
  const since = offline ? at.toISOString() : null;
  try {
    if (since) localStorage.setItem(OFFLINE_SINCE_KEY, since);
    else localStorage.removeItem(OFFLINE_SINCE_KEY);
  } catch {
    // Private mode without storage: the mark lives until the reload.
  }
  setState({ offlineSince: since });
}

/** Whether a new command has to queue: offline, or older ones still wait (order is kept). */
export const mustQueue = (current: QueueState = state) =>
  current.offlineSince !== null || current.items.some((item) => item.state === 'waiting') || (typeof navigator !== 'undefined' && !navigator.onLine);

async function loadOwner(owner: string) {
  const all = await (await db()).getAll('commands');
  const items = all.filter((item) => item.owner === owner).sort((a, b) => a.seq - b.seq);
  if (state.owner === owner) setState({ items });
}

let seqCounter = 0;
const nextSeq = () => Date.now() * 1000 + (seqCounter++ % 1000);

/** Puts a command at the end of the owner's queue (durably) and tries to send. Answers the stored command. */
export async function enqueue(owner: string, command: NewQueuedCommand): Promise<QueuedCommand> {
  const stored: QueuedCommand = {
    ...command,
    key: command.key ?? crypto.randomUUID(),
    seq: nextSeq(),
    owner,
    state: 'waiting',
    queuedAt: new Date().toISOString(),
  };
  await (await db()).put('commands', stored);
  if (state.owner === owner) setState({ items: [...state.items, stored] });
  void flushQueue();
  return stored;
}

/** The operator has seen a refused command: it leaves the list. */
export async function dismiss(key: string) {
  await (await db()).delete('commands', key);
  setState({ items: state.items.filter((item) => item.key !== key) });
}

async function refuse(command: QueuedCommand, refusal: QueueRefusal) {
  const refused: QueuedCommand = { ...command, state: 'refused', refusal };
  await (await db()).put('commands', refused);
  setState({ items: state.items.map((item) => (item.key === command.key ? refused : item)) });
  appliedListeners.forEach((listener) => listener(refused, undefined));
}

async function applied(command: QueuedCommand, answer: unknown) {
  const version = typeof answer === 'object' && answer !== null ? (answer as { version?: unknown }).version : undefined;
  const store = await db();
  const tx = store.transaction('commands', 'readwrite');
  const next: QueuedCommand[] = [];
  for (const item of state.items) {
    if (item.key === command.key) continue;
    if (item.after === command.key) {
      // Decided after this one: it goes out on the version this one's answer has.
      const rebased = { ...item, after: null, body: typeof version === 'number' ? { ...item.body, version } : item.body };
      await tx.store.put(rebased);
      next.push(rebased);
    } else next.push(item);
  }
  await tx.store.delete(command.key);
  await tx.done;
  setState({ items: next });
  appliedListeners.forEach((listener) => listener(command, answer));
}

const isTransient = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 429 || error.code === 'IDEMPOTENCY_KEY_IN_USE';

/** Sends one command with its key: the answer, or throws the ApiError. */
export const sendWithKey = <T>(path: string, body: unknown, key: string) => sendCommand<T>('POST', path, body, { idempotencyKey: key });

let retry: ReturnType<typeof setTimeout> | undefined;
function retryLater() {
  clearTimeout(retry);
  retry = setTimeout(() => void flushQueue(), RETRY_MS);
}

async function sendRound() {
  for (;;) {
    const next = state.items.find((item) => item.state === 'waiting');
    if (!next) return;
    if (next.after) {
      const before = state.items.find((item) => item.key === next.after);
      if (before?.state === 'refused') {
        await refuse(next, { status: 409, code: 'CONFLICT_ERROR', details: [], becauseOf: before.key });
        continue;
      }
    }
    let answer: unknown;
    try {
      answer = await sendWithKey(next.path, next.body, next.key);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return; // the session has ended (lib/auth.tsx)
      if (isApiError(error) && error.code === 'IDEMPOTENCY_ANSWER_LOST') {
        // The server ran it (a server that died after the commit lost the answer): applied, with
        // the record as the server has it now, so what was decided after it goes out on that.
        const now: unknown = next.readPath ? await apiRequest('GET', next.readPath).catch(() => undefined) : undefined;
        setOffline(false);
        await applied(next, now);
        continue;
      }
      if (isTransient(error)) {
        if (isApiError(error) && error.status === 0) setOffline(true);
        retryLater();
        return;
      }
      const refusal: QueueRefusal = isApiError(error)
        ? { status: error.status, code: error.code, details: error.details }
        : { status: 0, code: 'UNKNOWN_ERROR', details: [] };
      if (next.readPath) refusal.now = await apiRequest('GET', next.readPath).catch(() => undefined);
      await refuse(next, refusal);
      continue;
    }
    setOffline(false);
    await applied(next, answer);
  }
}

let round: Promise<void> | null = null;
/** Sends the waiting commands in order (one round at a time; a call during a round joins it). */
export function flushQueue(): Promise<void> {
  // Without a network the browser's 'online' event starts the next round.
  if (!state.owner || (typeof navigator !== 'undefined' && !navigator.onLine)) return Promise.resolve();
  round ??= (async () => {
    setState({ sending: true });
    try {
      await sendRound();
    } finally {
      round = null;
      setState({ sending: false });
    }
  })();
  return round;
}

let watching = false;
function watchConnection() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('offline', () => setOffline(true));
  window.addEventListener('online', () => {
    setOffline(false);
    void flushQueue();
  });
  if (!navigator.onLine) setOffline(true);
}

/** Opens the queue of one operator at one station (or none) and sends what waits. */
export async function openQueue(owner: string | null) {
  watchConnection();
  if (state.owner === owner) {
    // The same operator back at the station (a new sign-in after a 401): what waits goes out now.
    if (owner) void flushQueue();
    return;
  }
  setState({ owner, items: [] });
  if (!owner) return;
  await loadOwner(owner);
  if (navigator.onLine) void flushQueue();
}

/** The station's queue, kept current; opens it for `owner` while mounted. */
export function useOfflineQueue(owner: string | null): QueueState {
  useEffect(() => {
    void openQueue(owner);
  }, [owner]);
  return useSyncExternalStore(subscribe, queueState);
}

/**
 * Sends a command at once when nothing waits and the connection is there, else queues it. A
 * server that cannot be reached (or fails) queues it with the same key, so a command that did
 * reach the server is not run twice. Answers how it went.
 */
export async function submitCommand<T>(
  owner: string,
  command: NewQueuedCommand,
): Promise<{ kind: 'applied'; answer: T } | { kind: 'queued'; command: QueuedCommand } | { kind: 'refused'; error: unknown }> {
  const key = command.key ?? crypto.randomUUID();
  if (mustQueue()) return { kind: 'queued', command: await enqueue(owner, { ...command, key }) };
  try {
    const answer = await sendWithKey<T>(command.path, command.body, key);
    return { kind: 'applied', answer };
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && isTransient(error)) {
      if (error.status === 0) setOffline(true);
      return { kind: 'queued', command: await enqueue(owner, { ...command, key }) };
    }
    return { kind: 'refused', error };
  }
}

/** Keeps a copy of a read (the worklist, an order) for a reload without network. */
export async function saveSnapshot(name: string, value: unknown) {
  try {
    await (await db()).put('snapshots', { savedAt: new Date().toISOString(), value }, name);
  } catch {
    // No IndexedDB (private mode): nothing is kept, the screen needs the network then.
  }
}

/**
 * Forgets every kept read (worklists, orders, station lists of every operator who used this
 * device): called when a session ends, by sign-out or by the server, so the next person at a
 * shared tablet finds none of them (issue 26). Waiting commands stay: each is bound to its
 * operator and station and goes out only when that operator signs in there again.
 */
export async function clearSnapshots() {
  try {
    await (await db()).clear('snapshots');
  } catch {
    // No IndexedDB: nothing was kept.
  }
}

/** The kept copy of a read, or undefined. */
export async function loadSnapshot<T>(name: string): Promise<{ savedAt: string; value: T } | undefined> {
  try {
    return (await (await db()).get('snapshots', name)) as { savedAt: string; value: T } | undefined;
  } catch {
    return undefined;
  }
}

/**
 * A read kept for a reload without network: `data` while the query has it (and it is kept),
 * else the kept copy with the time it was saved. `name` null keeps nothing.
 */
export function useSnapshot<T>(name: string | null, data: T | undefined): { data: T | undefined; savedAt: string | null } {
  const [kept, setKept] = useState<{ name: string; savedAt: string; value: T } | undefined>();
  const missing = data === undefined;
  useEffect(() => {
    if (name && data !== undefined) void saveSnapshot(name, data);
  }, [name, data]);
  useEffect(() => {
    if (!name || !missing) return;
    let mounted = true;
    void loadSnapshot<T>(name).then((found) => {
      if (mounted && found) setKept({ name, savedAt: found.savedAt, value: found.value });
    });
    return () => {
      mounted = false;
    };
  }, [name, missing]);
  if (data !== undefined) return { data, savedAt: null };
  return kept?.name === name ? { data: kept.value, savedAt: kept.savedAt } : { data: undefined, savedAt: null };
}
