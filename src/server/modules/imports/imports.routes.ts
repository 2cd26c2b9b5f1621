import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importFileSchema,
  importKindParams,
  importLanguageQuery,
  importLimits,
  materialImportKinds,
  type ImportKind,
} from '../../../domain/imports/imports.schema.js';
import { importDryRunSchema, importMappingViewSchema, importViewSchema } from '../../../domain/imports/imports.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles } from '../../../domain/shared/roles.js';
import { runCommand, runInTenant, runQuery, scopeOf } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { sealKeyFrom } from '../identity/index.js';
import { reportCsv, templateCsv } from './imports.csv.js';
import { answerOfDryRun, dryRun, startImport } from './imports.handlers.js';
import { findImport, importViewOf, latestImports, rememberedMapping } from './imports.queries.js';

const tags = ['imports'];
const idParams = z.object({ id: z.uuid() });
/** A file's base64 is a third larger than its bytes; a little room for the JSON around it. Larger: 413. */
const bodyLimit = Math.ceil((importLimits.fileBytes * 4) / 3) + 64 * 1024;

/** CSV imports (docs/integration.md, "CSV import"): templates, dry runs, imports as a job, their reports. */
export async function importsRoutes(app: FastifyInstance) {
  importFileRoutes(app, '/api/imports/:kind', 'materials');
  importFileRoutes(app, '/api/imports/orders', 'orders', 'orders');
  importFileRoutes(app, '/api/imports/team', 'team', 'team');
  importFollowRoutes(app);
}

/**
 * The files of some kinds at `base`: template, dry run, import. The rights are those of creating the
 * records by hand: the materials' change right for materials, bills of materials and stock; the
 * orders' for customer orders; the team's for team members. `kind` names the one kind of a fixed base.
 */
function importFileRoutes(app: FastifyInstance, base: string, area: 'materials' | 'orders' | 'team', kind?: ImportKind) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = app.requireChangeRight(area);
  const params = kind ? z.object({}) : z.object({ kind: z.enum(materialImportKinds) });
  const kindOf = (request: FastifyRequest) => kind ?? (request.params as { kind: ImportKind }).kind;
  const env = () => ({ db: app.db, sealKey: sealKeyFrom(app.config) });

  r.get(`${base}/template.csv`, {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: "The empty file of a kind: its header row in the language asked for (UTF-8 with BOM, `;`, as the console's exports)",
      params,
      querystring: importLanguageQuery,
      response: { 200: z.string().describe('text/csv'), ...errorResponses() },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${kindOf(request)}.csv"`)
        .send(templateCsv(kindOf(request), request.query.lang)),
  });

  r.post(`${base}/dry-run`, {
    preHandler: write,
    bodyLimit,
    schema: {
      tags,
      summary: 'Reads a CSV file and answers what importing it would do, row by row, with errors by line and column; writes nothing',
      params,
      body: importFileSchema,
      response: { 200: importDryRunSchema, ...errorResponses(402, 413) },
    },
    handler: async (request) => answerOfDryRun(() => runInTenant(app, scopeOf(request), (ctx) => dryRun(ctx, env(), kindOf(request), request.body))),
  });

  r.post(base, {
    preHandler: write,
    bodyLimit,
    schema: {
      tags,
      summary:
        'Imports a CSV file as one job, all or nothing (invalid rows: 400 IMPORT_ROWS_INVALID naming each line and column); follow it at GET /api/imports/runs/{id}',
      params,
      body: importFileSchema,
      response: { 202: importViewSchema, ...errorResponses(402, 413) },
    },
    handler: async (request, reply) => {
      const started = await runCommand(app, request, (ctx) => startImport(ctx, env(), kindOf(request), request.body));
      return reply.status(202).send(started);
    },
  });
}

const importNotFound = () => new DomainError('NOT_FOUND');

/** Following imports: the latest, one, its report, the mapping remembered per kind. */
function importFollowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = app.requireRole(...writerRoles);

  r.get('/api/imports', {
    preHandler: read,
    schema: { tags, summary: "The company's latest imports, newest first", response: { 200: z.array(importViewSchema), ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => latestImports(tx, 20)),
  });

  r.get('/api/imports/mappings/:kind', {
    preHandler: read,
    schema: {
      tags,
      summary: "The column mapping remembered for a kind (the company's last import of it): field -> header",
      params: importKindParams,
      response: { 200: importMappingViewSchema, ...errorResponses() },
    },
    handler: async (request) => ({ kind: request.params.kind, mapping: await runQuery(app, request, (tx) => rememberedMapping(tx, request.params.kind)) }),
  });

  r.get('/api/imports/runs/:id', {
    preHandler: read,
    schema: {
      tags,
      summary: 'One import: status and progress (0-100) while it runs, the report once finished',
      params: idParams,
      response: { 200: importViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const row = await runQuery(app, request, (tx) => findImport(tx, request.params.id));
      if (!row) throw importNotFound();
      return importViewOf(row);
    },
  });

  r.get('/api/imports/runs/:id/report.csv', {
    preHandler: read,
    schema: {
      tags,
      summary: "A finished import's report: every row's result and errors by line and column (404 before it has finished)",
      params: idParams,
      querystring: importLanguageQuery,
      response: { 200: z.string().describe('text/csv'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const row = await runQuery(app, request, (tx) => findImport(tx, request.params.id));
      if (!row?.report) throw importNotFound();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-report-${row.kind}.csv"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(row.report, request.query.lang));
    },
  });
}
