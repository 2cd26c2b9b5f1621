import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendError } from './errors.js';

const checkSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'unavailable'])),
});

/** `/api/health`: the process is up. `/api/ready`: its dependencies answer too. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', {
    schema: { tags: ['platform'], summary: 'Process is up', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  r.get('/api/ready', {
    schema: {
      tags: ['platform'],
      summary: 'Database (and Redis when configured) answer',
      response: { 200: checkSchema, 503: checkSchema, ...errorResponses() },
    },
    handler: async (_request, reply) => {
      const checks: Record<string, 'ok' | 'unavailable'> = {};
      for (const [name, probe] of Object.entries(app.readinessProbes)) {
        try {
          await probe();
          checks[name] = 'ok';
        } catch {
          checks[name] = 'unavailable';
        }
      }
      const ready = Object.values(checks).every((c) => c === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  });
  // Unknown API paths answer the catalogue's NOT_FOUND rather than Fastify's default body.
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) return sendError(reply, 'NOT_FOUND');
    return reply.callNotFound();
  });
}
