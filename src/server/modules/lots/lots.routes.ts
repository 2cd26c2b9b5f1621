import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consumeLotSchema,
  lotLimits,
  lotListQuerySchema,
  lotOriginsQuerySchema,
  receiveLotSchema,
  recallCsvQuerySchema,
} from '../../../domain/lots/lot.schema.js';
import { lotGenealogySchema, lotOriginsSchema, lotPageSchema, lotRecallSchema, lotViewSchema } from '../../../domain/lots/lots.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { openCompanyFile, withStorageReservation, type RecordedFolder } from '../company/index.js';
import { certificatePath, receiveCertificate } from './lot-certificate.files.js';
import { recallCsv } from './lots.csv.js';
import { attachCertificate, consumeLot, receiveLot } from './lots.handlers.js';
import { findLotRow, lotGenealogyOf, lotOriginsOf, lotPageOf, lotRecallOf, lotViewOf } from './lots.queries.js';

const tags = ['lots'];
const lotParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

/** The guards of the lots' routes (docs/quality-and-lots.md, Rights). */
function guardsOf(app: FastifyInstance) {
  return {
    readers: { preHandler: app.authenticate },
    // A goods receipt is the orders right's, as the logistics order it books in.
    receivers: { preHandler: app.requireChangeRight('orders') },
    // Consumption is booked at the station by the operator, or by whoever may change orders.
    consumers: { preHandler: app.requireChangeRight('orders', 'OPERATOR') },
    // A recall names customers and deliveries: the quality right.
    recallers: { preHandler: app.requireChangeRight('quality') },
  };
}

/** The lots: list, goods receipt, one lot, consumption at the station. */
function lotRecordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { readers, receivers, consumers } = guardsOf(app);

  r.get('/api/lots', {
    ...readers,
    schema: {
      tags,
      summary:
        'Lots of the company: `q` in the lot number, the supplier’s lot (heat) number, the material and the supplier; `origin`, `materialId`, `available=true` (something left)',
      querystring: lotListQuerySchema,
      response: { 200: lotPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => lotPageOf(tx, request.query)),
  });

  r.post('/api/lots', {
    ...receivers,
    schema: {
      tags,
      summary:
        'Goods receipt of one lot: a material the logistics order brought, with the supplier’s lot (heat) number, the quantity and the day. ' +
        'The goods not checked in yet: 409 LOT_ORDER_NOT_RECEIVED',
      body: receiveLotSchema,
      response: { 201: lotViewSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const view = await runCommand(app, request, async (ctx) => lotViewOf(ctx.tx, await receiveLot(ctx, request.body)));
      return reply.status(201).send(view);
    },
  });

  r.get('/api/lots/origins', {
    ...readers,
    schema: {
      tags,
      summary: 'Every lot in a customer order (`orderId`) or a shipment (`shipmentId`): made and consumed, down to the bought ones and their certificates',
      querystring: lotOriginsQuerySchema,
      response: { 200: lotOriginsSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => lotOriginsOf(tx, request.query)),
  });

  r.get('/api/lots/:id', {
    ...readers,
    schema: { tags, summary: 'One lot with its certificate and consumptions', params: lotParams, response: { 200: lotViewSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => lotViewOf(tx, request.params.id)),
  });

  r.post('/api/lots/:id/consume', {
    ...consumers,
    schema: {
      tags,
      summary:
        'A production order consumed this much of the lot (scanned or picked at the station). More than is left: 409 LOT_REMAINING_EXCEEDED with what is left; ' +
        'a `version` the lot is not at any more: 409',
      params: lotParams,
      body: consumeLotSchema,
      response: { 200: lotViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await consumeLot(ctx, request.params.id, request.body);
        return lotViewOf(ctx.tx, request.params.id);
      }),
  });
}

/** Where a lot went: genealogy, recall (the quality right), its CSV. */
function lotTraceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { readers, recallers } = guardsOf(app);

  r.get('/api/lots/:id/genealogy', {
    ...readers,
    schema: {
      tags,
      summary: 'Everything the lot went into: production orders, lots made of it, customer orders, shipments with delivery bills, customers',
      params: lotParams,
      response: { 200: lotGenealogySchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => lotGenealogyOf(tx, request.params.id)),
  });

  r.get('/api/lots/:id/recall', {
    ...recallers,
    schema: {
      tags,
      summary: 'The recall list of a lot (the quality right): each customer order it reached, with its shipment and delivery bills',
      params: lotParams,
      response: { 200: lotRecallSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => lotRecallOf(tx, request.params.id)),
  });

  r.get('/api/lots/:id/recall.csv', {
    ...recallers,
    schema: {
      tags,
      summary: 'The recall list as CSV for Excel (UTF-8 with BOM, `;` separated, formula-safe cells; `lang=de` for German headers)',
      params: lotParams,
      querystring: recallCsvQuerySchema,
      response: { 200: z.string().describe('text/csv'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const recall = await runQuery(app, request, (tx) => lotRecallOf(tx, request.params.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="recall-${recall.lot.number}.csv"`)
        .header('cache-control', 'no-store')
        .send(recallCsv(recall, request.query.lang));
    },
  });
}

/** A lot's certificate (a PDF, e.g. EN 10204 3.1): upload (the receivers) and download (any user of the company). */
async function lotCertificateRoutes(app: FastifyInstance, recordedFolders: readonly RecordedFolder[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { readers, receivers } = guardsOf(app);
  const dataDir = app.config.dataDir;
  // The one size limit of a certificate is the domain's; the parser cuts a larger file there (413).
  await app.register(multipart, { limits: { fileSize: lotLimits.certificateBytes, files: 1, fields: 0, parts: 1 } });

  r.post('/api/lots/:id/certificate', {
    ...receivers,
    schema: {
      tags,
      summary: 'Stores the lot’s certificate (multipart, one file; a PDF by its bytes, up to 10 MB); a later one replaces it',
      consumes: ['multipart/form-data'],
      params: lotParams,
      body: z.unknown().describe('multipart/form-data with one file part'),
      response: { 201: lotViewSchema, ...errorResponses(409, 413, 415) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'file', message: 'lots.validation.certificatePdf' }]);
      const part = await request.file();
      if (!part) throw new DomainError('VALIDATION_ERROR', [{ path: 'file', message: 'validation.required' }]);
      const lotId = request.params.id;
      const fileName = part.filename.trim().slice(0, lotLimits.certificateFileName) || 'certificate.pdf';
      // Another company's or an unknown lot is refused before a byte is written.
      await runQuery(app, request, (tx) => lotViewOf(tx, lotId));
      const storage = { dataDir, recordedFolders, companyId: companyOf(request), now: app.clock.now(), contentLength: request.headers['content-length'] };
      const view = await withStorageReservation(app.db, storage, async (room) => {
        const received = await receiveCertificate(part.file, () => part.file.truncated, { room, dataDir, companyId: companyOf(request), lotId });
        try {
          return await runCommand(app, request, async (ctx) => {
            await attachCertificate(ctx, lotId, received, fileName);
            return lotViewOf(ctx.tx, lotId);
          });
        } catch (error) {
          await received.discard();
          throw error;
        }
      });
      return reply.status(201).send(view);
    },
  });

  r.get('/api/lots/:id/certificate', {
    ...readers,
    schema: {
      tags,
      summary: 'The lot’s certificate (PDF)',
      params: lotParams,
      response: { 200: z.unknown().describe('application/pdf'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const lot = await runQuery(app, request, (tx) => findLotRow(tx, request.params.id));
      const certificate = lot?.state.certificate;
      const stream = certificate
        ? await openCompanyFile(dataDir, companyOf(request), certificatePath(request.params.id, certificate.certificateId))
        : undefined;
      if (!certificate || !stream) throw new DomainError('NOT_FOUND');
      return reply
        .type('application/pdf')
        .header('content-length', certificate.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(certificate.fileName)}`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });
}

export async function lotsRoutes(app: FastifyInstance, recordedFolders: readonly RecordedFolder[]): Promise<void> {
  lotRecordRoutes(app);
  lotTraceRoutes(app);
  await lotCertificateRoutes(app, recordedFolders);
}
