import { DomainError } from '../shared/errors.js';

/** Plans of a customer account. Only `trial` ends; a demo or paid plan never turns read-only. */
export const plans = ['trial', 'demo', 'standard', 'premium'] as const;
export type Plan = (typeof plans)[number];

/** Field limits of the company data (spec section 5, Company). */
export const companyLimits = {
  name: 50,
  email: 50,
  phone: 15,
  zip: 9,
  houseNumber: 9,
  addressSuffix: 50,
  country: 50,
  iban: 34,
  bic: 11,
  vat: 9,
  vatNumber: 20,
  taxNumber: 20,
  number: 9,
  orderNumberLetters: 2,
  referralSource: 50,
} as const;

/** The free trial of the spec. */
export const TRIAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The largest logo accepted, in bytes (the sidebar shows it at 154 x 52 pixels). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** When a trial that starts at `registeredAt` ends. */
export const trialEndFrom = (registeredAt: Date): Date => new Date(registeredAt.getTime() + TRIAL_DAYS * DAY_MS);

export interface AccountTerms {
  plan: Plan;
  trialEndsAt: Date | null;
}

/**
 * A company whose trial has ended may sign in and read but not write, until the operator extends
 * the trial or sets a plan. Demo and paid plans never end here.
 */
export const trialHasEnded = (terms: AccountTerms, now: Date): boolean =>
  terms.plan === 'trial' && (terms.trialEndsAt === null || terms.trialEndsAt.getTime() <= now.getTime());

/**
 * The terms after the operator's change: a trial plan needs an end date; another plan keeps
 * the date only as history.
 */
export function changedTerms(current: AccountTerms, change: { plan?: Plan; trialEndsAt?: Date | null }): AccountTerms {
  const next: AccountTerms = {
    plan: change.plan ?? current.plan,
    trialEndsAt: change.trialEndsAt === undefined ? current.trialEndsAt : change.trialEndsAt,
  };
  if (next.plan === 'trial' && next.trialEndsAt === null) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'trialEndsAt', message: 'validation.trialNeedsEnd' }]);
  }
  return next;
}

/** Storage shown in the customer list: bytes as gigabytes (10^9), two decimals. */
export const bytesToGb = (bytes: number): number => Math.round((bytes / 1e9) * 100) / 100;

export type LogoType = 'image/png' | 'image/jpeg';

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The logo's type from its first bytes (PNG or JPEG); the file name and the browser's claim are not trusted. */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  if (bytes.length >= pngSignature.length && pngSignature.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The consecutive numbers of a company: order, invoice and cost numbers (the next one each hands out). */
export const numberKinds = ['orderNumber', 'invoiceNumber', 'costNumber'] as const;
export type NumberKind = (typeof numberKinds)[number];

/**
 * A counter moves only forward: a changed next number below the lowest one still free (`lowest`:
 * the stored start, or for orders the number after the last one issued, whichever is higher) is
 * refused on its field, and so is emptying a counter once set. Unchanged values always pass.
 */
export function numberingProblems(
  stored: Record<NumberKind, string>,
  next: Record<NumberKind, string>,
  lowest: Record<NumberKind, number>,
): { path: string; message: string }[] {
  return numberKinds
    .filter((kind) => next[kind] !== stored[kind] && (next[kind] === '' ? stored[kind] !== '' : Number(next[kind]) < lowest[kind]))
    .map((kind) => ({ path: `numbering.${kind}`, message: 'validation.numberMovesForward' }));
}

/** The lowest next number a counter may be set to: its stored start, or 1, or the number after the last issued. */
export const lowestNextNumber = (storedStart: string, lastIssued = 0): number => Math.max(Number(storedStart || '1'), lastIssued + 1);
