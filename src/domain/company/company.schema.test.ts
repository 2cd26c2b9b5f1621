import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueToDetail } from '../shared/validation.js';
import {
  basicSettingsSchema,
  customerAccountUpdateSchema,
  customerListQuerySchema,
  initialBasicSettings,
  referralSourceUpdateSchema,
} from './company.schema.js';

const problems = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issueToDetail(issue));
};

describe('basic settings', () => {
  it('starts a new company with its name, empty fields and a date format', () => {
    const settings = initialBasicSettings('Becker Metallbau');
    expect(settings.companyName).toBe('Becker Metallbau');
    expect(settings.deliveryAddress.street).toBe('');
    expect(settings.dateFormat).toBe('DD.MM.YYYY');
  });

  it('requires the company name and the date format', () => {
    expect(problems(basicSettingsSchema, { companyName: '' }).map((d) => [d.path, d.message])).toEqual([
      ['companyName', 'validation.required'],
      ['dateFormat', 'validation.required'],
    ]);
  });

  it.each([
    ['companyName', 'x'.repeat(51), 50],
    ['tradeRegister', 'x'.repeat(51), 50],
    ['phone', '1'.repeat(16), 15],
    ['taxNumber', 'x'.repeat(21), 20],
    ['vat', '1'.repeat(10), 9],
  ])('limits %s to %s characters', (field, value, max) => {
    expect(problems(basicSettingsSchema, { companyName: 'A', dateFormat: 'DD.MM.YYYY', [field]: value })).toContainEqual({
      path: field,
      message: 'validation.maxLength',
      params: { max },
    });
  });

  it('limits address, bank and numbering fields', () => {
    const details = problems(basicSettingsSchema, {
      companyName: 'A',
      dateFormat: 'DD.MM.YYYY',
      deliveryAddress: { zip: '1234567890', houseNumber: '1234567890', street: 'x'.repeat(51) },
      bankDetails: { iban: 'D'.repeat(35), bic: 'B'.repeat(12) },
      numbering: { orderNumberLetters: 'ABC', orderNumber: '1234567890', invoiceNumber: '12a' },
    }).map((d) => [d.path, d.message, d.params?.max]);
    expect(details).toEqual([
      ['deliveryAddress.street', 'validation.maxLength', 50],
      ['deliveryAddress.houseNumber', 'validation.maxLength', 9],
      ['deliveryAddress.zip', 'validation.maxLength', 9],
      ['bankDetails.iban', 'validation.maxLength', 34],
      ['bankDetails.iban', 'validation.iban', undefined],
      ['bankDetails.bic', 'validation.maxLength', 11],
      ['bankDetails.bic', 'validation.bic', undefined],
      ['numbering.orderNumberLetters', 'validation.maxLength', 2],
      ['numbering.orderNumber', 'validation.maxLength', 9],
      ['numbering.invoiceNumber', 'validation.digitsOnly', undefined],
    ]);
  });

  it('checks the email and phone formats but allows them empty', () => {
    expect(problems(basicSettingsSchema, { companyName: 'A', dateFormat: 'YYYY-MM-DD', email: 'no', phone: 'call me' }).map((d) => d.message)).toEqual([
      'validation.email',
      'validation.phone',
    ]);
    expect(problems(basicSettingsSchema, { companyName: 'A', dateFormat: 'YYYY-MM-DD', email: '', phone: '+49 (89) 123-45' })).toEqual([]);
  });
});

describe('survey and customer edit', () => {
  it('accepts only a known referral source', () => {
    expect(problems(referralSourceUpdateSchema, { referralSource: 'TRADE_FAIR' })).toEqual([]);
    expect(problems(referralSourceUpdateSchema, {}).map((d) => d.message)).toEqual(['validation.required']);
    expect(problems(referralSourceUpdateSchema, { referralSource: 'RADIO' }).map((d) => d.message)).toEqual(['validation.invalidValue']);
  });

  it('changes only what the operator sends', () => {
    expect(customerAccountUpdateSchema.parse({ plan: 'standard' })).toEqual({ plan: 'standard' });
    expect(problems(customerAccountUpdateSchema, { trialEndsAt: 'next week' }).map((d) => d.message)).toEqual(['validation.dateTime']);
  });

  it('pages the customer list from page 1, at most 100 a page', () => {
    expect(customerListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(problems(customerListQuerySchema, { page: '0', limit: '101' }).map((d) => d.path)).toEqual(['page', 'limit']);
  });
});
