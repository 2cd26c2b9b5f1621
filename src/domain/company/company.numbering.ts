import { companyLimits } from '../company/company.rules.js';

/** Digits an order number shows at least (leading zeros), so numbers sort and scan alike. */
export const ORDER_NUMBER_DIGITS = 6;

/**
 * The default numbering scheme: the company's consecutive number, zero-padded, after the
 * company's order number letters (none by default). Company settings will own letters and start.
 */
export function formatOrderNumber(number: number, letters = ''): string {
  return `${letters}${String(number).padStart(ORDER_NUMBER_DIGITS, '0')}`;
}

/**
 * The order numbers from `next` on, one per order: what the company's counter handed out for the
 * orders one command creates.
 */
export const orderNumbersFrom = (next: number, count: number, letters = ''): { number: number; orderNumber: string }[] =>
  Array.from({ length: count }, (_, index) => ({ number: next + index, orderNumber: formatOrderNumber(next + index, letters) }));

/** Up to two company letters, then 6 to 9 digits (spec section 5: order number letters max 2, numbers max 9). */
const orderNumberShape = new RegExp(`^(\\p{L}{0,${companyLimits.orderNumberLetters}})(\\d{${ORDER_NUMBER_DIGITS},${companyLimits.number}})$`, 'u');

/**
 * An order number read back into its letters and consecutive number, or null when
 * `formatOrderNumber` cannot have written it (`42`, `0000042`, `ABC000042`): what a scanner or
 * a typing operator hands the station screen is checked before it is looked up.
 */
export function parseOrderNumber(orderNumber: string): { letters: string; number: number } | null {
  const match = orderNumberShape.exec(orderNumber);
  if (!match) return null;
  const [, letters, digits] = match;
  const number = Number(digits);
  return number >= 1 && formatOrderNumber(number, letters) === orderNumber ? { letters, number } : null;
}
