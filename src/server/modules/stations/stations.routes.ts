import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { worklistSchema, type WorklistItem } from '../../../domain/orders/orders.views.js';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { pagingQuery } from '../../../domain/shared/paging.js';
import { saveSequenceSchema } from '../../../domain/stations/sequence.schema.js';
import {
  changeStationSchema,
  createStationSchema,
  recordMaintenanceSchema,
  stationLoginSchema,
  versionSchema,
} from '../../../domain/stations/station.schema.js';
import { historySchema, sequenceViewSchema, stationPageSchema, stationSessionSchema, stationViewSchema } from '../../../domain/stations/stations.views.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { signInAtStationWithPassword } from './station-login.js';
import { changeStation, createStation, deleteStation, recordMaintenance, saveSequence } from './stations.handlers.js';
import { findStationRow, sequenceViewOf, stationHistoryOf, stationPageOf, stationViewOf } from './stations.queries.js';

const stationParams = z.object({ id: z.uuid() });

/** The orders at a station now, waiting or in work, delayed on the company's day in `timeZone`; the orders module answers it (see `StationsService`). */
export type WorklistReader = (db: Executor, stationId: string, now: Date, timeZone: string) => Promise<WorklistItem[]>;

type StationRouteGuard = { preHandler: preHandlerAsyncHookHandler };
type CompanyZoneOf = (tx: Executor, companyId: string) => Promise<string>;

/** Stations and the sequence: the company's writers change them; every signed-in company user reads them. */
export async function stationsRoutes(app: FastifyInstance, deps: { worklistOf: WorklistReader }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The company's time zone (its working time, else WORKING_TIME's): "finished today" and Delayed count its day.
  const zoneOf = async (tx: Executor, companyId: string) => timeZoneOf(await workingTimeOfCompany(tx, companyId, app.config.workingTime));
  const readers = { preHandler: app.authenticate };
  const writers = { preHandler: app.requireChangeRight('stations') };

  r.get('/api/stations', {
    ...readers,
    schema: {
      tags: ['stations'],
      summary: "The company's production stations, paged, by sequence or name, optionally filtered by name",
      querystring: z.object({
        // The overview shows a whole line of stations at once.
        ...pagingQuery(100),
        q: z.string().trim().max(50).optional(),
        sort: z.enum(['sequence', 'name']).default('sequence'),
      }),
      response: { 200: stationPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => stationPageOf(tx, request.query, now, await zoneOf(tx, companyOf(request)))),
  });

  r.post('/api/stations', {
    ...writers,
    schema: {
      tags: ['stations'],
      summary: 'Creates a production station (a taken name answers 409)',
      body: createStationSchema,
      response: { 201: stationViewSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const view = await runCommand(app, request, async (ctx) =>
        stationViewOf(ctx.tx, await createStation(ctx, request.body), ctx.now, await zoneOf(ctx.tx, ctx.companyId)),
      );
      return reply.status(201).send(view);
    },
  });

  sequenceRoutes(app, readers, writers);

  r.get('/api/stations/:id', {
    ...readers,
    schema: {
      tags: ['stations'],
      summary: 'One station with its maintenance state',
      params: stationParams,
      response: { 200: stationViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => stationViewOf(tx, request.params.id, now, await zoneOf(tx, companyOf(request)))),
  });

  r.put('/api/stations/:id', {
    ...writers,
    schema: {
      tags: ['stations'],
      summary: 'Changes a station (409 when `version` is stale or the name is taken)',
      params: stationParams,
      body: changeStationSchema,
      response: { 200: stationViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      const { version, ...input } = request.body;
      return runCommand(app, request, async (ctx) => {
        await changeStation(ctx, request.params.id, input, version);
        return stationViewOf(ctx.tx, request.params.id, ctx.now, await zoneOf(ctx.tx, ctx.companyId));
      });
    },
  });

  r.delete('/api/stations/:id', {
    ...writers,
    schema: {
      tags: ['stations'],
      summary: 'Deletes a station at the given version (refused while the sequence uses it, or for the start station)',
      params: stationParams,
      querystring: z.object({ version: z.coerce.number().pipe(versionSchema) }),
      response: { 204: z.null(), ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => deleteStation(ctx, request.params.id, request.query.version));
      return reply.status(204).send(null);
    },
  });

  r.post('/api/stations/:id/maintenance', {
    ...writers,
    schema: {
      tags: ['stations'],
      summary: 'Records that the station was maintained at a time (409 when `version` is stale)',
      params: stationParams,
      body: recordMaintenanceSchema,
      response: { 200: stationViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await recordMaintenance(ctx, request.params.id, request.body.performedAt, request.body.version);
        return stationViewOf(ctx.tx, request.params.id, ctx.now, await zoneOf(ctx.tx, ctx.companyId));
      }),
  });

  stationFloorRoutes(app, deps, zoneOf, readers);
}

/** The order of the stations an order passes through. */
function sequenceRoutes(app: FastifyInstance, readers: StationRouteGuard, writers: StationRouteGuard) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Registered before /api/stations/:id; find-my-way also prefers the static segment.
  r.get('/api/stations/sequence', {
    ...readers,
    schema: { tags: ['stations'], summary: 'The order of the stations an order passes through', response: { 200: sequenceViewSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => sequenceViewOf(tx)),
  });

  r.put('/api/stations/sequence', {
    ...writers,
    schema: {
      tags: ['stations'],
      summary: 'Saves the order of the stations (409 when it is stale)',
      body: saveSequenceSchema,
      response: { 200: sequenceViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await saveSequence(ctx, request.body);
        return sequenceViewOf(ctx.tx);
      }),
  });
}

/** What the shop floor asks of one station: its history, its worklist, an operator's sign-in. */
function stationFloorRoutes(app: FastifyInstance, deps: { worklistOf: WorklistReader }, zoneOf: CompanyZoneOf, readers: StationRouteGuard) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stations/:id/history', {
    ...readers,
    schema: { tags: ['stations'], summary: "The station's history of events", params: stationParams, response: { 200: historySchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => stationHistoryOf(tx, app.eventStore, request.params.id)),
  });

  r.get('/api/stations/:id/worklist', {
    ...readers,
    schema: {
      tags: ['stations'],
      summary: 'Orders at the station: prioritized first, then by delivery date',
      params: stationParams,
      response: { 200: worklistSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx, now) => {
        const station = await findStationRow(tx, request.params.id);
        if (!station) throw new DomainError('NOT_FOUND');
        return { stationId: station.id, stationName: station.name, data: await deps.worklistOf(tx, station.id, now, await zoneOf(tx, companyOf(request))) };
      }),
  });

  r.post('/api/stations/:id/login', {
    schema: {
      tags: ['stations'],
      summary: 'An operator signs in at a station with username and password; answers a session for the station screen',
      params: stationParams,
      body: stationLoginSchema,
      response: { 200: stationSessionSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => signInAtStationWithPassword(app, request, reply, request.params.id, request.body),
  });
}
