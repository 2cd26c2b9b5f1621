import { describe, expect, it } from 'vitest';
import { apiKeyAreaOfRoute, apiKeyExpired, apiKeyMayChange, apiKeyMayReach, sortedScopes } from './api-keys.rules.js';
import { createApiKeySchema } from './api-keys.schema.js';

describe('apiKeyReachesOnlyItsScopes', () => {
  const readMaterials = [{ area: 'materials', access: 'read' }] as const;
  const writeOrders = [{ area: 'orders', access: 'write' }] as const;

  it('a read scope reads its area and writes nothing', () => {
    expect(apiKeyMayReach(readMaterials, ['materials'], 'GET')).toBe(true);
    expect(apiKeyMayReach(readMaterials, ['materials'], 'POST')).toBe(false);
    expect(apiKeyMayReach(readMaterials, ['materials'], 'DELETE')).toBe(false);
    expect(apiKeyMayReach(readMaterials, ['orders'], 'GET')).toBe(false);
  });

  it('a write scope reads and writes its area only', () => {
    expect(apiKeyMayReach(writeOrders, ['orders'], 'GET')).toBe(true);
    expect(apiKeyMayReach(writeOrders, ['orders'], 'PUT')).toBe(true);
    expect(apiKeyMayReach(writeOrders, ['shipments'], 'GET')).toBe(false);
  });

  it('the users tag is the team area; company, auth, keys and untagged routes are no area', () => {
    expect(apiKeyAreaOfRoute(['users'])).toBe('team');
    for (const tags of [['company-account'], ['company'], ['auth'], ['api-keys'], ['documents'], [], undefined]) expect(apiKeyAreaOfRoute(tags)).toBeNull();
    expect(apiKeyMayReach([{ area: 'team', access: 'write' }], ['api-keys'], 'POST')).toBe(false);
  });

  it('a route of two areas is no area', () => {
    expect(apiKeyAreaOfRoute(['orders', 'materials'])).toBeNull();
    expect(apiKeyAreaOfRoute(['orders', 'company'])).toBeNull();
  });

  it('change rights: only written areas, never the company settings', () => {
    expect(apiKeyMayChange(writeOrders, 'orders')).toBe(true);
    expect(apiKeyMayChange(readMaterials, 'materials')).toBe(false);
    expect(apiKeyMayChange([{ area: 'team', access: 'write' }], 'companySettings')).toBe(false);
  });
});

describe('apiKeyExpired', () => {
  it('expires at the moment named, never without one', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(apiKeyExpired(null, now)).toBe(false);
    expect(apiKeyExpired('2026-12-01T10:00:00Z', now)).toBe(true);
    expect(apiKeyExpired('2026-12-01T10:00:01Z', now)).toBe(false);
  });
});

describe('createApiKeySchema', () => {
  it('takes a name and scopes, expiry optional', () => {
    const parsed = createApiKeySchema.parse({ name: ' ERP-Sync ', scopes: [{ area: 'orders', access: 'write' }] });
    expect(parsed).toEqual({ name: 'ERP-Sync', scopes: [{ area: 'orders', access: 'write' }], expiresAt: null });
  });

  it('refuses no scope, an area twice, an area keys never get, an empty name', () => {
    expect(createApiKeySchema.safeParse({ name: 'x', scopes: [] }).success).toBe(false);
    const twice = [
      { area: 'orders', access: 'read' },
      { area: 'orders', access: 'write' },
    ];
    expect(createApiKeySchema.safeParse({ name: 'x', scopes: twice }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ name: 'x', scopes: [{ area: 'companySettings', access: 'write' }] }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ name: ' ', scopes: [{ area: 'orders', access: 'read' }] }).success).toBe(false);
  });

  it('sorts scopes in the areas order', () => {
    expect(
      sortedScopes([
        { area: 'team', access: 'read' },
        { area: 'materials', access: 'write' },
      ]).map((scope) => scope.area),
    ).toEqual(['materials', 'team']);
  });
});
