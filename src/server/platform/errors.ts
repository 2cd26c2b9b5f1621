import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, errorCodes, errorStatuses, type ErrorCode, type ErrorDetail } from '../../domain/shared/errors.js';
import { issueToDetail } from '../../domain/shared/validation.js';
import { errorMessages } from './error-messages.js';

/** The body of every error answer. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(
      z.object({
        path: z.string(),
        message: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    ),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Response schemas for the errors a route can answer, to spread into `schema.response`. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorBodySchema> {
  const all = new Set([400, 401, 403, 404, 429, 500, ...statuses]);
  return Object.fromEntries([...all].map((status) => [status, errorBodySchema]));
}

export function errorBody(code: ErrorCode, details: ErrorDetail[] = [], message?: string): ErrorBody {
  return { error: { code, message: message ?? errorMessages[code], details } };
}

export function sendError(reply: FastifyReply, code: ErrorCode, details: ErrorDetail[] = [], message?: string) {
  return reply
    .status(errorStatuses[code])
    .type('application/json')
    .send(JSON.stringify(errorBody(code, details, message)));
}

const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);

/** A database or Redis that is down or dropped the connection: answer 503 and recover later. */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (connectionErrorCodes.has(code) || code.startsWith('08'))) return true;
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(message)
  );
}

/**
 * A multipart body the parser cannot read (no boundary, a boundary too long, a body that never
 * closes): busboy throws plain errors, which would otherwise end as a 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length))/.test(
      message,
    )
  );
}

/**
 * The multipart parser's part limits (`fields`, `files`, `parts` of the route's `@fastify/multipart` options): the
 * body holds a field or a file the route does not take, e.g. a text field before the logo. The plugin calls them 413.
 */
const uploadPartLimits = new Set(['FST_FIELDS_LIMIT', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT']);

/** PostgreSQL refused the characters of a text (a NUL slipped past the input guard, or an encoding it cannot hold). */
const isUnstorableText = (error: unknown): boolean => ['22021', '22P05'].includes((error as { code?: unknown } | null)?.code as string);

/**
 * The client went away before its request was read to the end (a closed tab, an upload cut off half-way): whatever
 * failed with it (the body's stream, the multipart parser, the file's pipeline) is the client's doing, and nobody
 * reads the answer. Logged at info, so a client cannot write error lines (or a "dependency unavailable") at will.
 */
const clientWentAway = (request: FastifyRequest): boolean => !request.raw.complete && (request.raw.destroyed || request.raw.socket?.destroyed === true);

/** Maps every failure to the catalogue's `{ error: { code, message, details } }`; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) return sendError(reply, error.code, error.details, error.text);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => {
        // The type provider reports zod issues in Fastify's AJV-like shape; rebuild the issue.
        const issue = {
          ...(v.params as object),
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
        } as unknown as z.core.$ZodIssue;
        const detail = issueToDetail(issue);
        const where = error.validationContext && error.validationContext !== 'body' ? `${error.validationContext}.` : '';
        return { ...detail, path: where + detail.path };
      });
      return sendError(reply, 'VALIDATION_ERROR', details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(reply, 'INTERNAL_SERVER_ERROR');
    }
    if (uploadPartLimits.has(error.code)) return sendError(reply, 'UPLOAD_PART_NOT_TAKEN', [{ path: '', message: 'UPLOAD_PART_NOT_TAKEN' }]);
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'TOO_MANY_REQUESTS');
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, 'PAYLOAD_TOO_LARGE');
    }
    if (status === 415) return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE');
    if (status === 401) return sendError(reply, 'UNAUTHORIZED');
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty body with a JSON content type, bad multipart: the request is at fault.
      return sendError(reply, 'VALIDATION_ERROR', [{ path: '', message: 'validation.malformedRequest' }]);
    }
    if (isMalformedMultipart(error)) return sendError(reply, 'VALIDATION_ERROR', [{ path: '', message: 'validation.malformedRequest' }]);
    if (isUnstorableText(error)) return sendError(reply, 'VALIDATION_ERROR', [{ path: '', message: 'validation.invalidCharacters' }]);
    if (clientWentAway(request)) {
      request.log.info({ err: error }, 'the client ended the request before it was read');
      return sendError(reply, 'VALIDATION_ERROR', [{ path: '', message: 'validation.malformedRequest' }]);
    }
    if (isConnectionError(error)) {
      request.log.warn({ err: error }, 'dependency unavailable');
      return sendError(reply, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL_SERVER_ERROR');
  });
}
