import { z } from 'zod';

/** One message of the dev mailbox (`GET /api/dev/mailbox`): mail kept on a machine without SMTP. */
export const devMailboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO 8601. */
  sentAt: z.string(),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;

export const devMailboxAnswerSchema = z.object({ data: z.array(devMailboxMessageSchema) });
export type DevMailboxAnswer = z.infer<typeof devMailboxAnswerSchema>;
