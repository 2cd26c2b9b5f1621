import { apiKeyAreas, type ApiKeyArea, type ApiKeyScope } from './api-keys.schema.js';

/**
 * The area of each OpenAPI tag a key can reach: a route belongs to the area of its tag. A tag not
 * named here (company, auth, api-keys, documents, key figures, ...) is reached by no key, so a route
 * added later under a new tag is closed to keys until someone decides otherwise.
 */
export const apiKeyAreaOfTag: Readonly<Record<string, ApiKeyArea>> = {
  materials: 'materials',
  // Every kind of CSV import today writes materials (materials, bills of materials, stock).
  imports: 'materials',
  orders: 'orders',
  stations: 'stations',
  shipments: 'shipments',
  team: 'team',
  users: 'team',
};

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The area of a route by its tags; null when it belongs to none a key can reach. */
export function apiKeyAreaOfRoute(tags: readonly string[] | undefined): ApiKeyArea | null {
  const areas = new Set((tags ?? []).map((tag) => apiKeyAreaOfTag[tag] ?? null));
  // A route of two areas (or of one and of a closed tag) is reached by no key: nothing guesses.
  if (areas.size !== 1) return null;
  return [...areas][0];
}

/** What a request needs of a key: reading the area for a read, writing it for any other method. */
export function apiKeyNeeds(tags: readonly string[] | undefined, method: string): ApiKeyScope | null {
  const area = apiKeyAreaOfRoute(tags);
  return area ? { area, access: readMethods.has(method.toUpperCase()) ? 'read' : 'write' } : null;
}

/** Whether the scopes give `access` to `area`: write includes read. */
export function apiKeyGrants(scopes: readonly ApiKeyScope[], need: ApiKeyScope): boolean {
  return scopes.some((scope) => scope.area === need.area && (scope.access === 'write' || need.access === 'read'));
}

/** Whether a key of these scopes may call a route of these tags with this method (`rule: apiKeyReachesOnlyItsScopes`). */
export function apiKeyMayReach(scopes: readonly ApiKeyScope[], tags: readonly string[] | undefined, method: string): boolean {
  const need = apiKeyNeeds(tags, method);
  return need !== null && apiKeyGrants(scopes, need);
}

/** Whether a key may write an area of the change rights (`companySettings` is never a key's). */
export function apiKeyMayChange(scopes: readonly ApiKeyScope[], area: string): boolean {
  return (apiKeyAreas as readonly string[]).includes(area) && apiKeyGrants(scopes, { area: area as ApiKeyArea, access: 'write' });
}

/** Scopes in the areas' order, one per area, for the answers and the events. */
export const sortedScopes = (scopes: readonly ApiKeyScope[]): ApiKeyScope[] =>
  [...scopes].sort((a, b) => apiKeyAreas.indexOf(a.area) - apiKeyAreas.indexOf(b.area));

/** Whether a key has run out at `now` (an expiry is the first moment it no longer works). */
export const apiKeyExpired = (expiresAt: string | null, now: Date): boolean => expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
