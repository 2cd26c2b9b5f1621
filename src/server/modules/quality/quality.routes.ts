import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideNcrSchema, ncrListQuerySchema, qualityFiguresQuerySchema } from '../../../domain/quality/ncr.schema.js';
import { ncrHistorySchema, ncrPageSchema, ncrViewSchema, qualityFiguresSchema } from '../../../domain/quality/quality.views.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { decideNcr } from './quality.handlers.js';
import { ncrHistoryOf, ncrPageOf, ncrViewOf, qualityFiguresOf } from './quality.queries.js';

const tags = ['quality'];
const ncrParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** The non-conformance reports: list with filters, one NCR, its history, the decision; and the loop's figures. */
export async function qualityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const deciders = { preHandler: app.requireChangeRight('quality') };

  r.get('/api/ncrs', {
    ...readers,
    schema: {
      tags,
      summary:
        'Non-conformance reports of the company: `status` (held, rework, closed; comma-separated), `disposition`, `orderId`, `stationId`, `q`; paged and sorted',
      querystring: ncrListQuerySchema,
      response: { 200: ncrPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => ncrPageOf(tx, request.query)),
  });

  r.get('/api/ncrs/figures', {
    ...readers,
    schema: {
      tags,
      summary: 'The quality loop’s figures of a period: NCRs opened, open now, decided by disposition, first-pass yield of the orders measured',
      querystring: qualityFiguresQuerySchema,
      response: { 200: qualityFiguresSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, (tx, now) => {
        const to = request.query.to ? new Date(request.query.to) : now;
        const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - THIRTY_DAYS_MS);
        return qualityFiguresOf(tx, from, to);
      }),
  });

  r.get('/api/ncrs/:id', {
    ...readers,
    schema: { tags, summary: 'One non-conformance report', params: ncrParams, response: { 200: ncrViewSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => ncrViewOf(tx, request.params.id)),
  });

  r.get('/api/ncrs/:id/history', {
    ...readers,
    schema: { tags, summary: 'Every event of a non-conformance report, with who', params: ncrParams, response: { 200: ncrHistorySchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => ncrHistoryOf(tx, app.eventStore, request.params.id)),
  });

  r.post('/api/ncrs/:id/decide', {
    ...deciders,
    schema: {
      tags,
      summary:
        'Decides a held NCR (the quality right): use as is (`note`), rework at `reworkStationId` (the order goes there and must be measured again), ' +
        'scrap or return to supplier (bought material only) with `scrapReasonId` (its pieces count as scrap). Decided already or a stale version: 409',
      params: ncrParams,
      body: decideNcrSchema,
      response: { 200: ncrViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await decideNcr(ctx, request.params.id, request.body);
        return ncrViewOf(ctx.tx, request.params.id);
      }),
  });
}
