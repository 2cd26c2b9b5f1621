import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { errorCatalogue, type ErrorDetail } from '../../domain/shared/errors';
import { issueToDetail } from '../../domain/shared/validation';
import { isApiError } from './api';

/** Field path (`positions.0.quantity`) to the first problem found with that field. */
export type FieldErrors = Record<string, ErrorDetail>;

/**
 * The user's-language text of one problem. A detail carries a locale key (`validation.max`) with
 * its values, or a catalogue code (`DUPLICATE_VALUES`), which reads as `errors.<CODE>`.
 */
export function translateDetail(t: TFunction, detail: ErrorDetail): string {
  const key = detail.message in errorCatalogue ? `errors.${detail.message}` : detail.message;
  return t(key, { ...detail.params, defaultValue: t('validation.invalid') });
}

/** The user's-language text of any failure: a catalogue code from the server, else 'unknown error'. */
export function describeError(t: TFunction, error: unknown): string {
  return isApiError(error) ? t(`errors.${error.code}`) : t('errors.UNKNOWN_ERROR');
}

function firstPerPath(details: ErrorDetail[]): FieldErrors {
  const byPath: FieldErrors = {};
  for (const detail of details) byPath[detail.path] ??= detail;
  return byPath;
}

/** Problems found by a domain schema in the browser, keyed by field, ready for the form fields. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  return firstPerPath(issues.map(issueToDetail));
}

/** Problems the server found (`error.details` of a 400), keyed by field; empty for other failures. */
export function fieldErrorsFromApiError(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  return firstPerPath(error.details);
}

/** A failure that names no field (a conflict, a lost connection): the form says it above the fields; else undefined. */
export function formWideError(error: unknown): unknown {
  if (!error) return undefined;
  const onFields = Object.keys(fieldErrorsFromApiError(error)).filter((path) => path !== '');
  return onFields.length === 0 ? error : undefined;
}

/**
 * Checks form input against a domain schema (the same one the server's route uses), so a limit
 * is written once and the browser shows the server's message before the server is asked.
 */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrorsFromIssues(result.error.issues) };
}
