import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxAnswerSchema } from '../../domain/shared/dev-mailbox.views.js';
import { errorResponses } from './errors.js';
import { listDevMailbox } from './mailer.js';

/**
 * `GET /api/dev/mailbox`: mail the server would have sent, for a machine without SMTP_URL, so a
 * newcomer can read the sign-up code. app.ts registers it only outside production and without
 * SMTP_URL. It holds every company's mail (reset links included), so only the master user reads it.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/mailbox', {
    preHandler: app.requireRole('MASTER'),
    schema: {
      tags: ['platform'],
      summary: 'Emails kept by the dev mailbox, newest first (master user; not in production, not with SMTP)',
      querystring: z.object({
        to: z.string().trim().max(254).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: { 200: devMailboxAnswerSchema, ...errorResponses() },
    },
    handler: async (request) => ({
      data: (await listDevMailbox(app.db, request.query)).map((message) => ({ ...message, sentAt: message.sentAt.toISOString() })),
    }),
  });
}
