import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRateLimits } from '../../../src/server/modules/identity/auth.routes.js';
import { createTestApp, type TestApp } from '../../support/app.js';

// Behind a reverse proxy every request comes from the proxy's address. Rate limits key on the
// client's address (request.ip), so TRUST_PROXY decides whether X-Forwarded-For names it.

const proxy = '10.0.0.2';
const limit = publicRateLimits.forgotPassword.max;

async function forgotPassword(t: TestApp, forwardedFor: string, remoteAddress = proxy) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@example.com' },
  });
  return response.statusCode;
}

describe('TRUST_PROXY set to the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => t?.close());

  it('keys rate limits on the forwarded client address: one client used up its limit, another behind the same proxy has not', async () => {
    for (let i = 0; i < limit; i++) expect(await forgotPassword(t, '203.0.113.7')).toBe(200);
    expect(await forgotPassword(t, '203.0.113.7')).toBe(429);
    expect(await forgotPassword(t, '198.51.100.9')).toBe(200);
  });

  it('believes X-Forwarded-For only from the trusted proxy: a client sending it directly is keyed on its own address', async () => {
    const direct = '192.0.2.44';
    for (let i = 0; i < limit; i++) expect(await forgotPassword(t, `198.51.100.${i + 20}`, direct)).toBe(200);
    expect(await forgotPassword(t, '198.51.100.99', direct)).toBe(429);
  });
});

describe('TRUST_PROXY not set (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For: a client cannot dodge a limit by naming another address', async () => {
    for (let i = 0; i < limit; i++) expect(await forgotPassword(t, `203.0.113.${i + 1}`)).toBe(200);
    expect(await forgotPassword(t, '203.0.113.200')).toBe(429);
  });
});
