import type { FastifyInstance } from 'fastify';
import { interruptionsProjection } from './interruptions.projection.js';
import { interruptionsRoutes } from './interruptions.routes.js';

/**
 * Interruptions (Andon, docs/interruptions.md): one event stream per station, read by an inline
 * projection; a report is emailed to the company's supervisors (interruptions.jobs.ts, listed in
 * src/server/jobs.ts) and reaches every board and console through the live feed. Key figures read
 * its events.
 */
export async function interruptionsModule(app: FastifyInstance) {
  app.eventStore.registerInlineProjection(interruptionsProjection);
  await app.register(interruptionsRoutes);
}
