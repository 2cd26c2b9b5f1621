import { tokenIsUsable, type TokenPurpose } from '../../../domain/identity/identity.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Principal } from '../../platform/auth.js';
import { withSystem, type Tx } from '../../platform/db.js';
import type { EventMetadata } from '../../platform/event-store.js';
import { seal } from '../../platform/secrets.js';
import { appendUserEvent, asPrincipal, type IdentityDeps } from './identity.context.js';
import { hashPassword, passwordMatches } from './passwords.js';
import { revokeUserSessions } from './sessions.js';
import { findLinkToken, issueLinkToken, useToken, type UserTokenRow } from './user-tokens.js';
import { findUserByEmail, findUserById, setPassword, type UserRow } from './users.queries.js';

type LinkPurpose = Extract<TokenPurpose, 'PASSWORD_RESET' | 'INVITATION'>;

const invalidToken = () => new DomainError('INVALID_TOKEN');

/**
 * Sends a reset link when the address belongs to a user; the answer is the same either way, so
 * the route tells nobody which addresses exist.
 */
export async function requestPasswordReset(deps: IdentityDeps, email: string, metadata: EventMetadata, now: Date): Promise<void> {
  const sent = await withSystem(deps.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    const { token, expiresAt } = await issueLinkToken(tx, user, 'PASSWORD_RESET', now);
    await appendUserEvent(
      tx,
      deps.eventStore,
      { id: user.id, companyId: user.company_id },
      {
        type: 'PasswordResetRequested',
        data: {
          userId: user.id,
          email: user.email ?? email,
          firstName: user.first_name,
          locale: user.locale,
          sealedToken: seal(deps.sealKey, token),
          expiresAt: expiresAt.toISOString(),
        },
      },
      metadata,
    );
    return true;
  });
  if (sent) deps.eventStore.committed();
}

async function usableLink(tx: Tx, token: string, purposes: LinkPurpose[], now: Date): Promise<{ row: UserTokenRow; user: UserRow }> {
  const row = await findLinkToken(tx, token, purposes);
  if (!row || !tokenIsUsable({ expiresAt: row.expires_at, usedAt: row.used_at, attempts: row.attempts }, now)) throw invalidToken();
  const user = await findUserById(tx, row.user_id);
  if (!user) throw invalidToken();
  return { row, user };
}

/** Whether a reset or invitation link still works (the page shows the form, or the invalid-token page). */
export async function checkLinkToken(deps: IdentityDeps, token: string, now: Date) {
  const { row, user } = await withSystem(deps.db, (tx) => usableLink(tx, token, ['PASSWORD_RESET', 'INVITATION'], now));
  return { data: { purpose: row.purpose as LinkPurpose, email: user.email ?? '', firstName: user.first_name } };
}

/**
 * Sets a password from an emailed link, once. The link proves the address, so the email counts
 * as confirmed. A reset also ends every session of the user.
 */
export async function setPasswordFromLink(
  deps: IdentityDeps,
  purpose: LinkPurpose,
  token: string,
  password: string,
  metadata: EventMetadata,
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withSystem(deps.db, async (tx) => {
    const { row, user } = await usableLink(tx, token, [purpose], now);
    if (!(await useToken(tx, row.id))) throw invalidToken();
    await setPassword(tx, user.id, passwordHash, true);
    if (purpose === 'PASSWORD_RESET') await revokeUserSessions(tx, user.id);
    await appendUserEvent(
      tx,
      deps.eventStore,
      { id: user.id, companyId: user.company_id },
      purpose === 'PASSWORD_RESET' ? { type: 'PasswordReset', data: { userId: user.id } } : { type: 'AdminPasswordSet', data: { userId: user.id } },
      metadata,
    );
  });
  deps.eventStore.committed();
}

/** A signed-in user changes the password; every other session of the user ends. */
export async function changePassword(
  deps: IdentityDeps,
  principal: Principal,
  input: { currentPassword: string; password: string },
  metadata: EventMetadata,
): Promise<void> {
  const user = await asPrincipal(deps.db, principal, (tx) => findUserById(tx, principal.userId));
  if (!user) throw new DomainError('USER_NOT_FOUND');
  if (!(await passwordMatches(input.currentPassword, user.password_hash))) {
    throw new DomainError('CURRENT_PASSWORD_WRONG', [{ path: 'currentPassword', message: 'errors.CURRENT_PASSWORD_WRONG' }]);
  }
  const passwordHash = await hashPassword(input.password);
  await asPrincipal(deps.db, principal, async (tx) => {
    await setPassword(tx, user.id, passwordHash, false);
    await revokeUserSessions(tx, user.id, principal.tokenId);
    await appendUserEvent(tx, deps.eventStore, { id: user.id, companyId: user.company_id }, { type: 'PasswordChanged', data: { userId: user.id } }, metadata);
  });
  deps.eventStore.committed();
}
