import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { stationAuthorizationRoutes } from './authorizations.routes.js';
import { sequenceProjection, stationsProjection } from './stations.projection.js';
import { stationsRoutes, type WorklistReader } from './stations.routes.js';

export { stationKeyFigures, type StationKeyFigures } from './stations.queries.js';
export { findSequenceRow, findStationRow, isAuthorizedForStation, stationNamesById } from './stations.queries.js';
export type { WorklistReader } from './stations.routes.js';

/** What other modules may ask of the stations module. */
export interface StationsService {
  /**
   * Installs what a station's worklist lists: the orders module answers which orders are at the
   * station (stations cannot import orders, which import stations). Until then a worklist is empty.
   */
  setWorklistReader(reader: WorklistReader): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    stations: StationsService;
  }
}

/**
 * Production stations, the company's station sequence (with its start station and the WIP
 * stage), station worklists, station login for operators and per-user station authorisations.
 * Registered without encapsulation so `app.stations` is visible to modules registered after it.
 */
export const stationsModule = fp(
  async (app: FastifyInstance) => {
    let worklistOf: WorklistReader = async () => [];
    app.decorate('stations', {
      setWorklistReader(reader: WorklistReader) {
        worklistOf = reader;
      },
    });
    app.eventStore.registerInlineProjection(stationsProjection);
    app.eventStore.registerInlineProjection(sequenceProjection);
    await app.register(async (scope) => stationsRoutes(scope, { worklistOf: (db, stationId, now) => worklistOf(db, stationId, now) }));
    await app.register(stationAuthorizationRoutes);
  },
  { name: 'stations' },
);
