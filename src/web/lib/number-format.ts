import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The number locale of a console language: German writes 1.234,56, English 1,234.56. */
export const numberLocaleOf = (language: string | undefined): string => (language === 'de' ? 'de-DE' : 'en-US');

/** A number in the user's language, '–' for none. */
export function formatNumber(value: number | null | undefined, language: string | undefined, options?: Intl.NumberFormatOptions): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return new Intl.NumberFormat(numberLocaleOf(language), options).format(value);
}

/** `formatNumber` bound to the current language, for tables and read-only figures. */
export function useFormatNumber(): (value: number | null | undefined, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useCallback((value, options) => formatNumber(value, language, options), [language]);
}
