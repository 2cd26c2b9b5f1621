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

/**
 * pino's options for a process's log: pretty, coloured lines (pino-pretty) when stdout is a
 * terminal, JSON lines otherwise (a file, a pipe, a log collector).
 */
export function logOptions(level: string, stdoutIsTerminal = Boolean(process.stdout.isTTY)) {
  return stdoutIsTerminal
    ? { level, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level };
}
