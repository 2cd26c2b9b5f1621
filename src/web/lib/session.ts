import { roles, type Role } from '../../domain/shared/roles';

/** What sign-in (and a master's company switch) hands the browser, as spec section 3 names it. */
export interface SessionRecord {
  access_token: string;
  userId: string;
  role: Role;
  /** The company the user acts for; null for a master user who has not picked one. */
  company: string | null;
  /** Set when an operator signed in at a station (`POST /api/stations/{id}/login`): the station screen's station. */
  station?: { id: string; name: string };
}

/** Spec section 9: a session lasts 360 hours, like the server's token. */
export const SESSION_LIFETIME_MS = 360 * 60 * 60 * 1000;

/** localStorage keys. The form-data key is where screens park unsaved input; sign-in clears it. */
export const sessionStorageKey = 'shopfloor.session';
export const savedFormDataStorageKey = 'shopfloor.formData';

/** The record as localStorage keeps it: the session and when it expires. */
export interface StoredSession extends SessionRecord {
  /** Epoch milliseconds after which the record is discarded. */
  expiresAt: number;
}

const isText = (value: unknown, minLength = 1): value is string => typeof value === 'string' && value.length >= minLength;

/** A stored record as this console wrote it, or null (read by hand: zod is not part of the start-up, docs/performance.md). */
function readStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { station } = record;
  const stationOk =
    station === undefined ||
    (typeof station === 'object' &&
      station !== null &&
      isText((station as Record<string, unknown>).id) &&
      isText((station as Record<string, unknown>).name, 0));
  if (
    !isText(record.access_token) ||
    !isText(record.userId) ||
    !roles.includes(record.role as Role) ||
    !(record.company === null || isText(record.company)) ||
    !stationOk ||
    typeof record.expiresAt !== 'number'
  ) {
    return null;
  }
  return record as unknown as StoredSession;
}

/** Stores the record with its expiry (now + 360 h) and returns what was stored. */
export function saveSession(record: SessionRecord, now: number = Date.now()): StoredSession {
  const stored: StoredSession = {
    access_token: record.access_token,
    userId: record.userId,
    role: record.role,
    company: record.company,
    ...(record.station ? { station: record.station } : {}),
    expiresAt: now + SESSION_LIFETIME_MS,
  };
  localStorage.setItem(sessionStorageKey, JSON.stringify(stored));
  return stored;
}

/**
 * The saved session if there is one and it has not expired. An expired or unreadable record is
 * removed, so a later start-up does not try it again. None where there is no storage (the build's prerender).
 */
export function restoreSession(now: number = Date.now()): SessionRecord | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(sessionStorageKey);
  if (raw === null) return null;
  let stored: StoredSession | null;
  try {
    stored = readStoredSession(JSON.parse(raw));
  } catch {
    stored = null;
  }
  if (stored === null || stored.expiresAt <= now) {
    clearSession();
    return null;
  }
  return {
    access_token: stored.access_token,
    userId: stored.userId,
    role: stored.role,
    company: stored.company,
    ...(stored.station ? { station: stored.station } : {}),
  };
}

/** Removes the session record: token, user id, role and company go together. */
export function clearSession(): void {
  localStorage.removeItem(sessionStorageKey);
}

export function clearSavedFormData(): void {
  localStorage.removeItem(savedFormDataStorageKey);
}
