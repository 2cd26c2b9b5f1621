// zod without eval (lib/zod-config.ts): imported here, where the forms' checks meet zod, the build puts it into
// zod's own chunk (vite.config.ts), so it runs whenever zod arrives, before any schema is built.
import './zod-config';
import type { z } from 'zod';
import { issueToDetail } from '../../domain/shared/validation';
import { firstPerPath, type FieldErrors } from './problem-texts';

export { describeError, fieldErrorsFromApiError, formWideError, translateDetail, type FieldErrors } from './problem-texts';

/** Problems found by a domain schema in the browser, keyed by field, ready for the form fields. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  return firstPerPath(issues.map(issueToDetail));
}

/**
 * Checks form input against a domain schema (the same one the server's route uses), so a limit
 * is written once and the browser shows the server's message before the server is asked.
 */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrorsFromIssues(result.error.issues) };
}
