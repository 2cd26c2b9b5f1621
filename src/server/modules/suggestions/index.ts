import type { FastifyInstance } from 'fastify';
import { suggestionsProjection } from './suggestions.projection.js';
import { suggestionsRoutes } from './suggestions.routes.js';

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const suggestionsProjections = [suggestionsProjection];

/**
 * Improvement suggestions (docs/suggestions.md): one event stream per suggestion, listed for
 * admins by an inline projection; a new one is emailed to the company's suggestion recipient
 * (suggestions.jobs.ts, listed in src/server/jobs.ts). Key figures read its events.
 */
export async function suggestionsModule(app: FastifyInstance) {
  await app.register(suggestionsRoutes);
}
