import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authenticateBeforeValidation, authPlugin } from './platform/auth.js';
import { DebugRequestLogs, logOptions } from './platform/request-logging.js';
import { companyFunctionsPlugin } from './platform/company-functions.js';
import { systemClock, type Clock } from './platform/clock.js';
import { fastifyTrustProxy, type Config } from './platform/config.js';
import type { Database, Db } from './platform/db.js';
import { registerErrorHandling, sendError } from './platform/errors.js';
import { frameworkErrorOptions, frameworkErrorRoutes } from './platform/framework-errors.js';
import { registerInputGuard } from './platform/input-guard.js';
import { idempotencyPlugin } from './platform/idempotency.js';
import type { EventStore } from './platform/event-store.js';
import { healthRoutes } from './platform/health.routes.js';
import { devMailboxRoutes } from './platform/dev-mailbox.routes.js';
import type { JobQueue } from './platform/jobs.js';
import { liveFeed, liveSocketErrorHandler } from './platform/live-feed.js';
import { gatherLiveRules } from './platform/live-visibility.js';
import { openApiOptions } from './platform/openapi.js';
import { inspectionQueues, metrics } from './platform/metrics.js';
import { queueBoard } from './platform/queue-board.js';
import { prerenderedPages } from './platform/prerendered-pages.js';
import { startCommitSignal, type CommitSignal } from './platform/commit-signal.js';
import { platformRequires, portsOf, resolvePorts, type ModuleManifest, type Ports } from './platform/module.js';
import { modules as serverModules } from './modules.js';
import { registerInlineProjections } from './projections.js';

export interface AppDependencies {
  config: Config;
  database: Database;
  eventStore: EventStore;
  /** BullMQ (REDIS_URL) or in-process; main.ts and tests own its lifecycle. */
  jobQueue: JobQueue;
  /** The one clock of the server; tests pass one they set. Default: the system time. */
  clock?: Clock;
  /** The modules, in order; default the server's list (modules.ts). Tests leave one out to see the start fail. */
  modules?: readonly ModuleManifest[];
  /** Providers a test puts in place of a module's (a token check that trusts every signed token). */
  replacedPorts?: Partial<Ports>;
  /** Where the log goes instead of stdout: a test that reads the log. */
  logStream?: DestinationStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    database: Database;
    db: Db;
    eventStore: EventStore;
    jobQueue: JobQueue;
    /** Named checks behind `/api/ready`; platform parts add theirs (database, redis). */
    readinessProbes: Record<string, () => Promise<void>>;
    /** Every route as registered, for the test that demands a schema on each. */
    registeredRoutes: RouteOptions[];
    /** Commit hints between instances on one PostgreSQL (absent on embedded PGlite). */
    commitSignal?: CommitSignal;
  }
}

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/**
 * Builds the server. The register list below is the architecture: platform first, then the modules
 * of modules.ts in their order, then the console's static files. Nothing is autoloaded. The ports
 * between them are resolved first: a required port without a provider stops the start here.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const modules = deps.modules ?? serverModules;
  const clock = deps.clock ?? systemClock;
  const ports = resolvePorts(modules, { config, db: deps.database.db, clock }, platformRequires, deps.replacedPorts);
  const app = Fastify({
    logger:
      config.logLevel === 'silent' ? false : deps.logStream ? { ...logOptions(config.logLevel, false), stream: deps.logStream } : logOptions(config.logLevel),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Production logs every request at info; elsewhere request lines come at debug.
    logController: config.env === 'production' ? undefined : new DebugRequestLogs(),
    // A broken or too long URL, a request head Node cannot read: answered by the error catalogue, with the usual headers.
    ...frameworkErrorOptions,
  });
  const registeredRoutes: RouteOptions[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    authenticateBeforeValidation(route);
    registeredRoutes.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry tokens and one company's data: no cache keeps them unless a route says
    // otherwise (images and files set their own).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('eventStore', deps.eventStore);
  app.decorate('readinessProbes', { database: () => deps.database.ping() });
  app.decorate('jobQueue', deps.jobQueue);
  if (deps.jobQueue.kind === 'bullmq') app.readinessProbes.redis = () => deps.jobQueue.ping();

  // Platform
  registerErrorHandling(app);
  registerInputGuard(app);
  // Before compress: its onSend must see the answer uncompressed to store it with the key.
  await app.register(idempotencyPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  // API answers above 1 KB gzip-compressed when the client takes it (built assets are compressed at
  // build time; a response that already has an encoding is left alone). No brotli on the fly: its
  // CPU cost per request buys little over gzip for JSON.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new Error('Too many requests') as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
  // Operation ids, tags, descriptions and shared components: platform/openapi.ts (docs/api.md).
  await app.register(swagger, openApiOptions(config, modules));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    tokenCheck: ports.tokenCheck,
    writeCheck: ports.writeCheck,
    changeRightCheck: ports.changeRightCheck,
    apiKeyCheck: ports.apiKeyCheck,
    apiKeyRequestsPerMinute: config.apiKeyRequestsPerMinute,
  });
  await app.register(companyFunctionsPlugin, { reader: ports.companyFunctionsReader });
  await app.register(websocket, { options: { perMessageDeflate: false, maxPayload: 64 * 1024 }, errorHandler: liveSocketErrorHandler });
  await app.register(healthRoutes);
  await app.register(frameworkErrorRoutes);
  // Only where mail really stays here: outside production and without SMTP (docs/jobs.md, Dev mailbox).
  if (config.env !== 'production' && !config.smtpUrl) await app.register(devMailboxRoutes);
  await app.register(liveFeed, { pollMs: config.livePollMs, rules: gatherLiveRules(modules) });
  // Operations (docs/api.md): Prometheus metrics behind METRICS_TOKEN, the BullMQ dashboard for the master.
  await app.register(inspectionQueues, { redisUrl: config.redisUrl, prefix: config.queuePrefix });
  await app.register(metrics, { token: config.metricsToken });
  await app.register(queueBoard, { secure: config.publicUrl.startsWith('https:') });
  // Several instances on one PostgreSQL wake each other after a commit (embedded PGlite is one process).
  if (deps.database.kind === 'postgres' && config.databaseUrl) {
    const signal = startCommitSignal({ databaseUrl: config.databaseUrl, eventStore: deps.eventStore, log: app.log });
    app.decorate('commitSignal', signal);
    app.addHook('onClose', () => signal.stop());
  }

  // Modules: their inline projections first (the worker process registers the same), then each module with its ports.
  registerInlineProjections(deps.eventStore, modules);
  for (const manifest of modules) await app.register(manifest.plugin, { ports: portsOf(manifest, ports) });

  // Console (built web app), with the SPA's index.html for every non-API route.
  await registerConsole(app);
  return app;
}

/** The console (built web app), when built: its assets, and the SPA's index.html for every non-API route. */
async function registerConsole(app: FastifyInstance): Promise<void> {
  if (existsSync(path.join(webDistDir, 'index.html'))) {
    // Hashed assets (/assets/*) never change under their name: cached for a year. Everything else,
    // index.html first, is revalidated, so a new build reaches every browser on its next visit.
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The sign-in and the pages it links to come prerendered in the visitor's language (docs/performance.md).
    const prerenderedPage = prerenderedPages(webDistDir);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/api')) {
        // A path parameter over the router's limit falls through to this wildcard: the same 414 as without the console.
        const limit = app.initialConfig.maxParamLength ?? 100;
        const tooLong = (request.url.split('?')[0] ?? '').split('/').some((segment) => segment.length > limit);
        return sendError(reply, tooLong ? 'URI_TOO_LONG' : 'NOT_FOUND');
      }
      const page = prerenderedPage(request.url, request.headers);
      if (page) return reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-language, cookie').sendFile(page);
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
}
