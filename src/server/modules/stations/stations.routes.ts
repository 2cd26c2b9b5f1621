import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuery } from '../../../domain/shared/paging.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Role } from '../../../domain/shared/roles.js';
import { saveSequenceSchema } from '../../../domain/stations/sequence.schema.js';
import { stationStreamId } from '../../../domain/stations/station.events.js';
import {
  changeStationSchema,
  createStationSchema,
  recordMaintenanceSchema,
  stationLoginSchema,
  versionSchema,
} from '../../../domain/stations/station.schema.js';
import { companyOf, eventMetadataOf } from '../../platform/auth.js';
import { withTenant, type Tx } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import {
  changeStation,
  createStation,
  deleteStation,
  recordMaintenance,
  saveSequence,
  type CommandContext,
} from './stations.commands.js';
import { signInAtStationWithPassword } from './station-login.js';
import {
  findSequenceRow,
  findStationRow,
  historyEntry,
  listStationRows,
  sequenceView,
  stationKeyFigures,
  stationNamesById,
  stationView,
} from './stations.queries.js';
import {
  historySchema,
  sequenceViewSchema,
  stationPageSchema,
  stationSessionSchema,
  stationViewSchema,
} from '../../../domain/stations/stations.views.js';

/** Who may change stations and the sequence; every signed-in company user may read them. */
export const stationWriters: readonly Role[] = ['MASTER', 'SUPER_USER', 'ADMIN'];

const stationParams = z.object({ id: z.uuid() });

/** The start of the current day (UTC): "finished today" counts from here. */
export const startOfToday = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

async function stationViewOf(tx: Tx, stationId: string) {
  const row = await findStationRow(tx, stationId);
  if (!row) throw new DomainError('NOT_FOUND');
  const figures = await stationKeyFigures(tx, [row.id], startOfToday(new Date()));
  return stationView(row, figures.get(row.id)!);
}

export async function stationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const writers = { preHandler: app.requireRole(...stationWriters) };

  /** One tenant transaction for a write; consumers are woken after it commits. */
  async function write<T>(request: FastifyRequest, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
    const companyId = companyOf(request);
    const result = await withTenant(app.db, companyId, (tx) =>
      work({ tx, eventStore: app.eventStore, companyId, metadata: eventMetadataOf(request), at: new Date().toISOString() }),
    );
    app.eventStore.committed();
    return result;
  }

  r.get('/api/stations', {
    ...readers,
    schema: {
      tags: ['stations'],
      querystring: z.object({
        // The overview shows a whole line of stations at once.
        ...pagingQuery(100),
        q: z.string().trim().max(50).optional(),
        sort: z.enum(['sequence', 'name']).default('sequence'),
      }),
      response: { 200: stationPageSchema, ...errorResponses() },
    },
    handler: async (request) =>
      withTenant(app.db, companyOf(request), async (tx) => {
        const { rows, total } = await listStationRows(tx, request.query);
        const figures = await stationKeyFigures(
          tx,
          rows.map((row) => row.id),
          startOfToday(new Date()),
        );
        return { data: rows.map((row) => stationView(row, figures.get(row.id)!)), total, page: request.query.page, limit: request.query.limit };
      }),
  });

  r.post('/api/stations', {
    ...writers,
    schema: { tags: ['stations'], body: createStationSchema, response: { 201: stationViewSchema, ...errorResponses(409) } },
    handler: async (request, reply) => {
      const stationId = await write(request, (ctx) => createStation(ctx, request.body));
      const view = await withTenant(app.db, companyOf(request), (tx) => stationViewOf(tx, stationId));
      return reply.status(201).send(view);
    },
  });

  // Registered before /api/stations/:id; find-my-way also prefers the static segment.
  r.get('/api/stations/sequence', {
    ...readers,
    schema: { tags: ['stations'], response: { 200: sequenceViewSchema, ...errorResponses() } },
    handler: async (request) =>
      withTenant(app.db, companyOf(request), async (tx) => {
        const saved = await findSequenceRow(tx);
        return sequenceView(saved, await stationNamesById(tx, saved?.station_ids ?? []));
      }),
  });

  r.put('/api/stations/sequence', {
    ...writers,
    schema: { tags: ['stations'], body: saveSequenceSchema, response: { 200: sequenceViewSchema, ...errorResponses(409) } },
    handler: async (request) => {
      await write(request, (ctx) => saveSequence(ctx, request.body));
      return withTenant(app.db, companyOf(request), async (tx) => {
        const saved = await findSequenceRow(tx);
        return sequenceView(saved, await stationNamesById(tx, saved?.station_ids ?? []));
      });
    },
  });

  r.get('/api/stations/:id', {
    ...readers,
    schema: { tags: ['stations'], params: stationParams, response: { 200: stationViewSchema, ...errorResponses() } },
    handler: async (request) => withTenant(app.db, companyOf(request), (tx) => stationViewOf(tx, request.params.id)),
  });

  r.put('/api/stations/:id', {
    ...writers,
    schema: { tags: ['stations'], params: stationParams, body: changeStationSchema, response: { 200: stationViewSchema, ...errorResponses(409) } },
    handler: async (request) => {
      const { version, ...input } = request.body;
      await write(request, (ctx) => changeStation(ctx, request.params.id, input, version));
      return withTenant(app.db, companyOf(request), (tx) => stationViewOf(tx, request.params.id));
    },
  });

  r.delete('/api/stations/:id', {
    ...writers,
    schema: {
      tags: ['stations'],
      params: stationParams,
      querystring: z.object({ version: z.coerce.number().pipe(versionSchema) }),
      response: { 204: z.null(), ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await write(request, (ctx) => deleteStation(ctx, request.params.id, request.query.version));
      return reply.status(204).send(null);
    },
  });

  r.post('/api/stations/:id/maintenance', {
    ...writers,
    schema: {
      tags: ['stations'],
      params: stationParams,
      body: recordMaintenanceSchema,
      response: { 200: stationViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      await write(request, (ctx) => recordMaintenance(ctx, request.params.id, request.body.performedAt, request.body.version));
      return withTenant(app.db, companyOf(request), (tx) => stationViewOf(tx, request.params.id));
    },
  });

  r.get('/api/stations/:id/history', {
    ...readers,
    schema: { tags: ['stations'], params: stationParams, response: { 200: historySchema, ...errorResponses() } },
    handler: async (request) => {
      const events = await withTenant(app.db, companyOf(request), (tx) => app.eventStore.readStream(tx, stationStreamId(request.params.id)));
      if (events.length === 0) throw new DomainError('NOT_FOUND');
      return { stationId: request.params.id, data: events.map(historyEntry) };
    },
  });

  r.post('/api/stations/:id/login', {
    schema: {
      tags: ['stations'],
      params: stationParams,
      body: stationLoginSchema,
      response: { 200: stationSessionSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const session = await signInAtStationWithPassword(app, request, reply, request.params.id, request.body);
      app.eventStore.committed();
      return session;
    },
  });
}
