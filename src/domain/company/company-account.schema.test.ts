import { describe, expect, it } from 'vitest';
import { companyDeletionSchema, confirmsCompanyName, storageQuotaBytes, storageRoomLeft, trialDaysLeft } from './company-account.schema.js';

const now = new Date('2026-11-23T12:00:00.000Z');

describe('company account rules', () => {
  it('counts whole trial days left, a started day as a day, 0 once ended', () => {
    expect(trialDaysLeft({ plan: 'trial', trialEndsAt: new Date('2026-11-30T12:00:00.000Z') }, now)).toBe(7);
    expect(trialDaysLeft({ plan: 'trial', trialEndsAt: new Date('2026-11-23T13:00:00.000Z') }, now)).toBe(1);
    expect(trialDaysLeft({ plan: 'trial', trialEndsAt: new Date('2026-11-20T12:00:00.000Z') }, now)).toBe(0);
    expect(trialDaysLeft({ plan: 'standard', trialEndsAt: new Date('2026-11-30T12:00:00.000Z') }, now)).toBeNull();
    expect(trialDaysLeft({ plan: 'trial', trialEndsAt: null }, now)).toBeNull();
  });

  it('confirms a deletion only with the exact company name (confirmsCompanyName)', () => {
    expect(confirmsCompanyName(' Vogel Stahlbau ', 'Vogel Stahlbau')).toBe(true);
    expect(confirmsCompanyName('vogel stahlbau', 'Vogel Stahlbau')).toBe(false);
    expect(companyDeletionSchema.safeParse({ companyName: '  ' }).success).toBe(false);
    expect(companyDeletionSchema.safeParse({}).error?.issues[0].message).toBe('validation.required');
  });

  it('gives each plan a storage quota, larger as the plan grows, and the room left never below 0', () => {
    expect(storageQuotaBytes).toEqual({ trial: 1e9, demo: 2e9, standard: 20e9, premium: 100e9 });
    expect(storageRoomLeft('trial', 400e6)).toBe(600e6);
    expect(storageRoomLeft('trial', 1e9)).toBe(0);
    expect(storageRoomLeft('trial', 3e9)).toBe(0);
    expect(storageRoomLeft('premium', 3e9)).toBe(97e9);
  });
});
