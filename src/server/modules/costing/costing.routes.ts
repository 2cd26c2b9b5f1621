import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { marginsQuerySchema, setLabourRateSchema, setMachineRateSchema, setMaterialPriceSchema } from '../../../domain/costing/costing.schema.js';
import { marginsSchema, orderCostingSchema, ratesSchema } from '../../../domain/costing/costing.views.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { marginsCsv } from './costing.csv.js';
import { setRate } from './costing.handlers.js';
import { marginsOf, orderCostingViewOf, ratesOf } from './costing.queries.js';

const tags = ['costing'];
const orderParams = z.object({ orderId: z.uuid({ error: 'validation.invalidId' }) });

/** The company's time zone: its days are the days rates are valid from and reports span. */
const zoneOf = async (app: FastifyInstance, tx: Executor, request: FastifyRequest) =>
  timeZoneOf(await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime));

/** Rates and prices: read them all, set a machine rate, a labour rate, a material price (each valid from a day on). */
function rateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const costs = { preHandler: app.requireChangeRight('costs') };

  r.get('/api/costs/rates', {
    ...costs,
    schema: {
      tags,
      summary: 'Every machine rate, labour rate and material price set (newest first), and what one can set them for',
      response: { 200: ratesSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => ratesOf(tx, now, await zoneOf(app, tx, request))),
  });

  const writes = [
    { path: '/api/costs/machine-rates', kind: 'machine', body: setMachineRateSchema, summary: 'Sets a station’s hourly machine rate from a day on' },
    {
      path: '/api/costs/labour-rates',
      kind: 'labour',
      body: setLabourRateSchema,
      summary: 'Sets the standard labour rate, a job title’s or an employee’s, from a day on',
    },
    { path: '/api/costs/material-prices', kind: 'material', body: setMaterialPriceSchema, summary: 'Sets a material’s purchase price per piece from a day on' },
  ] as const;
  for (const write of writes) {
    r.post(write.path, {
      ...costs,
      schema: {
        tags,
        summary: `${write.summary}. A day before today: 409 (costs already computed never change); an unknown target: 404. Answers every rate`,
        body: write.body,
        response: { 201: ratesSchema, ...errorResponses(409) },
      },
      handler: async (request, reply) => {
        const rates = await runCommand(app, request, async (ctx) => {
          const zone = await zoneOf(app, ctx.tx, request);
          await setRate(ctx, write.kind, request.body, zone);
          return ratesOf(ctx.tx, ctx.now, zone);
        });
        return reply.code(201).send(rates);
      },
    });
  }
}

/** An order's costing tab and the margins report (with its CSV). */
function costReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const costs = { preHandler: app.requireChangeRight('costs') };

  r.get('/api/costs/orders/:orderId', {
    ...costs,
    schema: {
      tags,
      summary:
        'An order’s planned and actual cost (material, labour, machine), the difference per station, the scrap share and the margin against its net price',
      params: orderParams,
      response: { 200: orderCostingSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => orderCostingViewOf(tx, request.params.orderId)),
  });

  r.get('/api/costs/margins', {
    ...costs,
    schema: {
      tags,
      summary: 'Margins of the customer orders created in the period per customer, and of the production orders per material',
      querystring: marginsQuerySchema,
      response: { 200: marginsSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx) => marginsOf(tx, request.query.from, request.query.to, await zoneOf(app, tx, request))),
  });

  r.get('/api/costs/margins.csv', {
    ...costs,
    schema: {
      tags,
      summary: 'The margins report as CSV for Excel (UTF-8 with BOM, `;` separated; `lang=de` for German headers and decimal commas)',
      querystring: marginsQuerySchema,
      response: { 200: z.string().describe('text/csv'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const { from, to, lang } = request.query;
      const margins = await runQuery(app, request, async (tx) => marginsOf(tx, from, to, await zoneOf(app, tx, request)));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="margins-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(marginsCsv(margins, lang));
    },
  });
}

export async function costingRoutes(app: FastifyInstance): Promise<void> {
  rateRoutes(app);
  costReportRoutes(app);
}
