import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carrierInputSchema, carrierListSchema, carrierViewSchema } from '../../../domain/shipments/carrier.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { runCommand, runQuery, type CommandContext } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { carrierListOf } from './carriers.queries.js';
import { addCarrier, changeCarrier, deleteCarrier, setCarrierRetired } from './carriers.records.js';

const tags = ['shipments'];
const carrierParams = z.object({ id: z.uuid() });

/** Carriers: the company's master data for the shipment form. Any user reads; writers with the shipments change right write. */
export async function carriersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const writers = { preHandler: app.requireChangeRight('shipments') };

  /** Runs a change and answers the carrier as it is afterwards, read in the same transaction. */
  const changeAndAnswer = (request: FastifyRequest, change: (ctx: CommandContext) => Promise<string>) =>
    runCommand(app, request, async (ctx) => {
      const carrierId = await change(ctx);
      const carrier = (await carrierListOf(ctx.tx)).data.find((one) => one.id === carrierId);
      if (!carrier) throw new DomainError('NOT_FOUND');
      return carrier;
    });

  r.get('/api/carriers', {
    ...readers,
    schema: { tags, summary: "The company's carriers by name, retired ones too", response: { 200: carrierListSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => carrierListOf(tx)),
  });

  r.post('/api/carriers', {
    ...writers,
    schema: {
      tags,
      summary: 'Adds a carrier (name unique in the company, any case; template an http(s) address with {trackingId})',
      body: carrierInputSchema,
      response: { 201: carrierViewSchema, ...errorResponses() },
    },
    handler: async (request, reply) => reply.status(201).send(await changeAndAnswer(request, (ctx) => addCarrier(ctx, request.body))),
  });

  r.put('/api/carriers/:id', {
    ...writers,
    schema: {
      tags,
      summary: 'Renames a carrier or changes its template (shipments keep the name they were made with)',
      params: carrierParams,
      body: carrierInputSchema,
      response: { 200: carrierViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      changeAndAnswer(request, async (ctx) => {
        await changeCarrier(ctx, request.params.id, request.body);
        return request.params.id;
      }),
  });

  const retirement = (path: '/api/carriers/:id/retire' | '/api/carriers/:id/reinstate', retired: boolean, summary: string) =>
    r.post(path, {
      ...writers,
      schema: { tags, summary, params: carrierParams, response: { 200: carrierViewSchema, ...errorResponses() } },
      handler: async (request) =>
        changeAndAnswer(request, async (ctx) => {
          await setCarrierRetired(ctx, request.params.id, retired);
          return request.params.id;
        }),
    });
  retirement('/api/carriers/:id/retire', true, 'Retires a carrier: no longer offered, still on the shipments that name it');
  retirement('/api/carriers/:id/reinstate', false, 'Offers a retired carrier again');

  r.delete('/api/carriers/:id', {
    ...writers,
    schema: {
      tags,
      summary: 'Deletes a carrier no shipment names (409 MASTER_DATA_ENTRY_IN_USE otherwise: retire it)',
      params: carrierParams,
      response: { 204: z.null(), ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => deleteCarrier(ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });
}
