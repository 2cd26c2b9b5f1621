import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brokerSettingsSchema, machineLinkSchema } from '../../../domain/machines/machines.schema.js';
import { machineSettingsSchema } from '../../../domain/machines/machines.views.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { removeBroker, removeLink, saveLink, setBroker, type MachineSettingsDeps } from './machines.handlers.js';
import { machineSettingsOf } from './machines.queries.js';

const tags = ['machines'];
const stationParams = z.object({ stationId: z.uuid({ error: 'validation.invalidId' }) });

/**
 * The company's machine connectivity (docs/integration.md, Machine counts over MQTT): its owner (and
 * the product operator acting for it) sets the broker and links stations to their machines' topics.
 */
export async function machinesRoutes(app: FastifyInstance, deps: MachineSettingsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owners = { preHandler: app.requireRole('SUPER_USER', 'MASTER') };

  r.get('/api/machines', {
    ...owners,
    schema: {
      tags,
      summary: "The company's MQTT broker (never its password) and the stations linked to their machines' topics",
      response: { 200: machineSettingsSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => machineSettingsOf(tx)),
  });

  r.put('/api/machines/broker', {
    ...owners,
    schema: {
      tags,
      summary:
        'Sets the MQTT broker (mqtt:// or mqtts://, user name, password stored sealed; absent keeps it, null removes it); the server connects in the background',
      body: brokerSettingsSchema,
      response: { 200: machineSettingsSchema, ...errorResponses(402) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => setBroker(ctx, deps, request.body)),
  });

  r.delete('/api/machines/broker', {
    ...owners,
    schema: {
      tags,
      summary: 'Removes the broker: the connection ends, the links stay',
      response: { 204: z.null().describe('removed'), ...errorResponses(402) },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => removeBroker(ctx, deps));
      return reply.status(204).send(null);
    },
  });

  r.put('/api/machines/links/:stationId', {
    ...owners,
    schema: {
      tags,
      summary: "Links a station to its machine's topic: format (json or counter), scrap reason, stop codes mapped to interruption reasons",
      params: stationParams,
      body: machineLinkSchema,
      response: { 200: machineSettingsSchema, ...errorResponses(402) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => saveLink(ctx, deps, request.params.stationId, request.body)),
  });

  r.delete('/api/machines/links/:stationId', {
    ...owners,
    schema: {
      tags,
      summary: "Unlinks a station: its machine's messages are no longer taken",
      params: stationParams,
      response: { 204: z.null().describe('removed'), ...errorResponses(402) },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => removeLink(ctx, deps, request.params.stationId));
      return reply.status(204).send(null);
    },
  });
}
