import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from './errors.js';
import { listDevMailbox } from './mailer.js';

const messageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.date(),
});

/**
 * `GET /api/dev/mailbox`: mail the server would have sent, for a machine without SMTP_URL, so a
 * newcomer can read the sign-up code. app.ts registers it only outside production.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/mailbox', {
    schema: {
      tags: ['platform'],
      summary: 'Emails kept by the dev mailbox, newest first (not in production)',
      querystring: z.object({
        to: z.string().trim().max(254).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: { 200: z.object({ data: z.array(messageSchema) }), ...errorResponses() },
    },
    handler: async (request) => ({ data: await listDevMailbox(app.db, request.query) }),
  });
}
