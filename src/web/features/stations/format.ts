import type { ErrorDetail } from '../../../domain/shared/errors';
import type { FieldErrors } from '../../lib/error-messages';

import { formatNumber, shownMoney } from '../../lib/locale';

/** A parameter number in the user's format with two decimals: 9,999,999.99 or 9.999.999,99. */
export const formatParameterNumber = (value: number, language: string | undefined): string => formatNumber(value, language, shownMoney);

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the value of a datetime-local input (local time, minutes); '' for none. */
export function toDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant; null when empty or unreadable. */
export function fromDateTimeInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The limits a number message names (`validation.max` {max: 9999999.99}) in the user's format, so
 * a German user reads "Höchstens 9.999.999,99." like the number they typed.
 */
export function withLocalNumbers(errors: FieldErrors, language: string | undefined): FieldErrors {
  const localized: FieldErrors = {};
  for (const [path, detail] of Object.entries(errors)) localized[path] = localizeDetail(detail, language);
  return localized;
}

function localizeDetail(detail: ErrorDetail, language: string | undefined): ErrorDetail {
  if ((detail.message !== 'validation.max' && detail.message !== 'validation.min') || !detail.params) return detail;
  const params = Object.fromEntries(
    Object.entries(detail.params).map(([name, value]) => [name, typeof value === 'number' ? formatParameterNumber(value, language) : value]),
  );
  return { ...detail, params };
}
