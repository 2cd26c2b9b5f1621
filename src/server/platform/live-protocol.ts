import { encodeCursor, topicMatches, type ServerMessage } from '../../domain/shared/live.js';
import type { StoredEvent } from './event-store.js';

// The protocol itself (messages, topics, cursors, close codes) is shared with the browser.
export {
  MAX_TOPICS_PER_SOCKET,
  clientMessageSchema,
  closeCodes,
  compareCursors,
  laterCursor,
  topicMatches,
  topicSchema,
  type ClientMessage,
  type LiveEvent,
  type ServerMessage,
} from '../../domain/shared/live.js';

export const anyTopicMatches = (topics: Iterable<string>, event: StoredEvent): boolean => {
  for (const topic of topics) if (topicMatches(topic, event)) return true;
  return false;
};

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
      metadata: event.metadata as Record<string, unknown>,
      recordedAt: event.recordedAt.toISOString(),
      companyId,
    },
  };
  return JSON.stringify(message);
}
