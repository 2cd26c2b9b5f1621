import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authPlugin } from './platform/auth.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Database, Db } from './platform/db.js';
import { registerErrorHandling, sendError } from './platform/errors.js';
import type { EventStore } from './platform/event-store.js';
import { healthRoutes } from './platform/health.routes.js';
import { devMailboxRoutes } from './platform/dev-mailbox.routes.js';
import type { JobQueue } from './platform/jobs.js';
import { liveFeed } from './platform/live-feed.js';
import { companyModule } from './modules/company/index.js';
import { identityModule } from './modules/identity/index.js';
import { materialsModule } from './modules/materials/index.js';
import { stationsModule } from './modules/stations/index.js';
import { ordersModule } from './modules/orders/index.js';
import { teamModule } from './modules/team/index.js';
import { shipmentsModule } from './modules/shipments/index.js';

export interface AppDependencies {
  config: Config;
  database: Database;
  eventStore: EventStore;
  /** BullMQ (REDIS_URL) or in-process; main.ts and tests own its lifecycle. */
  jobQueue: JobQueue;
  /** The one clock of the server; tests pass one they set. Default: the system time. */
  clock?: Clock;
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
  }
}

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/**
 * Builds the server. The register list below is the architecture: platform first, then modules,
 * then the console's static files. Nothing is autoloaded.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  const registeredRoutes: RouteOptions[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    registeredRoutes.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorate('config', config);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('eventStore', deps.eventStore);
  app.decorate('readinessProbes', { database: () => deps.database.ping() });
  app.decorate('jobQueue', deps.jobQueue);
  if (deps.jobQueue.kind === 'bullmq') app.readinessProbes.redis = () => deps.jobQueue.ping();

  // Platform
  registerErrorHandling(app);
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
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new Error('Too many requests') as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Shopfloor Console API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (`.meta({ id })`, needed by recursive ones such as the BOM tree) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(websocket, { options: { perMessageDeflate: false, maxPayload: 64 * 1024 } });
  await app.register(healthRoutes);
  if (config.env === 'development' || config.env === 'test') await app.register(devMailboxRoutes);
  await app.register(liveFeed);

  // Modules
  await app.register(companyModule);
  await app.register(identityModule);
  await app.register(materialsModule);
  await app.register(stationsModule);
  await app.register(ordersModule);
  await app.register(teamModule);
  await app.register(shipmentsModule);

  // Console (built web app), with the SPA's index.html for every non-API route.
  if (existsSync(path.join(webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/api')) return sendError(reply, 'NOT_FOUND');
      return reply.type('text/html').sendFile('index.html');
    });
  }
  return app;
}
