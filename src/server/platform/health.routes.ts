import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendError } from './errors.js';

const checkSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'unavailable'])),
});

/** How long `/api/ready` waits for one dependency. */
export const READINESS_DEADLINE_MS = 250;

/** Whether the probe resolves within the deadline; a late answer or a failure is `false`. */
async function answersInTime(probe: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_DEADLINE_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

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
      // All probes at once, each given READINESS_DEADLINE_MS: a dependency that hangs (a dropped
      // network, a Redis reconnecting) is unavailable, and the answer comes in time for a load balancer.
      const results = await Promise.all(
        Object.entries(app.readinessProbes).map(async ([name, probe]) => [name, (await answersInTime(probe)) ? 'ok' : 'unavailable'] as const),
      );
      const checks: Record<string, 'ok' | 'unavailable'> = Object.fromEntries(results);
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
