// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  SESSION_LIFETIME_MS,
  clearSavedFormData,
  clearSession,
  restoreSession,
  saveSession,
  savedFormDataStorageKey,
  sessionStorageKey,
  type SessionRecord,
} from './session';

const record: SessionRecord = { access_token: 'token-1', userId: 'user-1', role: 'SUPER_USER', company: 'company-1' };
const signedInAt = Date.UTC(2026, 10, 21, 8, 0, 0);
const hours = (n: number) => n * 60 * 60 * 1000;

beforeEach(() => localStorage.clear());

describe('session record in localStorage', () => {
  it('stores access_token, userId, role and company with an expiry 360 hours after sign-in', () => {
    const stored = saveSession(record, signedInAt);
    expect(stored.expiresAt - signedInAt).toBe(hours(360));
    expect(SESSION_LIFETIME_MS).toBe(hours(360));
    expect(JSON.parse(localStorage.getItem(sessionStorageKey) ?? '{}')).toEqual({ ...record, expiresAt: signedInAt + hours(360) });
  });

  it('restores the session at start-up until it expires', () => {
    saveSession(record, signedInAt);
    expect(restoreSession(signedInAt + hours(1))).toEqual(record);
    expect(restoreSession(signedInAt + hours(360) - 1)).toEqual(record);
  });

  it('discards the session once 360 hours have passed, so the next start-up is signed out', () => {
    saveSession(record, signedInAt);
    expect(restoreSession(signedInAt + hours(360))).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(restoreSession(signedInAt)).toBeNull();
  });

  it('keeps a master user without a selected company', () => {
    saveSession({ ...record, role: 'MASTER', company: null }, signedInAt);
    expect(restoreSession(signedInAt)).toEqual({ ...record, role: 'MASTER', company: null });
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown role', JSON.stringify({ ...record, role: 'OWNER', expiresAt: signedInAt + hours(1) })],
    ['no token', JSON.stringify({ ...record, access_token: '', expiresAt: signedInAt + hours(1) })],
    ['no expiry', JSON.stringify(record)],
  ])('treats a stored record with %s as no session and removes it', (_case, raw) => {
    localStorage.setItem(sessionStorageKey, raw);
    expect(restoreSession(signedInAt)).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it('answers no session when nothing is stored', () => {
    expect(restoreSession(signedInAt)).toBeNull();
  });

  it('clears the session and the saved form data separately', () => {
    saveSession(record, signedInAt);
    localStorage.setItem(savedFormDataStorageKey, '{"name":"Bracket"}');
    clearSession();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(localStorage.getItem(savedFormDataStorageKey)).not.toBeNull();
    clearSavedFormData();
    expect(localStorage.getItem(savedFormDataStorageKey)).toBeNull();
  });
});
