import { timingSafeEqual } from 'node:crypto';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { consumerLags, lagAfter, type LogLag } from './consumers.js';
import { errorResponses, sendError } from './errors.js';
import { queueNames, type QueueName } from './jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** BullMQ queue handles for reading (metrics, the queue dashboard); absent without Redis. */
    inspectionQueues?: Record<QueueName, Queue>;
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Opens read handles on the server's BullMQ queues (same Redis and prefix as the workers), closed with the app. */
export const inspectionQueues = fp(
  async (app: FastifyInstance, options: { redisUrl?: string; prefix: string }) => {
    if (!options.redisUrl) return;
    const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    connection.on('error', () => {});
    const queues = Object.fromEntries(
      queueNames.map((name) => {
        const queue = new Queue(name, { connection, prefix: options.prefix, skipWaitingForReady: true });
        queue.on('error', () => {});
        return [name, queue];
      }),
    ) as Record<QueueName, Queue>;
    app.decorate('inspectionQueues', queues);
    app.addHook('onClose', async () => {
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      if (connection.status !== 'end') await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'inspection-queues' },
);

/**
 * GET /api/metrics in the Prometheus text format (prom-client): requests by route, method and status
 * with their duration, events appended, open live sockets, and the depth of each job queue by state
 * (BullMQ; with in-process jobs only the failed ones). It asks for `Authorization: Bearer <METRICS_TOKEN>`;
 * without METRICS_TOKEN the route does not exist (404). docs/api.md, Operations.
 */
export const metrics = fp(
  async (app: FastifyInstance, options: { token?: string }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const appended = new Counter({
      name: 'event_store_appended_events_total',
      help: 'Events appended to the event store by this instance',
      registers: [registry],
    });
    registerStateGauges(app, registry);

    // Every event that reaches the store through this instance counts, whichever module appends it.
    const append = app.eventStore.append.bind(app.eventStore);
    app.eventStore.append = async (executor, input) => {
      const result = await append(executor, input);
      appended.inc(result.events.length);
      return result;
    };

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    const token = options.token;
    if (!token) return;
    app.get(
      '/api/metrics',
      {
        schema: {
          tags: ['platform'],
          summary: 'Prometheus metrics of this instance (text format); needs the METRICS_TOKEN as bearer token, absent (404) without one',
          security: [{ bearer: [] }],
          produces: ['text/plain'],
          response: { 200: z.string().meta({ description: 'The Prometheus text exposition format' }), ...errorResponses() },
        },
      },
      async (request, reply) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        if (!match || !sameToken(match[1], token)) return sendError(reply, 'UNAUTHORIZED');
        return reply
          .type(registry.contentType)
          .header('cache-control', 'no-store')
          .send(await registry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['auth'] },
);

/** Gauges read at each scrape: open live sockets, the lag of each reader of the event log, the jobs in each queue. */
function registerStateGauges(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'live_connections',
    help: 'Open live feed sockets (/api/live) of this instance',
    registers: [registry],
    collect() {
      this.set(app.liveConnectionCount?.() ?? 0);
    },
  });
  // The lag of each reader of the event log: the checkpointed consumers (the job dispatcher) and
  // this instance's live feed tailer ('live-feed'). One query per scrape, shared by both gauges.
  let lags: Promise<Array<LogLag & { consumer: string }>> | undefined;
  const readLags = () =>
    (lags ??= (async () => {
      const position = app.liveFeedPosition?.();
      const live = position ? [{ consumer: 'live-feed', ...(await lagAfter(app.db, position)) }] : [];
      return [...(await consumerLags(app.db)), ...live];
    })()
      .catch((error: unknown) => {
        // A database that does not answer leaves the lag out of this scrape rather than failing it.
        app.log.warn({ err: error }, 'metrics: the event log lag could not be read');
        return [];
      })
      .finally(() => setImmediate(() => (lags = undefined))));
  new Gauge({
    name: 'event_log_consumer_lag_events',
    help: 'Committed events a reader of the event log has not handled yet, by consumer',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const lag of await readLags()) this.set({ consumer: lag.consumer }, lag.events);
    },
  });
  new Gauge({
    name: 'event_log_consumer_lag_seconds',
    help: 'Age of the oldest committed event a reader of the event log has not handled yet (0 when caught up), by consumer',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const lag of await readLags()) this.set({ consumer: lag.consumer }, lag.seconds);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed, failed, completed kept)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of queueNames) {
        const handle = app.inspectionQueues?.[queue];
        if (handle) {
          const counts = await handle.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized');
          for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
        } else {
          this.set({ queue, state: 'failed' }, (await app.jobQueue.failedJobs(queue, 1000)).length);
        }
      }
    },
  });
}
