import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../domain/shared/paging.js';
import {
  materialFeatureNamesSchema,
  materialLimits,
  bomNodeSchema,
  materialInputSchema,
  materialListQuerySchema,
  materialSchema,
  materialSummarySchema,
  materialUpdateSchema,
} from '../../../domain/materials/materials.schema.js';
import type { Tx } from '../../platform/db.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { withStorageReservation } from '../company/index.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { receiveImage } from './material-image.files.js';
import { csvLanguages, materialsCsv } from './materials.csv.js';
import {
  attachImage,
  billOfMaterials,
  createMaterial,
  deleteImage,
  deleteMaterial,
  getMaterial,
  readImage,
  updateMaterial,
  type MaterialsDeps,
} from './materials.handlers.js';
import { featureNamesInUse, findMaterialByNumber, listMaterials, materialsForExport } from './materials.queries.js';

const tags = ['materials'];
const idParams = z.object({ id: z.uuid() });
const listResponse = pageOf(materialSummarySchema);
const exportQuery = materialListQuerySchema.pick({ type: true, q: true, sort: true }).extend({ lang: z.enum(csvLanguages).default('en') });
const numberParams = z.object({ number: z.string().trim().min(1, 'validation.required').max(materialLimits.materialNumber) });
const deleteQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

const duplicateCodes = { 'errors.DUPLICATE_ATTRIBUTES': 'DUPLICATE_ATTRIBUTES', 'errors.DUPLICATE_VALUES': 'DUPLICATE_VALUES' } as const;

/**
 * Throws the request's validation error, if any. When repeated attribute or value names are the only problem,
 * it answers with the spec's own code (DUPLICATE_ATTRIBUTES / DUPLICATE_VALUES) instead of
 * VALIDATION_ERROR; the details are the same either way.
 */
function refuseInvalidRequest(request: FastifyRequest) {
  const error = request.validationError;
  if (!error) return;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: { instancePath: string; message?: string }[] = error.validation;
    const isDuplicate = (message = ''): message is keyof typeof duplicateCodes => Object.hasOwn(duplicateCodes, message);
    const first = issues[0]?.message;
    if (isDuplicate(first) && issues.every((issue) => isDuplicate(issue.message))) {
      throw new DomainError(
        duplicateCodes[first],
        issues.map((issue) => ({ path: issue.instancePath.split('/').filter(Boolean).join('.'), message: issue.message ?? '' })),
      );
    }
  }
  throw error;
}

/** Materials and their bills of materials. Any user of the company reads; super users and admins write. */
export async function materialsRoutes(app: FastifyInstance, deps: MaterialsDeps) {
  await app.register(multipart, { limits: { fileSize: deps.config.materialImageMaxBytes, files: 1, fields: 0, parts: 1 } });

  materialListRoutes(app);
  materialRecordRoutes(app, deps);
  materialImageRoutes(app, deps);
}

/** The list, the names in use and the CSV export. */
function materialListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = app.authenticate;

  r.get('/api/materials', {
    preHandler: read,
    schema: {
      tags,
      summary: 'One page of materials, filtered by type and by a search in name and material number, sorted by a column',
      querystring: materialListQuerySchema,
      response: { 200: listResponse, ...errorResponses() },
    },
    handler: async (request) => {
      const { rows, total } = await runQuery(app, request, (tx) => listMaterials(tx, request.query));
      return { data: rows, total, page: request.query.page, limit: request.query.limit };
    },
  });

  r.get('/api/materials/feature-names', {
    preHandler: read,
    schema: {
      tags,
      summary: "The attribute and value names in use in the company's materials, each once (the choices of the favourite attributes and values)",
      response: { 200: materialFeatureNamesSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => featureNamesInUse(tx)),
  });

  r.get('/api/materials/export.csv', {
    preHandler: read,
    schema: {
      tags,
      summary: 'The materials of the current filter as CSV for Excel (UTF-8 with BOM, `;` separated; `lang=de` for German headers and decimal commas)',
      querystring: exportQuery,
      response: { 200: z.string().describe('text/csv'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const rows = await runQuery(app, request, (tx) => materialsForExport(tx, request.query));
      const fileName = request.query.type ? `materials-${request.query.type}.csv` : 'materials.csv';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(materialsCsv(rows, request.query.lang));
    },
  });
}

/** One material: create, find by number, read, replace, delete, its bill of materials. */
function materialRecordRoutes(app: FastifyInstance, deps: MaterialsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = app.authenticate;
  const write = app.requireChangeRight('materials');

  r.post('/api/materials', {
    preHandler: write,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Create a material (product, manufacturing part or purchasing part)',
      body: materialInputSchema,
      response: { 201: materialSchema, ...errorResponses(402, 409) },
    },
    handler: async (request, reply) => {
      refuseInvalidRequest(request);
      const material = await runCommand(app, request, (ctx) => createMaterial(ctx, randomUUID(), request.body));
      return reply.status(201).send(material);
    },
  });

  r.get('/api/materials/by-number/:number', {
    // Station scanning is an optional function of the company (App function): switched off, 404.
    preHandler: [read, app.requireFunction('stationScanning')],
    schema: {
      tags,
      summary: 'The material whose number is exactly this one (a scanned label; any case), as GET /api/materials/{id} answers it',
      params: numberParams,
      response: { 200: materialSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const material = await runQuery(app, request, (tx) => findMaterialByNumber(tx, request.params.number));
      if (!material) throw new DomainError('MATERIAL_NOT_FOUND');
      return material;
    },
  });

  r.get('/api/materials/:id', {
    preHandler: read,
    schema: { tags, summary: 'One material with its components', params: idParams, response: { 200: materialSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => getMaterial(tx, request.params.id)),
  });

  r.put('/api/materials/:id', {
    preHandler: write,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Replace a material; `version` is the one the form was loaded with (stale: 409 CONFLICT_ERROR)',
      params: idParams,
      body: materialUpdateSchema,
      response: { 200: materialSchema, ...errorResponses(402, 409) },
    },
    handler: async (request) => {
      refuseInvalidRequest(request);
      return runCommand(app, request, (ctx) => updateMaterial(ctx, request.params.id, request.body));
    },
  });

  r.delete('/api/materials/:id', {
    preHandler: write,
    schema: {
      tags,
      summary: 'Delete a material unless it is a component of another material or in an order in production',
      params: idParams,
      querystring: deleteQuery,
      response: { 204: z.null().describe('deleted'), ...errorResponses(402, 409) },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => deleteMaterial(ctx, deps, request.params.id, request.query.version));
      return reply.status(204).send(null);
    },
  });

  r.get('/api/materials/:id/bom', {
    preHandler: read,
    schema: {
      tags,
      summary: 'The exploded bill of materials: every level, quantities multiplied down, net price rolled up',
      params: idParams,
      response: { 200: bomNodeSchema, ...errorResponses(422) },
    },
    handler: async (request) => runQuery(app, request, (tx) => billOfMaterials(tx, request.params.id)),
  });
}

/** A material's image: upload, remove, read. */
function materialImageRoutes(app: FastifyInstance, deps: MaterialsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = app.authenticate;
  const write = app.requireChangeRight('materials');

  r.put('/api/materials/:id/image', {
    preHandler: write,
    schema: {
      tags,
      summary: 'Upload the image (multipart, one file; PNG or JPEG by its bytes, up to 512 MB)',
      consumes: ['multipart/form-data'],
      params: idParams,
      body: z.unknown().describe('multipart/form-data with one file part'),
      response: { 200: materialSchema, ...errorResponses(402, 413, 415) },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'image', message: 'materials.validation.imageType' }]);
      const part = await request.file();
      if (!part) throw new DomainError('VALIDATION_ERROR', [{ path: 'image', message: 'validation.required' }]);
      const { id } = request.params;
      await runQuery(app, request, (tx) => getMaterial(tx, id));
      // The plan's storage quota: room taken atomically (refused at once by the declared length), the bytes stopped as they pass it.
      const storage = {
        dataDir: deps.config.dataDir,
        recordedFolders: deps.recordedFolders,
        companyId: companyOf(request),
        now: app.clock.now(),
        contentLength: request.headers['content-length'],
      };
      // The new image replaces the stored one: its bytes count as free.
      const replaced = async (tx: Tx) => (await getMaterial(tx, id)).image?.size ?? 0;
      return withStorageReservation(app.db, { ...storage, replaced }, async (room) => {
        // The bytes go to disk before the transaction opens: an upload may take minutes.
        const received = await receiveImage(part.file, () => part.file.truncated, {
          room,
          dataDir: deps.config.dataDir,
          companyId: companyOf(request),
          materialId: id,
          maxBytes: deps.config.materialImageMaxBytes,
        });
        return runCommand(app, request, (ctx) => attachImage(ctx, id, received));
      });
    },
  });

  r.delete('/api/materials/:id/image', {
    preHandler: write,
    schema: { tags, summary: 'Remove the image', params: idParams, response: { 200: materialSchema, ...errorResponses(402) } },
    handler: async (request) => runCommand(app, request, (ctx) => deleteImage(ctx, deps, request.params.id)),
  });

  r.get('/api/materials/:id/image', {
    preHandler: read,
    schema: {
      tags,
      summary: "The image's bytes, only for the company that owns the material",
      params: idParams,
      querystring: z.object({ v: z.string().max(20).optional() }),
      response: { 200: z.unknown().describe('image/png or image/jpeg'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const material = await runQuery(app, request, (tx) => getMaterial(tx, request.params.id));
      const image = await readImage(deps, companyOf(request), material);
      return (
        reply
          .type(image.contentType)
          .header('content-length', image.size)
          // Never kept by the browser: a cached copy would be served on a shared tablet after sign-out, without a token (issue 26).
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(image.stream)
      );
    },
  });
}
