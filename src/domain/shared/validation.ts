import { z } from 'zod';
import { wrongTypeIs } from './decimal.js';
import type { ErrorDetail } from './errors.js';

/**
 * NUL, which PostgreSQL cannot store in text, and a UTF-16 surrogate without its pair, which is no
 * character at all. Nobody types them; they arrive from fuzzers and broken clients.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const forbiddenCharacters = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text rule every string the API takes obeys (the platform's input guard checks every body, query and path). */
export const hasForbiddenCharacters = (text: string): boolean => forbiddenCharacters.test(text);

/** The message of a text with a forbidden character. */
export const invalidCharactersKey = 'validation.invalidCharacters';

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: wrongTypeIs('validation.invalidType') })
    .trim()
    .min(1, 'validation.required')
    .max(max)
    .refine((text) => !hasForbiddenCharacters(text), invalidCharactersKey);

/** An optional text: trimmed, at most `max` characters, '' when absent. */
export const optionalText = (max: number) =>
  z
    .string({ error: wrongTypeIs('validation.invalidType') })
    .trim()
    .max(max)
    .refine((text) => !hasForbiddenCharacters(text), invalidCharactersKey)
    .default('');

/**
 * Turns a zod issue into an error detail whose message is a locale key (`validation.*`) with the
 * values it interpolates. Schemas may set their own key as the issue message (`'validation.vat'`);
 * otherwise the key is derived from the issue code. Server responses and web forms both use this,
 * so a rule's message is translated the same way wherever it fires.
 */
export function issueToDetail(issue: z.core.$ZodIssue): ErrorDetail {
  const path = issue.path.map(String).join('.');
  const params: Record<string, string | number> = {};
  let key: string;
  switch (issue.code) {
    case 'too_big':
      params.max = Number(issue.maximum);
      key = issue.origin === 'string' ? 'validation.maxLength' : issue.origin === 'array' ? 'validation.maxItems' : 'validation.max';
      break;
    case 'too_small':
      params.min = Number(issue.minimum);
      key =
        issue.origin === 'string'
          ? Number(issue.minimum) <= 1
            ? 'validation.required'
            : 'validation.minLength'
          : issue.origin === 'array'
            ? 'validation.minItems'
            : 'validation.min';
      break;
    case 'invalid_type':
      key =
        issue.input === undefined || issue.input === null || /received (undefined|null)/.test(issue.message) ? 'validation.required' : 'validation.invalidType';
      break;
    case 'invalid_format':
      key = issue.format === 'email' ? 'validation.email' : 'validation.invalidFormat';
      break;
    case 'invalid_value':
      key = 'validation.invalidValue';
      break;
    case 'unrecognized_keys':
      key = 'validation.unknownField';
      break;
    default:
      key = 'validation.invalid';
  }
  // A schema's own message wins when it is a key of ours (contains a dot and no spaces).
  if (issue.message && /^[a-zA-Z]+\.[a-zA-Z0-9_.]+$/.test(issue.message)) key = issue.message;
  return { path, message: key, params: Object.keys(params).length ? params : undefined };
}
