import type { ErrorCode, ErrorDetail } from './errors.js';

/**
 * The live feed's protocol (`/api/live`), shared by the server that speaks it and the browser
 * that listens: cursors, topics, the messages each side sends and the close codes. Without zod, so
 * the console's live feed loads none; live.ts adds the schemas the server checks a browser's messages with.
 */

/**
 * A position in the log's read order: events are read by `(txId, position)`, and only from
 * transactions older than every transaction still running, so a late commit is never skipped.
 */
export interface Cursor {
  /** Transaction id (xid8) as a decimal string. */
  txId: string;
  position: number;
}

/** The largest transaction id PostgreSQL's xid8 holds. */
const MAX_XID8 = 2n ** 64n - 1n;

export const startCursor: Cursor = { txId: '0', position: 0 };

/** `txId.position`, the form a cursor travels in (live feed, URLs). */
export const encodeCursor = (cursor: Cursor): string => `${cursor.txId}.${cursor.position}`;

export function decodeCursor(text: string): Cursor | undefined {
  const match = /^(\d{1,20})\.(\d{1,16})$/.exec(text);
  if (!match) return undefined;
  // A transaction id is an unsigned 64-bit xid8; a position a bigint the browser holds exactly.
  if (BigInt(match[1]) > MAX_XID8) return undefined;
  const position = Number(match[2]);
  if (!Number.isSafeInteger(position)) return undefined;
  return { txId: BigInt(match[1]).toString(), position };
}

/** Commit order: by transaction id, then by position within the log. */
export function compareCursors(a: Cursor, b: Cursor): number {
  const byTx = BigInt(a.txId) - BigInt(b.txId);
  if (byTx !== 0n) return byTx < 0n ? -1 : 1;
  return a.position - b.position;
}

export const laterCursor = (a: Cursor, b: Cursor): Cursor => (compareCursors(a, b) >= 0 ? a : b);

/** Topics one socket may hold at once; a board needs a handful, a station screen two or three. */
export const MAX_TOPICS_PER_SOCKET = 50;

/**
 * `company` (every event of the caller's company), `stream:<streamId>` (one order, one station)
 * or `type:<streamType>` (every order, for the home board). There is no way to name another
 * company: the server filters by the caller's company before any topic applies.
 */
export type LiveTopic = 'company' | `stream:${string}` | `type:${string}`;

export const topicMatches = (topic: string, event: { streamId: string; streamType: string }): boolean =>
  topic === 'company' ||
  (topic.startsWith('stream:') && topic.slice(7) === event.streamId) ||
  (topic.startsWith('type:') && topic.slice(5) === event.streamType);

/** One committed event, as it travels to the browser. */
export interface LiveEvent<Data = unknown> {
  streamId: string;
  streamType: string;
  streamVersion: number;
  type: string;
  data: Data;
  metadata: Record<string, unknown>;
  /** ISO 8601. */
  recordedAt: string;
  companyId: string;
}

/** What the server sends over `/api/live`. */
export type ServerMessage =
  | { type: 'ready' }
  | { type: 'event'; cursor: string; event: LiveEvent }
  | { type: 'caught-up'; cursor: string }
  | { type: 'error'; code: ErrorCode; details?: ErrorDetail[] };

/** Close codes beside the standard ones; the client reconnects on every code except 4401. */
export const closeCodes = {
  /** No valid token within the auth window, or the token was revoked. */
  unauthorized: 4401,
  /** The browser did not read fast enough; it reconnects and replays from its cursor. */
  slowConsumer: 4408,
  /** The server is shutting down; another instance will take the reconnect. */
  goingAway: 1001,
  /** The replay could not read the log; the client reconnects and replays. */
  internalError: 1011,
} as const;
