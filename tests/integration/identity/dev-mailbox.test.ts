import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { signedInMaster } from '../../support/identity.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('lets a newcomer without SMTP finish sign-up with the code the master reads in the dev mailbox', async () => {
  const master = await signedInMaster(t);
  const email = 'newcomer@example.com';
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { companyName: 'Erste Schritte', firstName: 'Nina', lastName: 'Neu', email, password: 'Start#2026', confirm: 'Start#2026' },
  });
  expect(reg.statusCode).toBe(201);
  let text = '';
  for (let waited = 0; waited < 15_000 && !text; waited += 50) {
    const box = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${master.token}` },
    });
    text = box.json().data[0]?.text ?? '';
    if (!text) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const code = /^\s*(\d{6})\s*$/m.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code, ticket: reg.json().ticket } });
  expect(verified.json().session.role).toBe('SUPER_USER');
});
