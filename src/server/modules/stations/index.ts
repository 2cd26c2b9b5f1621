import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SEQUENCE_STREAM_TYPE } from '../../../domain/stations/sequence.events.js';
import { STATION_AUTHORIZATIONS_STREAM_TYPE, STATION_STREAM_TYPE } from '../../../domain/stations/station.events.js';
import * as stationsViews from '../../../domain/stations/stations.views.js';
import { defineModule, type Ports } from '../../platform/module.js';
import { stationAuthorizationRoutes } from './authorizations.routes.js';
import type { StationRightsWriter } from './stations.handlers.js';
import { sequenceProjection, stationRightsProjection, stationsProjection } from './stations.projection.js';
import { stationsRoutes, type WorklistReader } from './stations.routes.js';
import { stationsLiveRules } from './stations.live.js';

export { stationKeyFigures, type StationKeyFigures } from './stations.queries.js';
export { findSequenceRow, findStationRow, isAuthorizedForStation, stationNamesById } from './stations.queries.js';
export type { WorklistReader } from './stations.routes.js';
export type { StationRightsWriter } from './stations.handlers.js';
export { authorizedStationIds, existingStationIds, authorisedUsersByStation } from './stations.queries.js';
export { boardStationsOf, recentCycleTimes, type BoardStation } from './board.queries.js';

declare module '../../platform/module.js' {
  interface Ports {
    /** Provided by orders: which orders a station's worklist lists (stations cannot import orders, which import stations). */
    worklistReader: WorklistReader;
    /** Provided by team: the per-user route grants stations on the user-rights matrix, the one source of truth. */
    stationRightsWriter: StationRightsWriter;
  }
}

/**
 * Production stations, the company's station sequence (with its start station and the WIP
 * stage), station worklists, station login for operators and per-user station authorisations.
 */
export const stationsModule = defineModule({
  name: 'stations',
  requires: ['worklistReader', 'stationRightsWriter'],
  provides: {},
  contributes: {
    companyTables: [
      { exported: ['station_authorizations', 'station_completions', 'station_sequences', 'station_worklist_entries', 'stations'], notExported: [] },
    ],
  },
  plugin: fp(
    async (app: FastifyInstance, { ports }: { ports: Pick<Ports, 'worklistReader' | 'stationRightsWriter'> }) => {
      await app.register(async (scope) => stationsRoutes(scope, { worklistOf: ports.worklistReader }));
      await app.register(async (scope) => stationAuthorizationRoutes(scope, ports.stationRightsWriter));
    },
    { name: 'stations' },
  ),
  projections: () => [stationsProjection, sequenceProjection, stationRightsProjection],
  openApi: {
    tags: [{ name: 'stations', description: 'Production stations, their sequence and maintenance, station sign-in, worklists and history.' }],
    views: [stationsViews],
  },
  liveTopics: [STATION_STREAM_TYPE, SEQUENCE_STREAM_TYPE, STATION_AUTHORIZATIONS_STREAM_TYPE],
  liveRules: stationsLiveRules,
});
