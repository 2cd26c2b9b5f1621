import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { readAll, type StoredEvent } from '../../../src/server/platform/event-store.js';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';

// API keys (issue 31, docs/integration.md): the owner's management routes, and requests that come with a key.

const RATE_LIMIT = 30;
const clock = settableClock(new Date());
let t: TestApp;
let company: TestCompany;
let owner: Client;
let other: TestCompany;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: String(RATE_LIMIT) }, { clock });
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
});
afterAll(async () => {
  await t?.close();
});

type Scope = { area: string; access: 'read' | 'write' };
const errorCode = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code;

async function createKey(client: Client, name: string, scopes: Scope[], expiresAt: string | null = null) {
  const res = await client.post('/api/api-keys', { name, scopes, expiresAt });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { id: string; name: string; prefix: string; lastUsedAt: string | null; revokedAt: string | null }; secret: string };
}

const keyList = async (client: Client) => {
  const res = await client.get('/api/api-keys');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string; name: string; lastUsedAt: string | null; revokedAt: string | null }[] }).data;
};

const product = (materialNumber: string) => ({ type: 'product', name: 'City bike', materialNumber, vat: 19, stock: { quantity: 3, unit: 'pcs' } });

describe('managing API keys', () => {
  it('the owner creates a key: the secret is answered once, the list never holds it', async () => {
    const created = await createKey(owner, 'ERP-Sync', [
      { area: 'orders', access: 'write' },
      { area: 'materials', access: 'read' },
    ]);
    expect(created.secret).toMatch(/^sfk_[\w-]{43}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const listed = await owner.get('/api/api-keys');
    expect(listed.body).not.toContain(created.secret);
    const row = (await keyList(owner)).find((key) => key.id === created.key.id);
    expect(row).toMatchObject({
      name: 'ERP-Sync',
      revokedAt: null,
      lastUsedAt: null,
      scopes: [
        { area: 'materials', access: 'read' },
        { area: 'orders', access: 'write' },
      ],
    });
    // Stored hashed: no column of the table holds the secret.
    const stored = await withTenant(t.app.db, company.companyId, (tx) =>
      tx.selectFrom('api_keys').selectAll().where('id', '=', created.key.id).executeTakeFirstOrThrow(),
    );
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    // A repeat of the request (same idempotency key) gets the answer without the secret.
    const once = { method: 'POST' as const, url: '/api/api-keys', payload: { name: 'Buchhaltung', scopes: [{ area: 'shipments', access: 'read' }] } };
    const first = await owner.send({ ...once, headers: { 'idempotency-key': 'key-create-1' } });
    const repeat = await owner.send({ ...once, headers: { 'idempotency-key': 'key-create-1' } });
    expect(first.statusCode).toBe(201);
    expect(repeat.body).not.toContain((first.json() as { secret: string }).secret);
  });

  it('the product operator acting for the company manages its keys too', async () => {
    const master = await signedInMaster(t);
    const switched = await clientOf(t, master.token).post(`/api/auth/regenerate-jwt/${company.companyId}`, {});
    expect(switched.statusCode, switched.body).toBe(200);
    const acting = clientOf(t, switched.json().access_token as string);
    const created = await createKey(acting, 'Operator key', [{ area: 'stations', access: 'read' }]);
    expect((await keyList(owner)).map((key) => key.id)).toContain(created.key.id);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await keyList(owner);
    const future = new Date(clock.now().getTime() + 86_400_000).toISOString();
    const bad = [
      { name: 'No scope', scopes: [] },
      { name: 'Company', scopes: [{ area: 'companySettings', access: 'write' }] },
      { name: 'Keys', scopes: [{ area: 'api-keys', access: 'write' }] },
      {
        name: 'Twice',
        scopes: [
          { area: 'orders', access: 'read' },
          { area: 'orders', access: 'write' },
        ],
      },
      { name: 'Admin', scopes: [{ area: 'orders', access: 'admin' }] },
      { name: '', scopes: [{ area: 'orders', access: 'read' }] },
      { name: 'x'.repeat(51), scopes: [{ area: 'orders', access: 'read' }] },
      { name: 'Past', scopes: [{ area: 'orders', access: 'read' }], expiresAt: new Date(clock.now().getTime() - 1000).toISOString() },
      { name: 'Far', scopes: [{ area: 'orders', access: 'read' }], expiresAt: new Date(clock.now().getTime() + 6 * 366 * 86_400_000).toISOString() },
      { name: 'Not a date', scopes: [{ area: 'orders', access: 'read' }], expiresAt: 'tomorrow' },
    ];
    for (const body of bad) {
      const res = await owner.post('/api/api-keys', body);
      expect(res.statusCode, `${body.name}: ${res.body}`).toBe(400);
    }
    expect((await owner.post('/api/api-keys/not-an-id/revoke', {})).statusCode).toBe(400);
    expect(await keyList(owner)).toEqual(before);
    await createKey(owner, 'Expires tomorrow', [{ area: 'orders', access: 'read' }], future);
  });

  it('is the owner’s alone: administrators and operators get 403, and nothing changes', async () => {
    const key = await createKey(owner, 'Owner only', [{ area: 'orders', access: 'read' }]);
    const before = await keyList(owner);
    for (const member of [company.admin, company.operator]) {
      const client = clientOf(t, member.token);
      expect((await client.get('/api/api-keys')).statusCode).toBe(403);
      expect((await client.post('/api/api-keys', { name: 'Mine', scopes: [{ area: 'orders', access: 'read' }] })).statusCode).toBe(403);
      expect((await client.post(`/api/api-keys/${key.key.id}/revoke`, {})).statusCode).toBe(403);
    }
    expect((await owner.get('/api/api-keys')).statusCode).toBe(200);
    expect(await keyList(owner)).toEqual(before);
    expect((await clientOf(t).get('/api/api-keys')).statusCode).toBe(401);
  });

  it('another company neither sees nor revokes a key (404), and a second revocation is a conflict (409)', async () => {
    const key = await createKey(owner, 'Revoke me', [{ area: 'orders', access: 'read' }]);
    const stranger = clientOf(t, other.superUser.token);
    expect((await keyList(stranger)).map((row) => row.id)).not.toContain(key.key.id);
    const foreign = await stranger.post(`/api/api-keys/${key.key.id}/revoke`, {});
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign.body)).toBe('API_KEY_NOT_FOUND');
    expect((await keyList(owner)).find((row) => row.id === key.key.id)?.revokedAt).toBeNull();

    const revoked = await owner.post(`/api/api-keys/${key.key.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const again = await owner.post(`/api/api-keys/${key.key.id}/revoke`, {});
    expect(again.statusCode).toBe(409);
    expect(errorCode(again.body)).toBe('API_KEY_ALREADY_REVOKED');
  });
});

describe('requests with an API key', () => {
  it('a read key reads its area and cannot write it, nor reach another area', async () => {
    const { secret } = await createKey(owner, 'Reader', [{ area: 'materials', access: 'read' }]);
    const key = clientOf(t, secret);
    expect((await key.get('/api/materials')).statusCode).toBe(200);
    const write = await key.post('/api/materials', product('R-1'));
    expect(write.statusCode).toBe(403);
    expect(errorCode(write.body)).toBe('API_KEY_SCOPE_MISSING');
    expect((await owner.get('/api/materials?q=R-1')).json().total).toBe(0);
    expect(errorCode((await key.get('/api/orders')).body)).toBe('API_KEY_SCOPE_MISSING');
    expect((await key.get('/api/shipments')).statusCode).toBe(403);
  });

  it('a key with every scope never reaches the keys, the company settings, its deletion or the sessions', async () => {
    const every = ['materials', 'orders', 'stations', 'shipments', 'team'].map((area) => ({ area, access: 'write' as const }));
    const { secret } = await createKey(owner, 'Everything', every);
    const key = clientOf(t, secret);
    expect((await key.get('/api/materials')).statusCode).toBe(200);
    expect((await key.get('/api/users')).statusCode).toBe(200);
    const before = await keyList(owner);
    const refused = [
      await key.get('/api/api-keys'),
      await key.post('/api/api-keys', { name: 'Wider', scopes: every }),
      await key.post(`/api/api-keys/${before[0].id}/revoke`, {}),
      await key.delete('/api/company-account'),
      await key.send({ method: 'DELETE', url: '/api/company-account', payload: { companyName: company.companyName } }),
      await key.get('/api/company-account/basic-settings'),
      await key.get('/api/auth/me'),
      await key.post('/api/auth/logout', {}),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual(refused.map(() => 403));
    expect(await keyList(owner)).toEqual(before);
    expect((await owner.get('/api/company-account/basic-settings')).statusCode).toBe(200);
  });

  it('acts within its own company: another company’s material is 404', async () => {
    const foreignMaterial = await clientOf(t, other.admin.token).post('/api/materials', product('F-1'));
    expect(foreignMaterial.statusCode, foreignMaterial.body).toBe(201);
    const { secret } = await createKey(owner, 'Own company', [{ area: 'materials', access: 'write' }]);
    const key = clientOf(t, secret);
    expect((await key.get(`/api/materials/${foreignMaterial.json().id as string}`)).statusCode).toBe(404);
    expect((await key.get('/api/materials?q=F-1')).json().total).toBe(0);
  });

  it('a revoked key answers 401 at once, an expired one from its moment on, an unknown one always', async () => {
    const revoked = await createKey(owner, 'Soon revoked', [{ area: 'materials', access: 'read' }]);
    const revokedKey = clientOf(t, revoked.secret);
    expect((await revokedKey.get('/api/materials')).statusCode).toBe(200);
    expect((await owner.post(`/api/api-keys/${revoked.key.id}/revoke`, {})).statusCode).toBe(200);
    const after = await revokedKey.get('/api/materials');
    expect(after.statusCode).toBe(401);
    expect(errorCode(after.body)).toBe('UNAUTHORIZED');

    const expiresAt = new Date(clock.now().getTime() + 60 * 60_000).toISOString();
    const expiring = clientOf(t, (await createKey(owner, 'One hour', [{ area: 'materials', access: 'read' }], expiresAt)).secret);
    expect((await expiring.get('/api/materials')).statusCode).toBe(200);
    clock.advance(60 * 60_000);
    try {
      expect((await expiring.get('/api/materials')).statusCode).toBe(401);
    } finally {
      clock.advance(-60 * 60_000);
    }

    expect((await clientOf(t, `sfk_${'A'.repeat(43)}`).get('/api/materials')).statusCode).toBe(401);
    expect((await clientOf(t, 'sfk_').get('/api/materials')).statusCode).toBe(401);
    expect((await clientOf(t, `sfk_${'A'.repeat(500)}`).get('/api/materials')).statusCode).toBe(401);
  });

  it('shows the last use, records the key in the events it causes, and the order history names it', async () => {
    const created = await createKey(owner, 'ERP-Sync', [
      { area: 'materials', access: 'write' },
      { area: 'orders', access: 'write' },
    ]);
    const key = clientOf(t, created.secret);
    const material = await key.post('/api/materials', product('E-1'));
    expect(material.statusCode, material.body).toBe(201);
    expect((await keyList(owner)).find((row) => row.id === created.key.id)?.lastUsedAt).not.toBeNull();

    const order = await key.post('/api/orders', {
      kind: 'customer',
      name: 'Fahrradhaus Berg',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zip: '80331',
      place: 'München',
      workInProgress: 'Regal 3',
      deliveryDate: '2099-12-01',
      positions: [{ materialId: material.json().id as string, quantity: 2, netPrice: 100 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().id as string;
    const history = await owner.get(`/api/orders/${orderId}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0].who).toMatchObject({ apiKey: 'ERP-Sync', userId: created.key.id });

    // The log is read below the horizon, which other transactions may hold back a moment.
    const materialId = material.json().id as string;
    const isCreated = (event: StoredEvent) => event.type === 'MaterialCreated' && (event.data as { material: { id: string } }).material.id === materialId;
    let log: StoredEvent[] = [];
    await expect
      .poll(async () =>
        (log = await withTenant(t.app.db, company.companyId, (tx) => readAll(tx, { companyId: company.companyId, limit: 10_000 }))).some(isCreated),
      )
      .toBe(true);
    expect(log.find(isCreated)?.metadata.apiKey).toEqual({ id: created.key.id, name: 'ERP-Sync' });
    // The key's own facts hold neither the secret nor its hash.
    const keyEvents = log.filter((event) => event.streamType === 'api-key');
    expect(keyEvents.length).toBeGreaterThan(0);
    expect(JSON.stringify(keyEvents)).not.toContain(created.secret);
  });

  it('is rate-limited per key: past the limit a minute 429, another key still served', async () => {
    const busy = clientOf(t, (await createKey(owner, 'Busy', [{ area: 'stations', access: 'read' }])).secret);
    const calm = clientOf(t, (await createKey(owner, 'Calm', [{ area: 'stations', access: 'read' }])).secret);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) statuses.push((await busy.get('/api/stations')).statusCode);
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array.from({ length: RATE_LIMIT }, () => 200));
    const limited = await busy.get('/api/stations');
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited.body)).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await calm.get('/api/stations')).statusCode).toBe(200);
  });

  it('the live feed takes no key (sessions only)', async () => {
    const { secret } = await createKey(owner, 'No feed', [{ area: 'orders', access: 'read' }]);
    await expect(t.app.auth.verify(secret)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
