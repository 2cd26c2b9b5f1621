import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { ibanIsValid } from './company.iban.js';
import { bytesToGb, changedTerms, logoTypeOf, lowestNextNumber, numberingProblems, trialEndFrom, trialHasEnded } from './company.rules.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('trial', () => {
  it('ends 30 days after sign-up', () => {
    expect(trialEndFrom(now).toISOString()).toBe('2026-12-21T12:00:00.000Z');
  });

  it('turns a trial read-only once its end has come, never a demo or paid plan', () => {
    expect(trialHasEnded({ plan: 'trial', trialEndsAt: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(trialHasEnded({ plan: 'trial', trialEndsAt: now }, now)).toBe(true);
    expect(trialHasEnded({ plan: 'standard', trialEndsAt: new Date(0) }, now)).toBe(false);
    expect(trialHasEnded({ plan: 'demo', trialEndsAt: null }, now)).toBe(false);
  });

  it('lets the operator extend a trial or set a plan', () => {
    const expired = { plan: 'trial' as const, trialEndsAt: new Date(0) };
    expect(changedTerms(expired, { trialEndsAt: trialEndFrom(now) })).toEqual({ plan: 'trial', trialEndsAt: trialEndFrom(now) });
    expect(changedTerms(expired, { plan: 'premium' })).toEqual({ plan: 'premium', trialEndsAt: new Date(0) });
  });

  it('refuses a trial without an end', () => {
    expect(() => changedTerms({ plan: 'standard', trialEndsAt: null }, { plan: 'trial' })).toThrow(DomainError);
  });
});

describe('logo', () => {
  it('recognises PNG and JPEG by their first bytes only', () => {
    expect(logoTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(logoTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(logoTypeOf(new TextEncoder().encode('<svg onload="alert(1)">'))).toBeNull();
    expect(logoTypeOf(new Uint8Array([]))).toBeNull();
  });
});

describe('customer list helpers', () => {
  it('shows storage in GB with two decimals', () => {
    expect(bytesToGb(0)).toBe(0);
    expect(bytesToGb(1_234_567_890)).toBe(1.23);
  });
});

describe('numbering', () => {
  const stored = { orderNumber: '500', invoiceNumber: '', costNumber: '70' };
  const lowest = { orderNumber: lowestNextNumber('500', 612), invoiceNumber: lowestNextNumber(''), costNumber: lowestNextNumber('70') };

  it('starts after the last issued number or at the stored start, whichever is higher', () => {
    expect(lowest).toEqual({ orderNumber: 613, invoiceNumber: 1, costNumber: 70 });
  });

  it('lets a counter move forward or stay, never back, and never be emptied once set', () => {
    expect(numberingProblems(stored, stored, lowest)).toEqual([]);
    expect(numberingProblems(stored, { orderNumber: '613', invoiceNumber: '9', costNumber: '71' }, lowest)).toEqual([]);
    expect(numberingProblems(stored, { orderNumber: '612', invoiceNumber: '', costNumber: '' }, lowest)).toEqual([
      { path: 'numbering.orderNumber', message: 'validation.numberMovesForward' },
      { path: 'numbering.costNumber', message: 'validation.numberMovesForward' },
    ]);
  });
});

describe('IBAN', () => {
  it('accepts a correct checksum with or without spaces and refuses a wrong one', () => {
    expect(ibanIsValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanIsValid('de89370400440532013000')).toBe(true);
    expect(ibanIsValid('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(ibanIsValid('DE89')).toBe(false);
  });
});
