import { encodeCursor, topicMatches, type ServerMessage } from '../../domain/shared/live.js';
import type { StoredEvent } from './event-store.js';
import { liveView, type LiveRules, type LiveViewer } from './live-visibility.js';

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

/**
 * The wire form of one event as `viewer` may see it by the modules' `rules` (docs/live-feed.md, "Roles"), or `undefined`
 * when the event is not for them. `cache` holds the forms already made, one per view, so an event
 * is serialised once per view however many sockets watch it.
 */
export function eventMessageFor(rules: LiveRules, event: StoredEvent, companyId: string, viewer: LiveViewer, cache?: Map<string, string>): string | undefined {
  const view = liveView(rules, event.type, event.data, viewer);
  if (!view) return undefined;
  const cached = cache?.get(view.key);
  if (cached !== undefined) return cached;
  const text = eventMessage({ ...event, data: view.data }, companyId);
  cache?.set(view.key, text);
  return text;
}

/** The wire form of one event, whole. */
function eventMessage(event: StoredEvent, companyId: string): string {
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
