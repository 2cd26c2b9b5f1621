import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  materialMediaListSchema,
  materialMediaQuerySchema,
  materialMediumSchema,
  mediaFileName,
  mediaStationFieldSchema,
} from '../../../domain/materials/material-media.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { withTenant } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { withStorageReservation } from '../company/index.js';
import { receiveMedium } from './material-media.files.js';
import { addMedium, checkMediumUpload, mediaOfMaterial, readMedium, removeMaterialMedium, type MaterialMediaDeps } from './material-media.handlers.js';

const tags = ['materials'];
const materialParams = z.object({ id: z.uuid() });
const mediumParams = z.object({ id: z.uuid(), mediumId: z.uuid() });

/** 'Select station and/or upload media!': the upload names no station (or `all`) or carries no file. */
const stationOrFileMissing = (path: 'stationId' | 'file') =>
  new DomainError('MEDIA_STATION_OR_FILE_MISSING', [{ path, message: 'errors.MEDIA_STATION_OR_FILE_MISSING' }]);

/**
 * Media of materials and their steps (docs/materials.md, Media): any user of the company lists and
 * opens them (operators at the station); writers with the materials change right upload and remove.
 * Its own scope: the multipart parser here takes one station field and one file of the media limit.
 */
export async function materialMediaRoutes(app: FastifyInstance, deps: MaterialMediaDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: deps.config.materialMediaMaxBytes, files: 1, fields: 1, parts: 2, fieldSize: 100 } });
  const read = app.authenticate;
  const write = app.requireChangeRight('materials');

  r.get('/api/materials/:id/media', {
    preHandler: read,
    schema: {
      tags,
      summary: "The material's media (images and PDF drawings), oldest first; with `stationId` that station's and the ones for every station",
      params: materialParams,
      querystring: materialMediaQuerySchema,
      response: { 200: materialMediaListSchema, ...errorResponses() },
    },
    handler: async (request) => ({ items: await runQuery(app, request, (tx) => mediaOfMaterial(tx, request.params.id, request.query.stationId)) }),
  });

  r.post('/api/materials/:id/media', {
    preHandler: write,
    schema: {
      tags,
      summary:
        'Upload a medium: multipart with the field `stationId` (a station of a step, or `all`) first, then one file (PNG, JPEG, WebP or PDF by its bytes, up to the media limit)',
      consumes: ['multipart/form-data'],
      params: materialParams,
      body: z.unknown().describe('multipart/form-data: field stationId, then one file part'),
      response: { 201: materialMediumSchema, ...errorResponses(402, 413, 415, 422) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw stationOrFileMissing('file');
      const part = await request.file();
      const field = part?.fields.stationId;
      const stationValue = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
      if (!stationValue) {
        part?.file.resume();
        throw stationOrFileMissing('stationId');
      }
      if (!part) throw stationOrFileMissing('file');
      const station = mediaStationFieldSchema.safeParse(stationValue);
      if (!station.success) {
        part.file.resume();
        throw new DomainError('VALIDATION_ERROR', [{ path: 'stationId', message: 'materials.validation.unknownStation' }]);
      }
      const stationId = station.data === 'all' ? null : station.data;
      const { id } = request.params;
      // An unknown or another company's material, an unknown station, a full material: refused before a byte is written.
      await runQuery(app, request, (tx) => checkMediumUpload(tx, id, stationId)).catch((error: unknown) => {
        part.file.resume();
        throw error;
      });
      // The plan's storage quota: room taken atomically (refused at once by the declared length), the bytes stopped as they pass it.
      const storage = {
        dataDir: deps.config.dataDir,
        recordedFolders: deps.recordedFolders,
        companyId: companyOf(request),
        now: app.clock.now(),
        contentLength: request.headers['content-length'],
      };
      const mediumId = randomUUID();
      const medium = await withStorageReservation(app.db, storage, async (room) => {
        // The bytes go to disk before the transaction opens: an upload may take minutes.
        const received = await receiveMedium(part.file, () => part.file.truncated, {
          room,
          dataDir: deps.config.dataDir,
          companyId: companyOf(request),
          materialId: id,
          mediumId,
          maxBytes: deps.config.materialMediaMaxBytes,
        });
        return runCommand(app, request, (ctx) => addMedium(ctx, { mediumId, materialId: id, stationId, fileName: mediaFileName(part.filename) }, received));
      }).catch((error: unknown) => {
        part.file.resume();
        throw error;
      });
      return reply.status(201).send(medium);
    },
  });

  r.delete('/api/materials/:id/media/:mediumId', {
    preHandler: write,
    schema: { tags, summary: 'Remove a medium', params: mediumParams, response: { 204: z.null().describe('removed'), ...errorResponses(402) } },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => removeMaterialMedium(ctx, deps, request.params.id, request.params.mediumId));
      return reply.status(204).send(null);
    },
  });

  mediumFileRoutes(app, deps);
}

/** A medium's bytes: to a signed-in user, and by a short-lived view link without sign-in. */
function mediumFileRoutes(app: FastifyInstance, deps: MaterialMediaDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = app.authenticate;

  r.get('/api/materials/:id/media/:mediumId/file', {
    preHandler: read,
    schema: {
      tags,
      summary: "A medium's bytes (inline, its stored type), only for the company that owns the material",
      params: mediumParams,
      response: { 200: z.unknown().describe('image/png, image/jpeg, image/webp or application/pdf'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const found = await runQuery(app, request, (tx) => readMedium(tx, deps, companyOf(request), request.params.id, request.params.mediumId));
      // Shown from a blob by the console itself: nothing in it runs or loads.
      return sendMedium(reply, found, "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    },
  });

  r.get('/api/materials/:id/media/:mediumId/view-link', {
    preHandler: read,
    schema: {
      tags,
      summary:
        "A short-lived address of the medium on our own origin that needs no bearer token, for the browser's own PDF viewer in a frame (the page's policy refuses PDFs from blobs)",
      params: mediumParams,
      response: { 200: z.object({ url: z.string(), expiresAt: z.string() }), ...errorResponses() },
    },
    handler: async (request) => {
      const { id: materialId, mediumId } = request.params;
      const companyId = companyOf(request);
      await runQuery(app, request, (tx) => readMedium(tx, deps, companyId, materialId, mediumId));
      const expires = app.clock.now().getTime() + mediumViewSeconds * 1000;
      const signature = viewSignature(app.config.jwtSecret, { companyId, materialId, mediumId, expires });
      return {
        url: `/api/media-view/${companyId}/${materialId}/${mediumId}?expires=${expires}&signature=${signature}`,
        expiresAt: new Date(expires).toISOString(),
      };
    },
  });

  r.get('/api/media-view/:companyId/:materialId/:mediumId', {
    schema: {
      tags,
      summary: 'The medium of a view link (no sign-in; the signed link is the right to it, for ten minutes): 404 once it is altered or expired',
      params: z.object({ companyId: z.uuid(), materialId: z.uuid(), mediumId: z.uuid() }),
      querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      response: { 200: z.unknown().describe('the medium, inline'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const ticket = { ...request.params, expires: request.query.expires };
      if (!isSigned(app.config.jwtSecret, ticket, request.query.signature) || ticket.expires <= app.clock.now().getTime()) throw new DomainError('NOT_FOUND');
      const found = await withTenant(app.db, ticket.companyId, (tx) => readMedium(tx, deps, ticket.companyId, ticket.materialId, ticket.mediumId));
      // Framed by our own pages only, and the browser's PDF viewer may show it (object-src 'self').
      return sendMedium(
        reply,
        found,
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
        'no-store',
      );
    },
  });
}

/** What a medium's view link carries: the right to one medium of one company until `expires` (ms since 1970). */
interface MediumViewTicket {
  companyId: string;
  materialId: string;
  mediumId: string;
  expires: number;
}
const mediumViewSeconds = 600;

/** The link's HMAC (base64url): it cannot be altered to open another medium or to last longer. */
const viewSignature = (secret: string, ticket: MediumViewTicket) =>
  createHmac('sha256', `medium-view:${secret}`).update(`${ticket.companyId}/${ticket.materialId}/${ticket.mediumId}/${ticket.expires}`).digest('base64url');

function isSigned(secret: string, ticket: MediumViewTicket, signature: string): boolean {
  const expected = Buffer.from(viewSignature(secret, ticket));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A medium's bytes, inline under its own name, with the policy its use needs. */
async function sendMedium(
  reply: FastifyReply,
  { medium, open }: Awaited<ReturnType<typeof readMedium>>,
  policy: string,
  // Never kept by the browser: a cached copy would be served on a shared tablet after sign-out, without a token (issue 26).
  cache = 'private, no-store',
) {
  const stream = await open();
  if (!stream) throw new DomainError('NOT_FOUND');
  const fileName = encodeURIComponent(medium.fileName);
  return reply
    .type(medium.contentType)
    .header('content-length', medium.size)
    .header('content-disposition', `inline; filename*=UTF-8''${fileName}`)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', policy)
    .send(stream);
}
