import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendError } from './errors.js';
import { openLiveConnection, tokenFromProtocolHeader, type LiveConnection, type LiveHub, type LiveLimits } from './live-connection.js';
import { closeCodes } from './live-protocol.js';
import type { Cursor } from './event-store.js';
import { createLogTailer } from './live-tailer.js';
import type { LiveRules } from './live-visibility.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open live sockets of this instance (GET /api/metrics). */
    liveConnectionCount: () => number;
    /** Where this instance's log tailer stands (GET /api/metrics: the live feed's lag). */
    liveFeedPosition: () => Cursor | undefined;
  }
}

export interface LiveFeedOptions extends Partial<LiveLimits> {
  /** Who of the company receives each event type (the modules' `liveRules`, gathered by `gatherLiveRules`). */
  rules: LiveRules;
  /** Ping interval, in ms; a socket that has not answered the previous ping is ended. */
  heartbeatMs?: number;
  /** How often the tailer looks at the log without a commit hint, in ms. */
  pollMs?: number;
}

const defaultLimits: LiveLimits = {
  authTimeoutMs: 5_000,
  maxBufferedBytes: 1024 * 1024,
  maxHeldEvents: 10_000,
  replayPageSize: 500,
};

/** Time sockets get to finish the closing handshake when the server stops, in ms. */
const CLOSE_GRACE_MS = 1_000;

const description = [
  "WebSocket feed of committed events of the caller's company. Connect with an upgrade request;",
  'authenticate with the first message `{"type":"auth","token":"<bearer>"}` or the header',
  '`Sec-WebSocket-Protocol: bearer, <token>`. Then `{"type":"subscribe","topics":["type:order"],"after":"<cursor>"}`.',
  'Topics: `company`, `stream:<streamId>`, `type:<streamType>`. See docs/live-feed.md.',
  'A plain HTTP request (no upgrade) answers 400.',
].join(' ');

/**
 * `/api/live`: one log tailer per server instance fans committed events out to the sockets of
 * the event's company; a socket that reconnects replays what it missed from its cursor.
 */
export const liveFeed = fp(
  async (app: FastifyInstance, options: LiveFeedOptions) => {
    const limits: LiveLimits = { ...defaultLimits, ...pickLimits(options) };
    const connections = new Set<LiveConnection>();
    const byCompany = new Map<string, Set<LiveConnection>>();
    const companyOfConnection = new Map<LiveConnection, string>();

    const tailer = createLogTailer({
      db: app.db,
      eventStore: app.eventStore,
      log: app.log,
      pollMs: options.pollMs,
      onEvent(event) {
        const companyId = event.companyId;
        const watchers = companyId ? byCompany.get(companyId) : undefined;
        if (!companyId || !watchers) return;
        // One serialisation per view (role and rule) of the event, shared by every socket with that view.
        const views = new Map<string, string>();
        for (const connection of watchers) {
          try {
            connection.deliver(event, views);
          } catch (error) {
            app.log.warn({ err: error }, 'live feed: delivery to a socket failed');
          }
        }
      },
    });

    const hub: LiveHub = {
      db: app.db,
      auth: app.auth,
      tailer,
      log: app.log,
      limits,
      rules: options.rules,
      join(connection, companyId) {
        companyOfConnection.set(connection, companyId);
        let watchers = byCompany.get(companyId);
        if (!watchers) byCompany.set(companyId, (watchers = new Set()));
        watchers.add(connection);
      },
      leave(connection) {
        connections.delete(connection);
        const companyId = companyOfConnection.get(connection);
        if (!companyId) return;
        companyOfConnection.delete(connection);
        const watchers = byCompany.get(companyId);
        watchers?.delete(connection);
        if (watchers?.size === 0) byCompany.delete(companyId);
      },
    };

    // A heartbeat pings each socket and re-checks its session. Spread over slices of the interval,
    // with a fixed slice per socket, so hundreds of sockets never hit the session table at once
    // and each is still checked exactly once per interval.
    const slices = 10;
    const sliceOf = new WeakMap<object, number>();
    let nextSlice = 0;
    let currentSlice = 0;
    const heartbeat = setInterval(
      () => {
        for (const connection of connections) {
          let slice = sliceOf.get(connection);
          if (slice === undefined) sliceOf.set(connection, (slice = nextSlice++ % slices));
          if (slice === currentSlice) connection.heartbeat();
        }
        currentSlice = (currentSlice + 1) % slices;
      },
      (options.heartbeatMs ?? 30_000) / slices,
    );
    heartbeat.unref();

    app.decorate('liveConnectionCount', () => connections.size);
    app.decorate('liveFeedPosition', () => tailer.position());
    app.addHook('onReady', async () => {
      tailer.start();
    });
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await tailer.stop();
      await closeAll([...connections]);
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    r.route({
      method: 'GET',
      url: '/api/live',
      schema: {
        tags: ['platform'],
        summary: 'Live feed of company events (WebSocket)',
        description,
        querystring: z.object({}),
        response: errorResponses(),
      },
      handler: async (_request, reply) => {
        reply.header('upgrade', 'websocket');
        return sendError(reply, 'VALIDATION_ERROR', [{ path: '', message: 'validation.malformedRequest' }]);
      },
      wsHandler: (socket, request) => {
        const headerToken = tokenFromProtocolHeader(request.headers['sec-websocket-protocol']);
        const connection = openLiveConnection(socket, headerToken, hub);
        connections.add(connection);
      },
    });
  },
  { name: 'live-feed', dependencies: ['auth', '@fastify/websocket'] },
);

/** Errors a client causes on its own socket: a frame the protocol refuses (`WS_ERR_…`, e.g. a message over 64 KiB) or a dropped connection. */
const clientCaused = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code));
};

/**
 * The error handler of `@fastify/websocket` (app.ts): ends the socket; what a client caused is
 * logged at `warn`, so no client can write error lines at will (issue 26); the rest at `error`.
 */
export function liveSocketErrorHandler(error: Error, socket: { terminate(): void }, request: { log: Pick<FastifyBaseLogger, 'warn' | 'error'> }): void {
  if (clientCaused(error)) request.log.warn({ err: error }, 'live feed: a client broke its socket');
  else request.log.error({ err: error }, 'live feed: socket error');
  socket.terminate();
}

function pickLimits(options: LiveFeedOptions): Partial<LiveLimits> {
  const picked: Partial<LiveLimits> = {};
  for (const key of Object.keys(defaultLimits) as (keyof LiveLimits)[]) {
    if (options[key] !== undefined) picked[key] = options[key];
  }
  return picked;
}

/** Says goodbye to every socket, then ends those that do not finish the handshake in time. */
async function closeAll(sockets: LiveConnection[]) {
  await Promise.all(
    sockets.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, CLOSE_GRACE_MS);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          if (socket.readyState === socket.OPEN) socket.close(closeCodes.goingAway, 'SERVER_SHUTDOWN');
        }),
    ),
  );
}
