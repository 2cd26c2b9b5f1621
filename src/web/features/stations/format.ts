import { formatNumber, shownMoney } from '../../lib/locale';

/** A parameter number in the user's format with two decimals: 9,999,999.99 or 9.999.999,99. */
export const formatParameterNumber = (value: number, language: string | undefined): string => formatNumber(value, language, shownMoney);

// The datetime-local helpers are the web's (src/web/lib/datetime-input.ts); the station forms read them from here.
export { fromDateTimeInput, toDateTimeInput } from '../../lib/datetime-input';
