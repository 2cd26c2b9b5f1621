import type { ErrorCode, ErrorDetail } from '../shared/errors.js';
import { writerRoles, type Role } from '../shared/roles.js';
import { meetsPasswordRule, PASSWORD_MAX_LENGTH } from './password.rules.js';

const MINUTE_MS = 60 * 1000;

/** A 6-digit email code dies after 15 minutes or 5 wrong tries. */
export const VERIFICATION_CODE_TTL_MS = 15 * MINUTE_MS;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** Reset links live 1 hour, invitations 72 hours. */
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;
export const INVITATION_TTL_MS = 72 * 60 * MINUTE_MS;
/** The sign-up ticket replaces the spec's temporary credentials (15 minutes): no password is kept in the browser. */
export const SIGNUP_TICKET_TTL_MS = 15 * MINUTE_MS;
/**
 * Failed logins within 15 minutes: at most 10 for one account from one address (the guesser is
 * slowed where it guesses, the owner elsewhere is not), and at most 30 from one address whatever
 * names it tries, except for an account that has signed in from that address before.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_ADDRESS_FAILURE_LIMIT = 30;
/** A known sign-in address is remembered this long after its last sign-in. */
export const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * MINUTE_MS;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/** Invitations of a company not accepted yet, at most: an invitation mails an outside address a text of the company's choosing. */
export const PENDING_INVITATION_LIMIT = 20;
/**
 * Invitation emails (new invitations and resends) a company sends in 24 hours, at most: removing pending invitations
 * or resending must not make the pending limit a free mail relay. Then 429 `INVITATION_DAILY_LIMIT_REACHED`.
 */
export const INVITATION_MAILS_PER_DAY = 50;

export type TokenPurpose = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET' | 'INVITATION' | 'SIGNUP_TICKET';

export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  EMAIL_VERIFICATION: VERIFICATION_CODE_TTL_MS,
  PASSWORD_RESET: PASSWORD_RESET_TTL_MS,
  INVITATION: INVITATION_TTL_MS,
  SIGNUP_TICKET: SIGNUP_TICKET_TTL_MS,
};

export interface OneTimeToken {
  expiresAt: Date;
  usedAt: Date | null;
  attempts: number;
}

/** A single-use token may be redeemed only once, before it expires, and (codes) before the tries run out. */
export function tokenIsUsable(token: OneTimeToken, now: Date, maxAttempts = Number.POSITIVE_INFINITY): boolean {
  return token.usedAt === null && token.expiresAt.getTime() > now.getTime() && token.attempts < maxAttempts;
}

export type LoginThrottle = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/**
 * Whether another login may be tried, given the failures of one account (or one address).
 * Blocked while 10 failures lie within the last 15 minutes; it opens again when the oldest of
 * those 10 leaves the window.
 */
export function loginThrottle(failures: readonly Date[], now: Date, limit = LOGIN_FAILURE_LIMIT): LoginThrottle {
  const windowStart = now.getTime() - LOGIN_FAILURE_WINDOW_MS;
  const recent = failures
    .map((at) => at.getTime())
    .filter((at) => at > windowStart)
    .sort((a, b) => b - a);
  if (recent.length < limit) return { blocked: false };
  const opensAt = recent[limit - 1] + LOGIN_FAILURE_WINDOW_MS;
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000)) };
}

/** The longest email address (RFC 5321), and so the longest name a sign-in takes. */
export const EMAIL_MAX_LENGTH = 254;

/** What the sign-in form sends: an email or a username, and the password. */
export interface SignInInput {
  usernameOrEmail: string;
  password: string;
}

/**
 * The sign-in form's rules (spec section 5), without zod so the sign-in page loads none: the name is
 * trimmed, both fields are required, the password follows the password rule. The problems read as the
 * domain schemas' do (`validation.*` keys); the server's loginSchema (identity.schema.ts) takes the same limits.
 */
export function checkSignIn(input: SignInInput): { ok: true; value: SignInInput } | { ok: false; problems: ErrorDetail[] } {
  const usernameOrEmail = input.usernameOrEmail.trim();
  const { password } = input;
  const problems: ErrorDetail[] = [];
  if (usernameOrEmail === '') problems.push({ path: 'usernameOrEmail', message: 'validation.required', params: { min: 1 } });
  else if (usernameOrEmail.length > EMAIL_MAX_LENGTH)
    problems.push({ path: 'usernameOrEmail', message: 'validation.maxLength', params: { max: EMAIL_MAX_LENGTH } });
  if (password === '') problems.push({ path: 'password', message: 'validation.required', params: { min: 1 } });
  else if (password.length > PASSWORD_MAX_LENGTH) problems.push({ path: 'password', message: 'validation.maxLength', params: { max: PASSWORD_MAX_LENGTH } });
  else if (!meetsPasswordRule(password)) problems.push({ path: 'password', message: 'validation.passwordComplexity' });
  return problems.length === 0 ? { ok: true, value: { usernameOrEmail, password } } : { ok: false, problems };
}
/** An identifier with `@` is an email (super users, administration users, master); otherwise an operator's username. */
export const loginKindOf = (usernameOrEmail: string): 'email' | 'username' => (usernameOrEmail.includes('@') ? 'email' : 'username');

/**
 * Why `actor` may not remove `target`, or null when it may: nobody removes themselves, the
 * company's super user or the product operator.
 */
export function userRemovalRefusal(actor: { userId: string; role: Role }, target: { id: string; role: Role }): ErrorCode | null {
  if (!writerRoles.includes(actor.role)) return 'FORBIDDEN';
  if (actor.userId === target.id) return 'FORBIDDEN';
  if (target.role === 'SUPER_USER' || target.role === 'MASTER') return 'FORBIDDEN';
  return null;
}

/** Operators see only their own account; writers (who manage the team) see every account of their company. */
export const mayReadAccount = (actor: { userId: string; role: Role }, targetUserId: string): boolean =>
  writerRoles.includes(actor.role) || actor.userId === targetUserId;

/**
 * Why `actor` may not deactivate `target`, or null when it may: nobody deactivates themselves,
 * the company's super user or the product operator (the same rule as removing).
 */
export const userDeactivationRefusal = (actor: { userId: string; role: Role }, target: { id: string; role: Role }): ErrorCode | null =>
  userRemovalRefusal(actor, target);

/** The statuses shown for a user: deactivated (cannot sign in), invited (no password yet), unconfirmed (email not confirmed) or active. */
export const userStatuses = ['ACTIVE', 'INVITED', 'UNCONFIRMED', 'DEACTIVATED'] as const;
export type UserStatus = (typeof userStatuses)[number];

export function userStatusOf(user: { role: Role; hasPassword: boolean; emailConfirmed: boolean; deactivated?: boolean }): UserStatus {
  if (user.deactivated) return 'DEACTIVATED';
  if (!user.hasPassword) return 'INVITED';
  if (user.role !== 'OPERATOR' && !user.emailConfirmed) return 'UNCONFIRMED';
  return 'ACTIVE';
}
