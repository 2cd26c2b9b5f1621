import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTrackingLinkSchema, emailTrackingLinkSchema } from '../../../domain/shipments/shipment-tracking.schema.js';
import {
  createdTrackingLinkSchema,
  trackingLinkEmailSchema,
  trackingLinkSchema,
  trackingLinksSchema,
  trackingPageSchema,
} from '../../../domain/shipments/shipment-tracking.views.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { createTrackingLink, emailTrackingLink, revokeTrackingLink, trackingSealKeyFrom } from './shipment-tracking.records.js';
import { trackingLinksOf, trackingLogoOf, trackingPageOf } from './shipment-tracking.queries.js';

const tags = ['shipments'];
const shipmentParams = z.object({ id: z.uuid() });

/** The public page is asked for by people without an account: as tight as the other public routes (per address). */
export const trackingPageRateLimit = { max: 60, timeWindow: 15 * 60 * 1000 };

/** Tracking links of a shipment (writers make and withdraw them) and the end customer's page behind one (no sign-in). */
export async function shipmentTrackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const writers = { preHandler: app.requireChangeRight('shipments') };

  r.get('/api/shipments/:id/tracking-links', {
    ...readers,
    schema: {
      tags,
      summary: "A shipment's tracking links (never their tokens)",
      params: shipmentParams,
      response: { 200: trackingLinksSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => trackingLinksOf(tx, request.params.id, now)),
  });

  r.post('/api/shipments/:id/tracking-links', {
    ...writers,
    schema: {
      tags,
      summary: 'Makes a tracking link for the end customer; the token is answered this once (only its hash is kept)',
      params: shipmentParams,
      body: createTrackingLinkSchema,
      response: { 201: createdTrackingLinkSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const link = await runCommand(app, request, (ctx) => createTrackingLink(ctx, request.params.id, request.body.days));
      return reply.status(201).send(link);
    },
  });

  const sealKey = trackingSealKeyFrom(app.config);
  r.post('/api/shipments/:id/tracking-links/:linkId/email', {
    ...writers,
    schema: {
      tags,
      summary: 'Emails a working tracking link to the end customer (the token from its making; at most 50 a day per company)',
      description:
        "The console sends the token it was given when the link was made; it must match the link's stored hash (else 404). " +
        "The mail goes in the company's document language, naming the company; the answer never holds the link.",
      params: z.object({ id: z.uuid(), linkId: z.uuid() }),
      body: emailTrackingLinkSchema,
      response: { 202: trackingLinkEmailSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const { id, linkId } = request.params;
      const queued = await runCommand(app, request, (ctx) => emailTrackingLink(ctx, sealKey, id, linkId, request.body));
      return reply.status(202).send(queued);
    },
  });

  r.delete('/api/shipments/:id/tracking-links/:linkId', {
    ...writers,
    schema: {
      tags,
      summary: 'Withdraws a tracking link: its page answers 404 at once',
      params: z.object({ id: z.uuid(), linkId: z.uuid() }),
      response: { 200: trackingLinkSchema, ...errorResponses() },
    },
    handler: async (request) => runCommand(app, request, (ctx) => revokeTrackingLink(ctx, request.params.id, request.params.linkId)),
  });

  r.get('/api/tracking/:token', {
    config: { rateLimit: trackingPageRateLimit },
    schema: {
      tags,
      summary: "The end customer's tracking page (no sign-in): 404 for an unknown, expired or withdrawn link",
      params: z.object({ token: z.string().min(1).max(100) }),
      response: { 200: trackingPageSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const page = await trackingPageOf(app.db, app.config.dataDir, request.params.token, app.clock.now());
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(page);
    },
  });

  r.get('/api/tracking/:token/logo', {
    config: { rateLimit: trackingPageRateLimit },
    schema: {
      tags,
      summary: "The sending company's logo on the end customer's tracking page (no sign-in): 404 for a link gone or no logo",
      params: z.object({ token: z.string().min(1).max(100) }),
      response: { 200: z.unknown().describe('image/png or image/jpeg'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const logo = await trackingLogoOf(app.db, app.config.dataDir, request.params.token, app.clock.now());
      return reply
        .type(logo.contentType)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  });
}
