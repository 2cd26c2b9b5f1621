import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorDetail } from '../../domain/shared/errors.js';
import { DomainError } from '../../domain/shared/errors.js';
import { hasForbiddenCharacters, invalidCharactersKey } from '../../domain/shared/validation.js';

/** Deeper than any body the API takes; a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

/** The path of the first string (or key) in `value` that breaks the text rule, else undefined. */
export function findForbiddenText(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    // eslint-disable-next-line no-control-regex -- the key is named with its bad characters replaced
    if (hasForbiddenCharacters(key)) return [...path, key.replace(/[\u0000\uD800-\uDFFF]/g, '\uFFFD')];
    const found = findForbiddenText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const parts = [
  { name: 'body', prefix: '', read: (request: FastifyRequest) => request.body },
  { name: 'querystring', prefix: 'querystring.', read: (request: FastifyRequest) => request.query },
  { name: 'params', prefix: 'params.', read: (request: FastifyRequest) => request.params },
] as const;

/**
 * Refuses, before any schema or handler sees it, a request whose body, query or path holds a NUL or
 * an unpaired surrogate: 400 VALIDATION_ERROR naming the field (`validation.invalidCharacters`).
 * PostgreSQL would refuse the NUL with a 500 deep inside a command; a lone surrogate would be
 * stored as a replacement character. Register before the routes (app.ts).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of parts) {
      const path = findForbiddenText(part.read(request));
      if (path) {
        const detail: ErrorDetail = { path: part.prefix + path.join('.'), message: invalidCharactersKey };
        throw new DomainError('VALIDATION_ERROR', [detail]);
      }
    }
  });
}
