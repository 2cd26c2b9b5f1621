import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, loginThrottle, type LoginThrottle } from '../../../domain/identity/identity.rules.js';
import { withSystem, type Db } from '../../platform/db.js';

/** Counter keys: one per account name (as typed, any case) and one per client address. */
export const throttleKeys = (usernameOrEmail: string, ip: string) => [`account:${usernameOrEmail.trim().toLowerCase()}`, `ip:${ip}`];

/**
 * The throttle state of the most limited key. Counters live in PostgreSQL, so every server
 * instance sees the same failures.
 */
export async function loginThrottleFor(db: Db, keys: string[], now: Date): Promise<LoginThrottle> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await withSystem(db, (tx) =>
    tx.selectFrom('login_failures').select(['key', 'failed_at']).where('key', 'in', keys).where('failed_at', '>', since).orderBy('failed_at', 'desc').execute(),
  );
  let worst: LoginThrottle = { blocked: false };
  for (const key of keys) {
    const state = loginThrottle(
      rows
        .filter((row) => row.key === key)
        .slice(0, LOGIN_FAILURE_LIMIT)
        .map((row) => row.failed_at),
      now,
    );
    if (state.blocked && (!worst.blocked || state.retryAfterSeconds > worst.retryAfterSeconds)) worst = state;
  }
  return worst;
}

export async function recordLoginFailure(db: Db, keys: string[], now: Date): Promise<void> {
  await withSystem(db, async (tx) => {
    await tx
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key, failed_at: now })))
      .execute();
    // Old failures no longer count; pruning here keeps the table small (and forgets names) without a timer.
    await tx
      .deleteFrom('login_failures')
      .where('failed_at', '<', new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))
      .execute();
  });
}

/** A successful login forgets the account's failures (not the address's). */
export async function forgetAccountFailures(db: Db, accountKey: string): Promise<void> {
  await withSystem(db, (tx) => tx.deleteFrom('login_failures').where('key', '=', accountKey).execute());
}
