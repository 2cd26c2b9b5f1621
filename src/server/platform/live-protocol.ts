import { z } from 'zod';
import type { ErrorCode, ErrorDetail } from '../../domain/shared/errors.js';
import { decodeCursor, encodeCursor, type Cursor, type StoredEvent } from './event-store.js';

/** Topics one socket may hold at once; a board needs a handful, a station screen two or three. */
export const MAX_TOPICS_PER_SOCKET = 50;

/**
 * A topic names a slice of the caller's own company: `company` (every event), `stream:<streamId>`
 * (one order, one station), `type:<streamType>` (every order for the home board). There is no way
 * to name another company: the server filters by the principal's company before any topic applies.
 */
export const topicSchema = z
  .string()
  .max(200)
  .regex(/^(company|stream:[\w:.-]{1,190}|type:[a-z][\w-]{0,94})$/, 'validation.invalidFormat');

const cursorSchema = z.string().refine((text) => decodeCursor(text) !== undefined, 'validation.invalidFormat');

/** What a browser may send over `/api/live`. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal('subscribe'),
    topics: z.array(topicSchema).min(1).max(MAX_TOPICS_PER_SOCKET),
    after: cursorSchema.optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(topicSchema).min(1).max(MAX_TOPICS_PER_SOCKET) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** An event as it travels to the browser. */
export interface LiveEvent {
  streamId: string;
  streamType: string;
  streamVersion: number;
  type: string;
  data: unknown;
  metadata: unknown;
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

export const topicMatches = (topic: string, event: StoredEvent): boolean =>
  topic === 'company' ||
  (topic.startsWith('stream:') && topic.slice(7) === event.streamId) ||
  (topic.startsWith('type:') && topic.slice(5) === event.streamType);

export const anyTopicMatches = (topics: Iterable<string>, event: StoredEvent): boolean => {
  for (const topic of topics) if (topicMatches(topic, event)) return true;
  return false;
};

/** Commit order: by transaction id, then by position within the log. */
export function compareCursors(a: Cursor, b: Cursor): number {
  const byTx = BigInt(a.txId) - BigInt(b.txId);
  if (byTx !== 0n) return byTx < 0n ? -1 : 1;
  return a.position - b.position;
}

export const laterCursor = (a: Cursor, b: Cursor): Cursor => (compareCursors(a, b) >= 0 ? a : b);

/** The wire form of one event, serialised once and sent to every socket that watches it. */
export function eventMessage(event: StoredEvent, companyId: string): string {
  const message: ServerMessage = {
    type: 'event',
    cursor: encodeCursor({ txId: event.txId, position: event.globalPosition }),
    event: {
      streamId: event.streamId,
      streamType: event.streamType,
      streamVersion: event.streamVersion,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      recordedAt: event.recordedAt.toISOString(),
      companyId,
    },
  };
  return JSON.stringify(message);
}
