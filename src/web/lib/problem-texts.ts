// The texts of problems (the server's and the forms' own), without zod: the sign-in page reads them and
// loads no zod (docs/performance.md). lib/error-messages.ts adds the checks with the domain's zod schemas.
import type { TFunction } from 'i18next';
import { isErrorCode, type ErrorDetail } from '../../domain/shared/errors';
import { isApiError } from './api';

/** Field path (`positions.0.quantity`) to the first problem found with that field. */
export type FieldErrors = Record<string, ErrorDetail>;

/**
 * The user's-language text of one problem. A detail carries a locale key (`validation.max`) with
 * its values, or a catalogue code (`DUPLICATE_VALUES`), which reads as `errors.<CODE>`.
 */
export function translateDetail(t: TFunction, detail: ErrorDetail): string {
  const key = isErrorCode(detail.message) ? `errors.${detail.message}` : detail.message;
  return t(key, { ...detail.params, defaultValue: t('validation.invalid') });
}

/** The user's-language text of any failure: a catalogue code from the server, else 'unknown error'. */
export function describeError(t: TFunction, error: unknown): string {
  return isApiError(error) ? t(`errors.${error.code}`) : t('errors.UNKNOWN_ERROR');
}

/** Problems keyed by field, the first of each field. */
export function firstPerPath(details: readonly ErrorDetail[]): FieldErrors {
  const byPath: FieldErrors = {};
  for (const detail of details) byPath[detail.path] ??= detail;
  return byPath;
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
