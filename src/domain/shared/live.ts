import { z } from 'zod';
import { decodeCursor, MAX_TOPICS_PER_SOCKET } from './live.rules.js';

export * from './live.rules.js';

// The schemas of what a browser sends over `/api/live` (the protocol itself: live.rules.ts).

export const topicSchema = z
  .string()
  .max(200)
  .regex(/^(company|stream:[\w:.-]{1,190}|type:[a-z][\w-]{0,94})$/, 'validation.invalidFormat');

const cursorTextSchema = z.string().refine((text) => decodeCursor(text) !== undefined, 'validation.invalidFormat');

/** What a browser may send over `/api/live`. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal('subscribe'),
    topics: z.array(topicSchema).min(1).max(MAX_TOPICS_PER_SOCKET),
    after: cursorTextSchema.optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(topicSchema).min(1).max(MAX_TOPICS_PER_SOCKET) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
