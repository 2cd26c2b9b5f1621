import { z } from 'zod';

/** How a number is written plainly: its integer and fraction digits, or undefined for NaN, Infinity or exponent notation. */
export function decimalParts(value: number): { integerDigits: number; fractionDigits: number } | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(Math.abs(value));
  // JavaScript writes very large or very small numbers with an exponent; neither fits a field of ours.
  if (text.includes('e')) return undefined;
  const [integer, fraction = ''] = text.split('.');
  return { integerDigits: integer.length, fractionDigits: fraction.length };
}

export interface DecimalRule {
  /** Digits in total, before and after the decimal point, as a user types them ("1234567.89" has 9). */
  maxDigits: number;
  /** Digits after the decimal point. */
  maxDecimals: number;
  /** Smallest value allowed; omit for signed values (tolerances). */
  min?: number;
  /** Largest value allowed, when tighter than the digit count. */
  max?: number;
  /** Locale key reported when the number breaks the rule. */
  message: string;
}

/** True when `value` is a plain number within the rule's digits, decimals and range. */
export function fitsDecimal(value: number, rule: Omit<DecimalRule, 'message'>): boolean {
  const parts = decimalParts(value);
  if (!parts) return false;
  if (parts.fractionDigits > rule.maxDecimals) return false;
  if (parts.integerDigits + parts.fractionDigits > rule.maxDigits) return false;
  if (rule.min !== undefined && value < rule.min) return false;
  if (rule.max !== undefined && value > rule.max) return false;
  return true;
}

/**
 * An error map that names only a value of the wrong type: `missingKey` when it is absent, `key` when
 * it is something else; every other issue keeps zod's own, from which the locale key is derived
 * (`validation.maxLength`, `validation.min`, ...).
 */
export const wrongTypeIs =
  (key: string, missingKey = 'validation.required') =>
  (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined || issue.input === null ? missingKey : key;
  };

/**
 * A JSON number checked against a decimal rule. Negative values under a `min` of 0 report
 * `validation.notNegative`; everything else the rule's own key, so the form can say what a valid
 * entry looks like.
 */
export function decimalSchema(rule: DecimalRule) {
  return z.number({ error: wrongTypeIs('validation.number') }).superRefine((value, ctx) => {
    if (rule.min === 0 && value < 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.notNegative', input: value });
      return;
    }
    if (!fitsDecimal(value, rule)) ctx.addIssue({ code: 'custom', message: rule.message, input: value });
  });
}

/** Money and quantities are kept in hundredths to add them without floating-point drift. */
export const toCents = (value: number): number => Math.round(value * 100);
export const fromCents = (cents: number): number => cents / 100;
