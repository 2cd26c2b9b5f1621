import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueToDetail } from '../shared/validation.js';
import {
  checkSignIn,
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  loginKindOf,
  loginThrottle,
  mayReadAccount,
  tokenIsUsable,
  userDeactivationRefusal,
  userRemovalRefusal,
  userStatusOf,
  VERIFICATION_CODE_MAX_ATTEMPTS,
} from './identity.rules.js';
import { loginSchema } from './identity.schema.js';
import { passwordSchema } from './password.schema.js';

const now = new Date('2026-11-21T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('login throttle', () => {
  it('lets the tenth try through after nine failures', () => {
    expect(
      loginThrottle(
        Array.from({ length: 9 }, (_, i) => minutesAgo(i)),
        now,
      ),
    ).toEqual({ blocked: false });
  });

  it('blocks after ten failures in 15 minutes until the oldest of them leaves the window', () => {
    const failures = Array.from({ length: LOGIN_FAILURE_LIMIT }, (_, i) => minutesAgo(i + 1));
    expect(loginThrottle(failures, now)).toEqual({ blocked: true, retryAfterSeconds: 5 * 60 });
  });

  it('forgets failures older than 15 minutes', () => {
    const failures = [...Array.from({ length: 9 }, () => minutesAgo(1)), minutesAgo(16)];
    expect(loginThrottle(failures, now)).toEqual({ blocked: false });
  });

  it('takes its own limit for a per-address counter', () => {
    const failures = Array.from({ length: LOGIN_FAILURE_LIMIT }, (_, i) => minutesAgo(i + 1));
    expect(loginThrottle(failures, now, LOGIN_ADDRESS_FAILURE_LIMIT)).toEqual({ blocked: false });
    const many = Array.from({ length: LOGIN_ADDRESS_FAILURE_LIMIT }, () => minutesAgo(1));
    expect(loginThrottle(many, now, LOGIN_ADDRESS_FAILURE_LIMIT)).toEqual({ blocked: true, retryAfterSeconds: 14 * 60 });
  });

  it('never asks to wait less than a second', () => {
    const failures = Array.from({ length: LOGIN_FAILURE_LIMIT }, () => new Date(now.getTime() - 15 * 60_000 + 10));
    expect(loginThrottle(failures, now)).toEqual({ blocked: true, retryAfterSeconds: 1 });
  });
});

describe('one-time tokens', () => {
  const fresh = { expiresAt: new Date(now.getTime() + 60_000), usedAt: null, attempts: 0 };

  it('is usable once, before it expires', () => {
    expect(tokenIsUsable(fresh, now)).toBe(true);
    expect(tokenIsUsable({ ...fresh, usedAt: minutesAgo(1) }, now)).toBe(false);
    expect(tokenIsUsable({ ...fresh, expiresAt: now }, now)).toBe(false);
  });

  it('dies after five wrong tries of a code', () => {
    expect(tokenIsUsable({ ...fresh, attempts: VERIFICATION_CODE_MAX_ATTEMPTS - 1 }, now, VERIFICATION_CODE_MAX_ATTEMPTS)).toBe(true);
    expect(tokenIsUsable({ ...fresh, attempts: VERIFICATION_CODE_MAX_ATTEMPTS }, now, VERIFICATION_CODE_MAX_ATTEMPTS)).toBe(false);
  });
});

describe('who signs in how', () => {
  it('treats an identifier with @ as an email and anything else as an operator username', () => {
    expect(loginKindOf('anna@example.com')).toBe('email');
    expect(loginKindOf('welder.7')).toBe('username');
  });
});

describe('team rules', () => {
  it('lets a super user or admin remove admins and operators', () => {
    expect(userRemovalRefusal({ userId: 'a', role: 'SUPER_USER' }, { id: 'b', role: 'ADMIN' })).toBeNull();
    expect(userRemovalRefusal({ userId: 'a', role: 'ADMIN' }, { id: 'b', role: 'OPERATOR' })).toBeNull();
  });

  it('refuses removing oneself, the super user, or anything as an operator', () => {
    expect(userRemovalRefusal({ userId: 'a', role: 'ADMIN' }, { id: 'a', role: 'ADMIN' })).toBe('FORBIDDEN');
    expect(userRemovalRefusal({ userId: 'a', role: 'ADMIN' }, { id: 'b', role: 'SUPER_USER' })).toBe('FORBIDDEN');
    expect(userRemovalRefusal({ userId: 'a', role: 'OPERATOR' }, { id: 'b', role: 'OPERATOR' })).toBe('FORBIDDEN');
  });

  it('lets operators read only their own account', () => {
    expect(mayReadAccount({ userId: 'a', role: 'OPERATOR' }, 'a')).toBe(true);
    expect(mayReadAccount({ userId: 'a', role: 'OPERATOR' }, 'b')).toBe(false);
    expect(mayReadAccount({ userId: 'a', role: 'ADMIN' }, 'b')).toBe(true);
  });

  it('shows invited, unconfirmed and active users', () => {
    expect(userStatusOf({ role: 'ADMIN', hasPassword: false, emailConfirmed: false })).toBe('INVITED');
    expect(userStatusOf({ role: 'SUPER_USER', hasPassword: true, emailConfirmed: false })).toBe('UNCONFIRMED');
    expect(userStatusOf({ role: 'OPERATOR', hasPassword: true, emailConfirmed: false })).toBe('ACTIVE');
  });

  it('shows a deactivated user as deactivated, whatever else holds', () => {
    expect(userStatusOf({ role: 'ADMIN', hasPassword: false, emailConfirmed: false, deactivated: true })).toBe('DEACTIVATED');
    expect(userStatusOf({ role: 'OPERATOR', hasPassword: true, emailConfirmed: false, deactivated: true })).toBe('DEACTIVATED');
  });

  it('deactivates like it removes: admins and operators, never oneself or the super user', () => {
    expect(userDeactivationRefusal({ userId: 'a', role: 'ADMIN' }, { id: 'b', role: 'OPERATOR' })).toBeNull();
    expect(userDeactivationRefusal({ userId: 'a', role: 'ADMIN' }, { id: 'a', role: 'ADMIN' })).toBe('FORBIDDEN');
    expect(userDeactivationRefusal({ userId: 'a', role: 'SUPER_USER' }, { id: 'b', role: 'SUPER_USER' })).toBe('FORBIDDEN');
    expect(userDeactivationRefusal({ userId: 'a', role: 'OPERATOR' }, { id: 'b', role: 'OPERATOR' })).toBe('FORBIDDEN');
  });
});

describe('the sign-in form', () => {
  // The form's check without zod says what the domain's schemas say: loginSchema with the password rule.
  const withSchemas = loginSchema.extend({ password: z.string().min(1, 'validation.required').pipe(passwordSchema) });
  const cases = [
    { usernameOrEmail: '', password: '' },
    { usernameOrEmail: '   ', password: 'Welder#1' },
    { usernameOrEmail: ' anna@example.com ', password: 'welder' },
    { usernameOrEmail: 'x'.repeat(255), password: 'Welder#1' },
    { usernameOrEmail: 'welder.1', password: `A#${'x'.repeat(200)}` },
    { usernameOrEmail: 'welder.1', password: 'Schweißnaht-Ä' },
  ];

  it.each(cases)('agrees with the domain schemas on %j', (input) => {
    const parsed = withSchemas.safeParse(input);
    const checked = checkSignIn(input);
    if (parsed.success) expect(checked).toEqual({ ok: true, value: parsed.data });
    else {
      const firstPerPath = [
        ...new Map(
          parsed.error.issues
            .map(issueToDetail)
            .map((detail) => [detail.path, detail] as const)
            .reverse(),
        ).values(),
      ].reverse();
      expect(checked).toEqual({ ok: false, problems: firstPerPath });
    }
  });
});
