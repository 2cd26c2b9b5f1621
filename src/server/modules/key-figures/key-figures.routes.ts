import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyFigureSettingsInputSchema, keyFiguresQuerySchema } from '../../../domain/key-figures/key-figures.schema.js';
import { keyFigureSettingsViewSchema, keyFiguresRebuildViewSchema, keyFiguresViewSchema } from '../../../domain/key-figures/key-figures.views.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { rebuildKeyFigures, saveKeyFigureSettings } from './key-figures.handlers.js';
import { keyFigureSettings, keyFiguresOf } from './key-figures.queries.js';

const tags = ['key-figures'];
const settingsBody = keyFigureSettingsInputSchema.extend({ version: z.number().int().min(0) });

/**
 * Key figures computed from the event log (docs/key-figures.md): every user of the company reads
 * them (the home board); writers with the company-settings change right set targets and rebuild.
 */
export async function keyFiguresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A company that switched key figures off (tab App function) gets 404 on every route.
  const readers = { preHandler: [app.authenticate, app.requireFunction('keyFigures')] };
  const writers = { preHandler: [app.requireChangeRight('companySettings'), app.requireFunction('keyFigures')] };

  r.get('/api/key-figures', {
    ...readers,
    schema: {
      tags,
      summary:
        "The figures of the day, week (from Monday) or month (days of the company's time zone) holding `day` (default today there), the period before, the series up to it and per station, with the targets",
      querystring: keyFiguresQuerySchema,
      response: { 200: keyFiguresViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, (tx, now) => keyFiguresOf(tx, companyOf(request), request.query.period, request.query.day, now, app.config.workingTime)),
  });

  r.get('/api/key-figures/settings', {
    ...readers,
    schema: {
      tags,
      summary: 'The targets per figure and the figures the home board shows, with the version to save on',
      response: { 200: keyFigureSettingsViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => keyFigureSettings(tx, companyOf(request))),
  });

  r.put('/api/key-figures/settings', {
    ...writers,
    schema: {
      tags,
      summary: 'Saves the targets and the home figures (409 CONFLICT_ERROR when `version` is not the saved one)',
      body: settingsBody,
      response: { 200: keyFigureSettingsViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        const { version, ...input } = request.body;
        await saveKeyFigureSettings(ctx, input, version);
        return keyFigureSettings(ctx.tx, ctx.companyId);
      }),
  });

  r.post('/api/key-figures/rebuild', {
    ...writers,
    schema: {
      tags,
      summary: "Reads the company's key-figure facts again from the event log (the figures before and after are the same)",
      body: z.object({}).nullish(),
      response: { 200: keyFiguresRebuildViewSchema, ...errorResponses() },
    },
    handler: async (request) => runCommand(app, request, async (ctx) => ({ events: await rebuildKeyFigures(ctx) })),
  });
}
