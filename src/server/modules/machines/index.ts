import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MACHINES_STREAM_TYPE } from '../../../domain/machines/machines.events.js';
import * as machinesViews from '../../../domain/machines/machines.views.js';
import { defineModule, type Ports } from '../../platform/module.js';
import { deriveKey } from '../../platform/secrets.js';
import { machineConnections, type MachineConnections } from './machine-connections.js';
import { machineReasonUsage } from './machines.queries.js';
import { machinesRoutes } from './machines.routes.js';
import { machinesLiveRules } from './machines.live.js';

export type { MessageOutcome } from './machine-messages.js';
export type { MachineConnections } from './machine-connections.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's MQTT clients (docs/integration.md); `settled` tells when a company's subscriptions are in place. */
    machineConnections: MachineConnections;
  }
}

/**
 * Machines (issue 31, docs/integration.md "Machine counts over MQTT"): a company's broker and its
 * stations' links to machine topics; one MQTT client per company broker, whose messages become the
 * orders' quantity reports and the interruptions' reports and resolutions, through their commands.
 */
export const machinesModule = defineModule({
  name: 'machines',
  requires: ['writeCheck', 'orderHoldCheck'],
  provides: {},
  // A scrap or interruption reason a link names counts as used in the team's master data.
  contributes: { companyTables: [{ exported: ['machine_links'], notExported: ['machine_brokers'] }], entryUsageReaders: [machineReasonUsage] },
  // Not encapsulated: the app (and its tests) reach `machineConnections`.
  plugin: fp(
    async (app: FastifyInstance, { ports }: { ports: Pick<Ports, 'writeCheck' | 'orderHoldCheck'> }) => {
      const sealKey = deriveKey(app.config.jwtSecret, 'machine-broker-password');
      const connections = machineConnections({ deps: app, writeCheck: ports.writeCheck, holdOf: ports.orderHoldCheck, sealKey, log: app.log });
      app.decorate('machineConnections', connections);
      app.addHook('onReady', () => connections.start());
      app.addHook('onClose', () => connections.stop());
      await app.register(async (scope) =>
        machinesRoutes(scope, {
          sealKey,
          production: app.config.env === 'production',
          changed: async (companyId) => connections.refresh(companyId),
        }),
      );
    },
    { name: 'machines' },
  ),
  openApi: {
    tags: [
      {
        name: 'machines',
        description:
          "Machine counts over MQTT: the company's broker and its stations' machine topics, message formats, stop codes. The owner's only; no key reaches them.",
      },
    ],
    views: [machinesViews],
  },
  liveTopics: [MACHINES_STREAM_TYPE],
  liveRules: machinesLiveRules,
});
