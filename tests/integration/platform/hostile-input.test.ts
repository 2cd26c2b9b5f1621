import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { companyWithTeam, type TestCompany } from '../../support/identity.js';
import { product } from '../materials/support.js';

// Characters PostgreSQL cannot store (NUL) or UTF-16 halves without their pair: a clear 400, never a
// 500, and nothing written (issue 17, item 1).
let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = { authorization: () => `Bearer ${company.admin.token}` };
const materialCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/materials?limit=100', headers: { authorization: asAdmin.authorization() } })).json().total as number;

const hostileTexts = ['Welle\u0000', '\uD800', 'Rohr\uDFFFende', 'a\uDBFF'];

describe('text a database cannot store', () => {
  it.each(hostileTexts)('refuses %j in a write body with 400 on its field and writes nothing', async (name) => {
    const before = await materialCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: { authorization: asAdmin.authorization(), 'content-type': 'application/json' },
      payload: JSON.stringify(product({ name })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'name', message: 'validation.invalidCharacters' }] });
    expect(await materialCount()).toBe(before);
  });

  it('refuses it on the public sign-in and the station login, before any account is looked up', async () => {
    for (const url of ['/api/auth/authenticate', '/api/stations/00000000-0000-4000-8000-000000000000/login']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ usernameOrEmail: 'op\u0000', username: 'op\u0000', password: 'x\uD800' }),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses it in a search query and in a path id', async () => {
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/materials?q=${encodeURIComponent('Wel\u0000le')}`,
      headers: { authorization: asAdmin.authorization() },
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.details[0]).toMatchObject({ path: 'querystring.q', message: 'validation.invalidCharacters' });
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/materials/${encodeURIComponent('abc\u0000')}`,
      headers: { authorization: asAdmin.authorization() },
    });
    expect(byId.statusCode).toBeLessThan(500);
    expect(byId.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses it in a field name too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: { authorization: asAdmin.authorization(), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...product({ name: 'Welle' }), 'bad\u0000key': 1 }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('broken multipart bodies', () => {
  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/company-account/logo',
      headers: { authorization: `Bearer ${company.superUser.token}`, 'content-type': contentType },
      payload,
    });

  it('answers a multipart body without a boundary parameter with 400', async () => {
    const response = await upload('multipart/form-data', '--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers a multipart body that never closes with 400', async () => {
    const response = await upload(
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('parts an upload route does not take', () => {
  const boundary = 'x-parts';
  const part = (name: string, body: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n${body}\r\n`;
  const logo = () => t.app.inject({ method: 'GET', url: '/api/company-account/logo', headers: { authorization: `Bearer ${company.superUser.token}` } });

  // Issue 26, item 9: the logo takes one file and no field; a field sent first was cut by the parser's field limit as 413.
  it('answers a text field before the file with 400 UPLOAD_PART_NOT_TAKEN and keeps no logo', async () => {
    const before = (await logo()).statusCode;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/company-account/logo',
      headers: { authorization: `Bearer ${company.superUser.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('note', 'hello')}${part('logo', '\u0089PNG\r\n\u001a\n0000', 'a.png')}--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'UPLOAD_PART_NOT_TAKEN', details: [{ path: '' }] });
    expect((await logo()).statusCode).toBe(before);
  });
});
