import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { numberLocaleOf } from '../../lib/number-format';

/** Money on orders: always two places. */
export const shownMoney: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** A calendar day (`YYYY-MM-DD`) in the user's language; '–' for none. It is a day, not an instant: no time zone applies. */
export function formatDay(day: string | null, language: string | undefined): string {
  if (!day) return '–';
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(numberLocaleOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** An instant (ISO) as date and time in the user's language. */
export const formatDateTime = (iso: string, language: string | undefined): string =>
  new Intl.DateTimeFormat(numberLocaleOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** An instant as the time of day only, for what happened today at a station. */
export const formatTime = (iso: string, language: string | undefined): string =>
  new Intl.DateTimeFormat(numberLocaleOf(language), { timeStyle: 'short' }).format(new Date(iso));

/** Day and instant formatters bound to the current language. */
export function useOrderFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return {
    day: useCallback((day: string | null) => formatDay(day, language), [language]),
    dateTime: useCallback((iso: string) => formatDateTime(iso, language), [language]),
    time: useCallback((iso: string) => formatTime(iso, language), [language]),
  };
}
