import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roles } from '../../domain/shared/roles.js';
import { liveRules, liveView } from './live-visibility.js';

const domainDir = join(import.meta.dirname, '../../domain');

/** Every event type named in a `*.events.ts` of the domain: the facts deciders and plain records append. */
function eventTypesInSources(): string[] {
  const types = new Set<string>();
  for (const module of readdirSync(domainDir)) {
    const dir = join(domainDir, module);
    let files: string[];
    try {
      files = readdirSync(dir).filter((name) => name.endsWith('.events.ts'));
    } catch {
      continue;
    }
    for (const file of files) {
      for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/\btype: '([A-Z][A-Za-z]+)'/g)) types.add(match[1]);
    }
  }
  return [...types].sort();
}

describe('the live feed rule table', () => {
  it('has a rule for every event type of the domain, and none for a type that does not exist', () => {
    const inSources = eventTypesInSources();
    expect(inSources.length).toBeGreaterThan(100);
    expect(Object.keys(liveRules).sort()).toEqual(inSources);
  });

  it('says for every role what it gets', () => {
    for (const [type, rule] of Object.entries(liveRules)) {
      for (const role of roles) expect(rule.roles[role], `${type} for ${role}`).toBeDefined();
    }
  });

  it('sends a type without a rule to nobody', () => {
    for (const role of roles) expect(liveView('SomethingNew', { userId: 'u' }, { role, userId: 'u' })).toBeUndefined();
  });

  it('sends an operator their own records only, and never a sealed secret', () => {
    const operator = { role: 'OPERATOR' as const, userId: 'me' };
    const profile = { userId: 'colleague', profile: { dateOfBirth: '1990-01-01' }, at: 'now' };
    expect(liveView('EmployeeProfileChanged', profile, operator)).toBeUndefined();
    expect(liveView('EmployeeProfileChanged', { ...profile, userId: 'me' }, operator)?.data).toEqual({ ...profile, userId: 'me' });
    const reset = { userId: 'me', email: 'me@example.com', firstName: 'M', locale: 'de', sealedToken: 'sealed', expiresAt: 'later' };
    expect(liveView('PasswordResetRequested', reset, operator)?.data).toEqual({ userId: 'me', expiresAt: 'later' });
    expect(liveView('PasswordResetRequested', reset, { role: 'SUPER_USER', userId: 'owner' })?.data).toEqual({ userId: 'me', expiresAt: 'later' });
  });

  it("keeps the company's bank and tax data to its owner", () => {
    const data = { companyId: 'c', basicSettings: { companyName: 'W', dateFormat: 'DD.MM.YYYY', taxNumber: '12/345', bankDetails: { iban: 'DE89' } } };
    expect(liveView('BasicSettingsUpdated', data, { role: 'SUPER_USER', userId: 'o' })?.data).toEqual(data);
    for (const role of ['ADMIN', 'OPERATOR'] as const) {
      expect(liveView('BasicSettingsUpdated', data, { role, userId: 'x' })?.data).toEqual({
        companyId: 'c',
        basicSettings: { companyName: 'W', dateFormat: 'DD.MM.YYYY' },
      });
    }
  });
});
