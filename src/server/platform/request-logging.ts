import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request lines ("incoming request", "request completed") at `debug` instead of `info`,
 * so a developer's terminal shows what matters; a failed request keeps its own level. Production
 * keeps Fastify's defaults (app.ts chooses).
 */
export class DebugRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export const MASKED = '***';

/**
 * A request's URL as logged: link tokens masked (issue 26). The value of every `token` query
 * parameter (reset, invitation and confirmation links) and the token segment of a tracking link
 * (`/tracking/<token>`, `/api/tracking/<token>`) become `***`; the rest stays readable.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const maskedPath = path.replace(/(\/tracking\/)[^/]+/gi, `$1${MASKED}`);
  const maskedQuery = query.replace(/([?&](?:[^=&]*token[^=&]*)=)[^&#]*/gi, `$1${MASKED}`);
  return maskedPath + maskedQuery;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino's request serializer (Fastify's fields), with the URL's link tokens masked. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * pino's options for a process's log: pretty, coloured lines (pino-pretty) when stdout is a
 * terminal, JSON lines otherwise (a file, a pipe, a log collector). Requests are logged with
 * their link tokens masked.
 */
export function logOptions(level: string, stdoutIsTerminal = Boolean(process.stdout.isTTY)) {
  return stdoutIsTerminal
    ? {
        level,
        serializers: logSerializers,
        transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
      }
    : { level, serializers: logSerializers };
}
