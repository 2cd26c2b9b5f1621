import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/errors.js';
import { errorResponses, sendError } from './errors.js';

/** Where the BullMQ dashboard lives, and the cookie that carries the master's session there. */
export const queueBoardPath = '/admin/queues';
export const queueBoardCookie = 'shopfloor_queue_board';
const cookieSeconds = 60 * 60;

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === queueBoardCookie) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The BullMQ dashboard (@bull-board/fastify) at /admin/queues, for the master user only. The board's
 * pages and API calls cannot send the console's bearer token, so the console first calls
 * POST /api/admin/queue-board/session with it: the answer sets the same token as an HttpOnly cookie,
 * valid for an hour and only below /admin/queues. Every request there checks it like a bearer token
 * (signature, not signed out, user still there): none or an invalid one answers 401, any role but
 * MASTER 403. With in-process jobs (no REDIS_URL) there is no queue to show: /admin/queues answers 404.
 */
export async function queueBoard(app: FastifyInstance, options: { secure: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/admin/queue-board/session', {
    preHandler: app.requireRole('MASTER'),
    schema: {
      tags: ['platform'],
      summary: "Opens the job queue dashboard (/admin/queues) for the master's browser: sets its session cookie (404 with in-process jobs)",
      querystring: z.object({}),
      response: { 204: z.null(), ...errorResponses() },
    },
    handler: async (request, reply) => {
      if (!app.inspectionQueues) throw new DomainError('NOT_FOUND');
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const attributes = [`Path=${queueBoardPath}`, `Max-Age=${cookieSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(options.secure ? ['Secure'] : [])];
      reply.header('set-cookie', `${queueBoardCookie}=${encodeURIComponent(token)}; ${attributes.join('; ')}`);
      return reply.status(204).send(null);
    },
  });

  const queues = app.inspectionQueues;
  await app.register(async (board) => {
    // The dashboard's own pages and API are not part of the OpenAPI document.
    board.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    board.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = cookieOf(request);
      if (!token) return sendError(reply, 'UNAUTHORIZED');
      let role: string;
      try {
        role = (await app.auth.verify(token)).role;
      } catch (error) {
        return sendError(reply, error instanceof DomainError ? error.code : 'UNAUTHORIZED');
      }
      if (role !== 'MASTER') return sendError(reply, 'FORBIDDEN');
      if (!queues) return sendError(reply, 'NOT_FOUND');
    });
    if (!queues) {
      // The guard answers first; these only give the addresses a route.
      board.get(queueBoardPath, async (_request, reply) => sendError(reply, 'NOT_FOUND'));
      board.get(`${queueBoardPath}/*`, async (_request, reply) => sendError(reply, 'NOT_FOUND'));
      return;
    }
    const serverAdapter = new FastifyAdapter();
    createBullBoard({
      queues: Object.values(queues).map((queue) => new BullMQAdapter(queue)),
      // @bull-board/fastify carries its own copy of @bull-board/api; the adapter is the same interface.
      serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    });
    serverAdapter.setBasePath(queueBoardPath);
    await board.register(serverAdapter.registerPlugin(), { prefix: queueBoardPath });
  });
}
