import { formatNumber, shownMoney } from '../../lib/locale';

/** Storage in GB, two places, in the user's language. */
export const formatGb = (gb: number, language: string | undefined): string => formatNumber(gb, language, shownMoney);

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the value of a date input (YYYY-MM-DD, local day); '' for none. */
export function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date input's value as the end of that local day, so a trial runs through the day shown; null for none. */
export function fromDateInput(value: string): string | null {
  if (!value) return null;
  const end = new Date(`${value}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? value : end.toISOString();
}
