import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendError } from './errors.js';

/** A URL longer than this answers 414 `URI_TOO_LONG` (Node's parser refuses a request head over 16 KiB with 431). */
export const URL_MAX_LENGTH = 8 * 1024;

/**
 * The route that answers what Fastify and Node refuse before any route runs (a broken or too long URL, a path
 * parameter over `maxParamLength`, a request head the parser cannot read). Those are sent here, so they pass the
 * same hooks (security headers, request id, `no-store`) and error catalogue as every other answer.
 */
export const frameworkErrorPath = '/api/_framework-error';

const frameworkAnswers = {
  malformed: () => ['VALIDATION_ERROR', [{ path: '', message: 'validation.malformedRequest' }]] as const,
  'uri-too-long': () => ['URI_TOO_LONG', []] as const,
  'headers-too-large': () => ['REQUEST_HEADERS_TOO_LARGE', []] as const,
  timeout: () => ['REQUEST_TIMEOUT', []] as const,
};
type FrameworkAnswer = keyof typeof frameworkAnswers;

const answerUrl = (answer: FrameworkAnswer) => `${frameworkErrorPath}?answer=${answer}`;

/** Fastify's `frameworkErrors`: the router refused the URL (bad percent-encoding, a path parameter too long). */
function routeFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.raw.url = answerUrl(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri-too-long' : 'malformed');
  // The same request id as the line already logged for it.
  request.raw.headers['x-request-id'] = request.id;
  request.server.routing(request.raw, reply.raw);
}

/** Node's parser refused the request head: the answer is the framework route's, written on the socket. */
async function answerClientError(app: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  const answer: FrameworkAnswer =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'headers-too-large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : 'malformed';
  app.log.debug({ err: error }, 'request head refused');
  try {
    const response = await app.inject({ method: 'GET', url: answerUrl(answer) });
    const headers = Object.entries({ ...response.headers, connection: 'close' })
      .filter(([name]) => name !== 'keep-alive' && name !== 'transfer-encoding')
      .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}\r\n`)
      .join('');
    if (socket.writable) socket.write(`HTTP/1.1 ${response.statusCode} ${STATUS_CODES[response.statusCode]}\r\n${headers}\r\n${response.body}`);
  } finally {
    socket.destroy();
  }
}

/**
 * The server options that send Fastify's and Node's own refusals through the error catalogue: a URL over
 * `URL_MAX_LENGTH`, the router's `frameworkErrors`, and the parser's client errors.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'rewriteUrl' | 'frameworkErrors' | 'clientErrorHandler'> = {
  rewriteUrl(request) {
    const url = request.url ?? '/';
    return url.length > URL_MAX_LENGTH ? answerUrl('uri-too-long') : url;
  },
  frameworkErrors: routeFrameworkError,
  clientErrorHandler(this: FastifyInstance, error, socket) {
    // A reset connection, or one already gone: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    answerClientError(this, error, socket).catch((failure: unknown) => this.log.warn({ err: failure }, 'client error not answered'));
  },
};

/** The route the refusals above end on; a client calling it gets the same answer. */
export async function frameworkErrorRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: frameworkErrorPath,
    schema: {
      hide: true,
      querystring: z.object({ answer: z.enum(Object.keys(frameworkAnswers) as [FrameworkAnswer, ...FrameworkAnswer[]]) }),
      response: errorResponses(408, 414, 431),
    },
    // Before the body is read: a refused URL never waits for its body.
    onRequest: async (request, reply) => {
      const answer = new URLSearchParams(request.url.split('?')[1] ?? '').get('answer') as FrameworkAnswer | null;
      const [code, details] = frameworkAnswers[answer && Object.hasOwn(frameworkAnswers, answer) ? answer : 'malformed']();
      return sendError(reply, code, [...details]);
    },
    handler: async (_request, reply) => sendError(reply, 'NOT_FOUND'),
  });
}
