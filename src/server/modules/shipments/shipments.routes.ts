import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeShipmentSchema,
  createShipmentSchema,
  shipmentActionSchema,
  shipmentLimits,
  shipmentListQuerySchema,
} from '../../../domain/shipments/shipment.schema.js';
import {
  shipmentHistorySchema,
  shipmentPageSchema,
  shipmentViewSchema,
  shippableOrdersSchema,
  type ShipmentView,
} from '../../../domain/shipments/shipments.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { withStorageReservation, type RecordedFolder } from '../company/index.js';
import { runCommand, runQuery, type CommandContext } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { openAttachment, receiveAttachment, removeAttachmentFile } from './shipment-attachment.files.js';
import { addAttachment, changeShipment, createShipment, removeAttachment, runTransition, type ShipmentTransition } from './shipments.handlers.js';
import { findAttachment, shipmentHistoryOf, shipmentPageOf, shipmentViewOf, shippableOrdersOf } from './shipments.queries.js';

const tags = ['shipments'];
const shipmentParams = z.object({ id: z.uuid() });
const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

type RouteGuard = { preHandler: preHandlerAsyncHookHandler };

/** What the shipments' route groups share: the command-then-view of a shipment, the guards, the data folder. */
interface ShipmentRouteKit {
  actOn: (request: FastifyRequest, shipmentId: string, command: (ctx: CommandContext) => Promise<void>) => Promise<ShipmentView>;
  readers: RouteGuard;
  writers: RouteGuard;
  dataDir: string;
  /** What the company's storage count needs besides the data folder (list port `recordedFolders`). */
  recordedFolders: readonly RecordedFolder[];
}

/** Shipments (shipping orders). Any user of the company reads; writers with the shipments change right write. */
export async function shipmentsRoutes(app: FastifyInstance, recordedFolders: readonly RecordedFolder[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The one size limit of an attachment is the domain's; the parser cuts a larger file there (413).
  await app.register(multipart, { limits: { fileSize: shipmentLimits.attachmentBytes, files: 1, fields: 0, parts: 1 } });
  const readers = { preHandler: app.authenticate };
  const writers = { preHandler: app.requireChangeRight('shipments') };
  const dataDir = app.config.dataDir;

  /** Runs a command on the shipment of the route and answers the shipment as it is afterwards, read in the same transaction. */
  const actOn = (request: FastifyRequest, shipmentId: string, command: (ctx: CommandContext) => Promise<void>) =>
    runCommand(app, request, async (ctx) => {
      await command(ctx);
      return shipmentViewOf(ctx.tx, shipmentId);
    });

  /** Registers a status change that needs nothing but the client's version. */
  const transition = (path: `/api/shipments/:id/${string}`, type: ShipmentTransition, summary: string) =>
    r.post(path, {
      ...writers,
      schema: { tags, summary, params: shipmentParams, body: shipmentActionSchema, response: { 200: shipmentViewSchema, ...errorResponses(409) } },
      handler: async (request) => actOn(request, request.params.id, (ctx) => runTransition(ctx, request.params.id, request.body.version, type)),
    });

  r.get('/api/shipments', {
    ...readers,
    schema: {
      tags,
      summary: 'Shipments of the company: filtered by status or order, searched (number, customer, carrier, tracking ID), paged and sorted',
      querystring: shipmentListQuerySchema,
      response: { 200: shipmentPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => shipmentPageOf(tx, request.query)),
  });

  r.get('/api/shipments/shippable-orders', {
    ...readers,
    schema: {
      tags,
      summary: "The shipment form's picker: customer orders Ready to ship and in no shipment",
      querystring: z.object({ q: z.string().trim().max(50).optional(), limit: z.coerce.number().int().min(1).max(200).default(100) }),
      response: { 200: shippableOrdersSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => shippableOrdersOf(tx, request.query)),
  });

  r.post('/api/shipments', {
    ...writers,
    schema: {
      tags,
      summary: 'Creates a shipment of customer orders Ready to ship, all of one customer (the carrier from master data or typed)',
      body: createShipmentSchema,
      response: { 201: shipmentViewSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const view = await runCommand(app, request, async (ctx) => shipmentViewOf(ctx.tx, await createShipment(ctx, request.body)));
      return reply.status(201).send(view);
    },
  });

  r.get('/api/shipments/:id', {
    ...readers,
    schema: { tags, summary: 'A shipment with its orders and attachments', params: shipmentParams, response: { 200: shipmentViewSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => shipmentViewOf(tx, request.params.id)),
  });

  r.put('/api/shipments/:id', {
    ...writers,
    schema: {
      tags,
      summary: 'Changes the form (details and orders) while the shipment is not Sent',
      params: shipmentParams,
      body: changeShipmentSchema,
      response: { 200: shipmentViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      const { version, ...form } = request.body;
      return actOn(request, request.params.id, (ctx) => changeShipment(ctx, request.params.id, form, version));
    },
  });

  r.get('/api/shipments/:id/history', {
    ...readers,
    schema: {
      tags,
      summary: 'Every event of the shipment with who, when and what; fold `data` with evolveShipment to replay',
      params: shipmentParams,
      response: { 200: shipmentHistorySchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => shipmentHistoryOf(tx, app.eventStore, request.params.id)),
  });

  transition('/api/shipments/:id/ready-to-dispatch', 'MarkReadyToDispatch', 'Open -> Ready for dispatch (its orders too)');
  transition('/api/shipments/:id/dispatch', 'Dispatch', 'Ready for dispatch -> Sent; every order Dispatched');
  transition('/api/shipments/:id/deliver', 'Deliver', 'Sent -> Delivered; every order Delivered');
  transition('/api/shipments/:id/cancel', 'Cancel', 'Open or Ready for dispatch -> Canceled; the orders are Ready to ship and free again');

  shipmentAttachmentRoutes(app, { actOn, readers, writers, dataDir, recordedFolders });
}

/** A shipment's attachments: upload, download, remove. */
function shipmentAttachmentRoutes(app: FastifyInstance, { actOn, readers, writers, dataDir, recordedFolders }: ShipmentRouteKit) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/shipments/:id/attachments', {
    ...writers,
    schema: {
      tags,
      summary: 'Uploads an attachment (multipart, one file; PDF, PNG or JPEG by its bytes, up to 25 MB)',
      consumes: ['multipart/form-data'],
      params: shipmentParams,
      body: z.unknown().describe('multipart/form-data with one file part'),
      response: { 201: shipmentViewSchema, ...errorResponses(409, 413, 415) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'file', message: 'errors.UNSUPPORTED_MEDIA_TYPE' }]);
      const part = await request.file();
      if (!part) throw new DomainError('VALIDATION_ERROR', [{ path: 'file', message: 'validation.required' }]);
      const shipmentId = request.params.id;
      const fileName = part.filename.trim().slice(0, shipmentLimits.attachmentFileName) || 'attachment';
      // Another company's or an unknown shipment is refused before a byte is written.
      await runQuery(app, request, (tx) => shipmentViewOf(tx, shipmentId));
      // The plan's storage quota: room taken atomically (refused at once by the declared length), the bytes stopped as they pass it.
      const storage = { dataDir, recordedFolders, companyId: companyOf(request), now: app.clock.now(), contentLength: request.headers['content-length'] };
      const view = await withStorageReservation(app.db, storage, async (room) => {
        // The bytes go to disk before the transaction opens: an upload may take minutes.
        const received = await receiveAttachment(part.file, () => part.file.truncated, {
          room,
          dataDir,
          companyId: companyOf(request),
          shipmentId,
        });
        try {
          return await actOn(request, shipmentId, (ctx) => addAttachment(ctx, shipmentId, received, fileName));
        } catch (error) {
          await received.discard();
          throw error;
        }
      });
      return reply.status(201).send(view);
    },
  });

  r.get('/api/shipments/:id/attachments/:attachmentId', {
    ...readers,
    schema: {
      tags,
      summary: "An attachment's bytes, only for the company that owns the shipment",
      params: attachmentParams,
      response: { 200: z.unknown().describe('application/pdf, image/png or image/jpeg'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const attachment = await runQuery(app, request, (tx) => findAttachment(tx, id, attachmentId));
      const stream = attachment ? await openAttachment(dataDir, companyOf(request), attachment.path) : undefined;
      if (!attachment || !stream) throw new DomainError('NOT_FOUND');
      return reply
        .type(attachment.content_type)
        .header('content-length', attachment.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(attachment.file_name)}`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });

  r.delete('/api/shipments/:id/attachments/:attachmentId', {
    ...writers,
    schema: {
      tags,
      summary: 'Removes an attachment while the shipment is not Sent',
      params: attachmentParams,
      body: shipmentActionSchema,
      response: { 200: shipmentViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      const { id, attachmentId } = request.params;
      const companyId = companyOf(request);
      return actOn(request, id, (ctx) =>
        removeAttachment(ctx, id, attachmentId, request.body.version, () => removeAttachmentFile(dataDir, companyId, id, attachmentId)),
      );
    },
  });
}
