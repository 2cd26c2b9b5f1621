import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roles } from '../../domain/shared/roles.js';
import { modules } from '../modules.js';
import { gatherLiveRules, liveView as liveViewBy, ruleOfEvent } from './live-visibility.js';

// The rules of every module, as the app gives them to the live feed.
const liveRules = gatherLiveRules(modules);
const liveView = (type: string, data: unknown, viewer: Parameters<typeof liveViewBy>[3]) => liveViewBy(liveRules, type, data, viewer);

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
    for (const [type, liveRule] of Object.entries(liveRules)) {
      for (const data of [{}, { subjectType: 'employee' }, { subjectType: 'order' }]) {
        for (const role of roles) expect(ruleOfEvent(liveRule, data).roles[role], `${type} for ${role}`).toBeDefined();
      }
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

  it("sends a person's documents (a timesheet) to that person and the supervisors only, an order's to everyone", () => {
    const timesheet = { documentId: 'd', documentType: 'timesheet', subjectType: 'employee', subjectId: 'anna', at: 'now' };
    const generated = { documentId: 'd', path: 'p', size: 1, pages: 1, subjectType: 'employee', subjectId: 'anna', at: 'now' };
    for (const [type, data] of [
      ['DocumentRequested', timesheet],
      ['DocumentGenerated', generated],
      ['DocumentFailed', { ...generated, failure: 'error', reason: 'x' }],
    ] as const) {
      expect(liveView(type, data, { role: 'OPERATOR', userId: 'ben' }), type).toBeUndefined();
      expect(liveView(type, data, { role: 'OPERATOR', userId: 'anna' })?.data, type).toEqual(data);
      for (const role of ['ADMIN', 'SUPER_USER', 'MASTER'] as const) expect(liveView(type, data, { role, userId: 'boss' })?.data, type).toEqual(data);
    }
    const label = { documentId: 'd', documentType: 'material-label', subjectType: 'material', subjectId: 'm', at: 'now' };
    expect(liveView('DocumentRequested', label, { role: 'OPERATOR', userId: 'ben' })?.data).toEqual(label);
    // Recorded before documents carried their subject: as before, everyone's.
    expect(liveView('DocumentGenerated', { documentId: 'd', path: 'p', size: 1, pages: 1, at: 'now' }, { role: 'OPERATOR', userId: 'ben' })).toBeDefined();
  });

  it("sends every user who is on which order at a station, but not a colleague's clock", () => {
    const paused = { userId: 'anna', orderId: 'o', stationId: 's', reason: 'material', at: 'now' };
    expect(liveView('OrderWorkPaused', paused, { role: 'OPERATOR', userId: 'ben' })?.data).toEqual(paused);
    expect(liveView('OrderWorkJoined', paused, { role: 'OPERATOR', userId: 'ben' })).toBeDefined();
    expect(liveView('ClockedIn', { userId: 'anna', at: 'now' }, { role: 'OPERATOR', userId: 'ben' })).toBeUndefined();
  });
});

describe('the rules gathered from the manifests', () => {
  it('refuses two modules that give a rule for one event type', () => {
    const mine = { ClientAdded: liveRules.ClientAdded };
    expect(gatherLiveRules([{ name: 'clients', liveRules: mine }])).toEqual(mine);
    expect(() =>
      gatherLiveRules([
        { name: 'clients', liveRules: mine },
        { name: 'copy', liveRules: mine },
      ]),
    ).toThrow(new Error('Event ClientAdded has a live rule in both clients and copy'));
  });
});
