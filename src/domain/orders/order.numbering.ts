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
