import type { FastifyInstance } from 'fastify';
import { stationAuthorizationRoutes } from './authorizations.routes.js';
import { sequenceProjection, stationsProjection } from './stations.projection.js';
import { stationsRoutes } from './stations.routes.js';

export { stationKeyFigures, type StationKeyFigures } from './stations.queries.js';
export { findSequenceRow, findStationRow, isAuthorizedForStation, stationNamesById } from './stations.queries.js';

/**
 * Production stations, the company's station sequence (with its start station and the WIP
 * stage), station login for operators and per-user station authorisations.
 */
export async function stationsModule(app: FastifyInstance) {
  app.eventStore.registerInlineProjection(stationsProjection);
  app.eventStore.registerInlineProjection(sequenceProjection);
  await app.register(stationsRoutes);
  await app.register(stationAuthorizationRoutes);
}
