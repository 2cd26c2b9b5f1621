import type { FastifyInstance } from 'fastify';
import { addEntryUsageReader } from '../team/index.js';
import { interruptionsProjection } from './interruptions.projection.js';
import { interruptionReasonUsage } from './interruptions.queries.js';
import { interruptionsRoutes } from './interruptions.routes.js';

export { interruptionPageOf } from './interruptions.queries.js';

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const interruptionsProjections = [interruptionsProjection];

/**
 * Interruptions (Andon, docs/interruptions.md): one event stream per station, read by an inline
 * projection; a report is emailed to the company's supervisors (interruptions.jobs.ts, listed in
 * src/server/jobs.ts) and reaches every board and console through the live feed. Key figures read
 * its events.
 */
export async function interruptionsModule(app: FastifyInstance) {
  // A reason named by an interruption counts as used in the team's master data (not deletable).
  addEntryUsageReader(interruptionReasonUsage);
  await app.register(interruptionsRoutes);
}
