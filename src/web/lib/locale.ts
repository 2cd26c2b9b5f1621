import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { writeDay, writeInstantDate } from '../../domain/company/date-format.rules';

/**
 * The one place that maps the console's language to an Intl locale and formats dates and numbers
 * for reading: German writes 1.234,56 and 3. Feb. 2025, English 1,234.56 and Feb 3, 2025.
 * react-aria's fields get the same locale (`app/providers.tsx`).
 */
export const localeOf = (language: string | undefined): string => (language === 'de' ? 'de-DE' : 'en-US');

/** A number in the user's language, '–' for none. */
export function formatNumber(value: number | null | undefined, language: string | undefined, options?: Intl.NumberFormatOptions): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return new Intl.NumberFormat(localeOf(language), options).format(value);
}

/*
 * The company's date format (company screen, advanced settings: `DD.MM.YYYY`, `YYYY-MM-DD`, ...):
 * once the signed-in company's is known, every date below is written in it; until then, and
 * without a company, in the language's medium style.
 */
let companyDateFormat: string | null = null;
const dateFormatListeners = new Set<() => void>();

/** Sets the company's date format (null: none); components using `useLocaleFormats` render again. */
export function setCompanyDateFormat(format: string | null): void {
  if (format === companyDateFormat) return;
  companyDateFormat = format;
  for (const listener of dateFormatListeners) listener();
}

const subscribeDateFormat = (listener: () => void) => {
  dateFormatListeners.add(listener);
  return () => void dateFormatListeners.delete(listener);
};

// One writer of the company's format for the console, the server's emails and documents.
export { writeDate } from '../../domain/company/date-format.rules';

/** An instant (ISO) as a date in the company's format or the user's language; '–' for none. */
export function formatDate(iso: string | null, language: string | undefined, format = companyDateFormat): string {
  if (!iso) return '–';
  const at = new Date(iso);
  if (format) return writeInstantDate(at, format, 'local');
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(at);
}

/** A calendar day (`YYYY-MM-DD`) in the company's format or the user's language; '–' for none. It is a day, not an instant: no time zone applies. */
export function formatDay(day: string | null, language: string | undefined, format = companyDateFormat): string {
  if (!day) return '–';
  if (format) return writeDay(day, format);
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** An instant (ISO) as date and time in the company's format or the user's language. */
export function formatDateTime(iso: string, language: string | undefined, format = companyDateFormat): string {
  if (format) return `${formatDate(iso, language, format)} ${formatTime(iso, language)}`;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** An instant as the time of day only. */
export function formatTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(new Date(iso));
}

/** `formatNumber` bound to the current language, for tables and read-only figures. */
export function useFormatNumber(): (value: number | null | undefined, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useCallback((value, options) => formatNumber(value, language, options), [language]);
}

/** The current language's locale and its date formatters. */
export function useLocaleFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const dateFormat = useSyncExternalStore(subscribeDateFormat, () => companyDateFormat);
  return {
    language,
    locale: localeOf(language),
    date: useCallback((iso: string | null) => formatDate(iso, language, dateFormat), [language, dateFormat]),
    day: useCallback((day: string | null) => formatDay(day, language, dateFormat), [language, dateFormat]),
    dateTime: useCallback((iso: string) => formatDateTime(iso, language, dateFormat), [language, dateFormat]),
    time: useCallback((iso: string) => formatTime(iso, language), [language]),
  };
}

/*
 * Number formats shared by fields and tables. They are constants because a new object on every
 * render would make react-aria's NumberField re-format what the user is typing.
 */
/** Whole numbers: quantities, VAT, delivery days. */
export const wholeNumber: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
/** Money typed into a field shows its cents and takes more places than any rule allows, so the schema says what is wrong. */
export const moneyInput: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 6 };
/** Money read in tables and details, and other two-place figures: always two places. */
export const shownMoney: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
