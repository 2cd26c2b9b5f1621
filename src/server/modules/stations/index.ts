import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../../domain/shared/errors.js';
import { stationAuthorizationRoutes } from './authorizations.routes.js';
import type { StationRightsWriter } from './stations.handlers.js';
import { sequenceProjection, stationRightsProjection, stationsProjection } from './stations.projection.js';
import { stationsRoutes, type WorklistReader } from './stations.routes.js';

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const stationsProjections = [stationsProjection, sequenceProjection, stationRightsProjection];

export { stationKeyFigures, type StationKeyFigures } from './stations.queries.js';
export { findSequenceRow, findStationRow, isAuthorizedForStation, stationNamesById } from './stations.queries.js';
export type { WorklistReader } from './stations.routes.js';
export type { StationRightsWriter } from './stations.handlers.js';
export { authorizedStationIds, existingStationIds } from './stations.queries.js';
export { boardStationsOf, recentCycleTimes, type BoardStation } from './board.queries.js';

/** What other modules may ask of the stations module. */
export interface StationsService {
  /**
   * Installs what a station's worklist lists: the orders module answers which orders are at the
   * station (stations cannot import orders, which import stations). Until then a worklist is empty.
   */
  setWorklistReader(reader: WorklistReader): void;
  /**
   * Installs how the per-user route grants stations: the team module's user-rights matrix is the
   * one source of truth. Until then the route refuses every change.
   */
  setStationRightsWriter(writer: StationRightsWriter): void;
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
    let stationRightsWriter: StationRightsWriter = async () => {
      throw new DomainError('CHANGE_RIGHT_MISSING');
    };
    app.decorate('stations', {
      setWorklistReader(reader: WorklistReader) {
        worklistOf = reader;
      },
      setStationRightsWriter(writer: StationRightsWriter) {
        stationRightsWriter = writer;
      },
    });
    await app.register(async (scope) => stationsRoutes(scope, { worklistOf: (db, stationId, now, timeZone) => worklistOf(db, stationId, now, timeZone) }));
    await app.register(async (scope) => stationAuthorizationRoutes(scope, (ctx, userId, stationIds) => stationRightsWriter(ctx, userId, stationIds)));
  },
  { name: 'stations' },
);
