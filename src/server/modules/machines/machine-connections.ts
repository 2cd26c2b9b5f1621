import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { isDuplicate, parseMachineMessage, rememberMessage, type SeenMessages } from '../../../domain/machines/machines.rules.js';
import type { WriteCheck } from '../../platform/auth.js';
import type { CommandDeps } from '../../platform/command.js';
import { withSystem } from '../../platform/db.js';
import { unseal } from '../../platform/secrets.js';
import { takeMachineMessage, type MessageOutcome } from './machine-messages.js';
import { brokersWithTopics } from './machines.queries.js';
import type { OrderHoldCheck } from '../orders/index.js';

/** The first wait before a reconnect, and the longest: it doubles after each failed attempt. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 60_000;
/** How long the app's close waits for refreshes under way. */
const STOP_WAIT_MS = 2_000;

/** The shared-subscription group of a company: one server instance of several takes each message, and companies never share. */
const sharedTopic = (companyId: string, topic: string) => `$share/shopfloor-${companyId}/${topic}`;

interface CompanyClient {
  client: MqttClient;
  /** What it connected with: a change of any of these connects anew. */
  key: string;
  topics: Set<string>;
  seen: Map<string, SeenMessages>;
  /** Messages of one company are taken one after another, in the order they came. */
  queue: Promise<void>;
}

export interface MachineConnectionsOptions {
  deps: CommandDeps;
  /** Whether the company may write now (an ended trial may not): the platform's port. */
  writeCheck: WriteCheck;
  /** Whether an order is held by an open NCR (the quality module's port): a held order takes no count. */
  holdOf: OrderHoldCheck;
  sealKey: Buffer;
  log: FastifyBaseLogger;
  /** Told what became of each message (logging; tests wait on it). */
  onOutcome?(companyId: string, topic: string, outcome: MessageOutcome): void;
}

/** The server's MQTT clients: one per company with a broker, subscribed to its stations' topics (docs/integration.md). */
export interface MachineConnections {
  /** Connects every configured company's broker (at start-up). */
  start(): Promise<void>;
  /**
   * After a company's settings changed: connects, subscribes, unsubscribes or ends its client, in
   * the background (a broker out of reach never holds up the request); refreshes of one company
   * run one after another.
   */
  refresh(companyId: string): void;
  /** Resolves once the company's refreshes so far are done (subscriptions acknowledged by the broker). */
  settled(companyId: string): Promise<void>;
  /** Ends every client (the app's close). */
  stop(): Promise<void>;
}

export function machineConnections(options: MachineConnectionsOptions): MachineConnections {
  const clients = new Map<string, CompanyClient>();
  let stopped = false;

  const take = (companyId: string, entry: CompanyClient, topic: string, payload: string) => {
    const now = options.deps.clock.now().getTime();
    const messageId = parseMachineMessage('json', payload)?.messageId ?? null;
    const seen = entry.seen.get(topic) ?? new Map<string, number>();
    if (isDuplicate(seen, messageId, now)) return options.onOutcome?.(companyId, topic, 'ignored');
    entry.seen.set(topic, rememberMessage(seen, messageId, now));
    entry.queue = entry.queue.then(async () => {
      try {
        const outcome = await takeMachineMessage(options.deps, { writeCheck: options.writeCheck, holdOf: options.holdOf }, companyId, topic, payload);
        options.log.info({ companyId, topic, outcome }, 'machine message');
        options.onOutcome?.(companyId, topic, outcome);
      } catch (error) {
        options.log.error({ err: error, companyId, topic }, 'machine message failed');
      }
    });
  };

  const connect = (companyId: string, url: string, username: string | null, password: string | null, key: string): CompanyClient => {
    const client = mqtt.connect(url, {
      ...(username ? { username } : {}),
      ...(password ? { password } : {}),
      clientId: `shopfloor-${companyId.slice(0, 8)}-${Math.random().toString(16).slice(2, 10)}`,
      reconnectPeriod: RECONNECT_FIRST_MS,
      connectTimeout: 10_000,
      clean: true,
    });
    const entry: CompanyClient = { client, key, topics: new Set(), seen: new Map(), queue: Promise.resolve() };
    client.on('connect', () => {
      client.options.reconnectPeriod = RECONNECT_FIRST_MS;
      options.log.info({ companyId }, 'machine broker connected');
    });
    client.on('close', () => {
      client.options.reconnectPeriod = Math.min((client.options.reconnectPeriod ?? RECONNECT_FIRST_MS) * 2, RECONNECT_MAX_MS);
    });
    client.on('error', (error) => options.log.warn({ companyId, err: error.message }, 'machine broker error'));
    client.on('message', (topic, payload) => take(companyId, entry, topic, payload.toString('utf8')));
    return entry;
  };

  const end = async (companyId: string) => {
    const entry = clients.get(companyId);
    if (!entry) return;
    clients.delete(companyId);
    await entry.client.endAsync(true);
    await entry.queue;
  };

  const pending = new Map<string, Promise<void>>();

  const apply = async (companyId: string) => {
    if (stopped) return;
    const [broker] = await withSystem(options.deps.db, (tx) => brokersWithTopics(tx, companyId));
    if (!broker || stopped) return end(companyId);
    const password = broker.password_sealed ? unseal(options.sealKey, broker.password_sealed) : null;
    const key = JSON.stringify([broker.url, broker.username, password]);
    if (clients.get(companyId)?.key !== key) {
      await end(companyId);
      clients.set(companyId, connect(companyId, broker.url, broker.username, password, key));
    }
    const entry = clients.get(companyId);
    if (!entry) return;
    const wanted = new Set(broker.topics);
    const added = [...wanted].filter((topic) => !entry.topics.has(topic));
    const removed = [...entry.topics].filter((topic) => !wanted.has(topic));
    entry.topics = wanted;
    // Subscriptions wait for the connection and are renewed on each reconnect (MQTT.js `resubscribe`).
    if (added.length > 0)
      await entry.client.subscribeAsync(
        added.map((topic) => sharedTopic(companyId, topic)),
        { qos: 1 },
      );
    if (removed.length > 0) await entry.client.unsubscribeAsync(removed.map((topic) => sharedTopic(companyId, topic)));
  };

  const refresh = (companyId: string) => {
    const next = (pending.get(companyId) ?? Promise.resolve())
      .then(() => apply(companyId))
      .catch((error: unknown) => options.log.error({ err: error, companyId }, 'machine broker not connected'));
    pending.set(companyId, next);
  };

  return {
    async start() {
      const brokers = await withSystem(options.deps.db, (tx) => brokersWithTopics(tx));
      for (const broker of brokers) refresh(broker.company_id);
    },
    refresh,
    settled: (companyId) => pending.get(companyId) ?? Promise.resolve(),
    async stop() {
      stopped = true;
      await Promise.all([...clients.keys()].map(end));
      // A subscription still waiting for a broker out of reach is given up, not waited for.
      await Promise.race([Promise.all([...pending.values()]), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
      await Promise.all([...clients.keys()].map(end));
    },
  };
}
