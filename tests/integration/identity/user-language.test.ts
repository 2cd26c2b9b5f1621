import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';

// Every user's language can be set: by the user, and by the team's changers for administration and
// operation users; a new operator takes the creator's language unless one is given.
let t: TestApp;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t, { companyName: 'Sprach Werk GmbH' });
  other = await companyWithTeam(t);
});
afterAll(async () => {
  await t?.close();
});

const localeOf = async (userId: string) => {
  const res = await clientOf(t, company.superUser.token).get('/api/users?limit=100');
  return (res.json().data as { id: string; locale: string }[]).find((user) => user.id === userId)?.locale;
};

describe("a user's language", () => {
  it('is set by the user themselves, an operator too, and recorded', async () => {
    const res = await clientOf(t, company.operator.token).put('/api/users/me/language', { locale: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.operator.id, locale: 'de' });
    expect(await localeOf(company.operator.id)).toBe('de');
    const events = await readStoredStream(t.app.db, `user-${company.operator.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'UserLanguageChanged', data: { userId: company.operator.id, locale: 'de' } });
    const owner = await clientOf(t, company.superUser.token).put('/api/users/me/language', { locale: 'de' });
    expect(owner.json()).toMatchObject({ id: company.superUser.id, locale: 'de' });
  });

  it("is set by an admin for an operator; not the owner's by an admin, nobody's by an operator, no other company's", async () => {
    const admin = clientOf(t, company.admin.token);
    const set = await admin.put(`/api/users/${company.operator.id}/language`, { locale: 'en' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await localeOf(company.operator.id)).toBe('en');
    expect((await admin.put(`/api/users/${company.superUser.id}/language`, { locale: 'en' })).statusCode).toBe(403);
    expect((await clientOf(t, company.operator.token).put(`/api/users/${company.admin.id}/language`, { locale: 'de' })).statusCode).toBe(403);
    expect((await clientOf(t, other.admin.token).put(`/api/users/${company.operator.id}/language`, { locale: 'de' })).statusCode).toBe(404);
    expect(await localeOf(company.operator.id)).toBe('en');
  });

  it('refuses a language the product does not speak, or none, on the field (400) and changes nothing', async () => {
    const operator = clientOf(t, company.operator.token);
    const unknown = await operator.put('/api/users/me/language', { locale: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([{ path: 'locale', message: 'validation.invalidValue' }]);
    const missing = await operator.put('/api/users/me/language', {});
    expect(missing.json().error.details).toEqual([{ path: 'locale', message: 'validation.required' }]);
    expect(await localeOf(company.operator.id)).toBe('en');
  });

  it("of a new operator is the creator's, unless one is given", async () => {
    const admin = clientOf(t, company.admin.token);
    expect((await admin.put('/api/users/me/language', { locale: 'de' })).statusCode).toBe(200);
    const create = (locale?: 'en' | 'de') =>
      admin.post('/api/users/create-operations-user', {
        firstName: 'Nina',
        lastName: 'Kraus',
        username: `nina-${randomUUID().slice(0, 8)}`,
        password: 'Werkbank#2026',
        confirm: 'Werkbank#2026',
        ...(locale ? { locale } : {}),
      });
    const german = await create();
    expect(german.statusCode, german.body).toBe(201);
    expect(german.json().locale).toBe('de');
    expect((await create('en')).json().locale).toBe('en');
  });
});
