import {
  KNOWN_ADDRESS_TTL_MS,
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  loginThrottle,
  type LoginThrottle,
} from '../../../domain/identity/identity.rules.js';
import { withSystem, type Db } from '../../platform/db.js';

/** Who tries from where: the account name (as typed, any case) and the client address, and the counter keys of both. */
export interface ThrottleKeys {
  account: string;
  address: string;
  /** Failures of this account from this address. */
  pair: string;
  /** Failures from this address, whatever names were tried. */
  fromAddress: string;
}

export function throttleKeys(usernameOrEmail: string, address: string): ThrottleKeys {
  const account = usernameOrEmail.trim().toLowerCase();
  return { account, address, pair: `pair:${account}|${address}`, fromAddress: `ip:${address}` };
}

async function isKnownAddress(db: Db, keys: ThrottleKeys, now: Date): Promise<boolean> {
  const row = await withSystem(db, (tx) =>
    tx
      .selectFrom('known_sign_in_addresses')
      .select('account')
      .where('account', '=', keys.account)
      .where('address', '=', keys.address)
      .where('signed_in_at', '>', new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS))
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/**
 * The throttle state of the most limited counter: this account from this address (10 failures in
 * 15 minutes) and this address for any name (30), unless the account has signed in from this
 * address before: others' failures there never lock its owner out. Counters live in PostgreSQL,
 * so every server instance sees the same failures.
 */
export async function loginThrottleFor(db: Db, keys: ThrottleKeys, now: Date): Promise<LoginThrottle> {
  const limits = new Map<string, number>([[keys.pair, LOGIN_FAILURE_LIMIT]]);
  if (!(await isKnownAddress(db, keys, now))) limits.set(keys.fromAddress, LOGIN_ADDRESS_FAILURE_LIMIT);
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await withSystem(db, (tx) =>
    tx
      .selectFrom('login_failures')
      .select(['key', 'failed_at'])
      .where('key', 'in', [...limits.keys()])
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'desc')
      .execute(),
  );
  let worst: LoginThrottle = { blocked: false };
  for (const [key, limit] of limits) {
    const failures = rows
      .filter((row) => row.key === key)
      .slice(0, limit)
      .map((row) => row.failed_at);
    const state = loginThrottle(failures, now, limit);
    if (state.blocked && (!worst.blocked || state.retryAfterSeconds > worst.retryAfterSeconds)) worst = state;
  }
  return worst;
}

export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now: Date): Promise<void> {
  await withSystem(db, async (tx) => {
    await tx
      .insertInto('login_failures')
      .values([keys.pair, keys.fromAddress].map((key) => ({ key, failed_at: now })))
      .execute();
    // Old failures no longer count; pruning here keeps the table small (and forgets names) without a timer.
    await tx
      .deleteFrom('login_failures')
      .where('failed_at', '<', new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))
      .execute();
  });
}

/**
 * A successful login forgets this account's failures from this address (not the address's own
 * count) and remembers the address as one the account signs in from.
 */
export async function rememberSignIn(db: Db, keys: ThrottleKeys, now: Date): Promise<void> {
  await withSystem(db, async (tx) => {
    await tx.deleteFrom('login_failures').where('key', '=', keys.pair).execute();
    await tx
      .insertInto('known_sign_in_addresses')
      .values({ account: keys.account, address: keys.address, signed_in_at: now })
      .onConflict((conflict) => conflict.columns(['account', 'address']).doUpdateSet({ signed_in_at: now }))
      .execute();
    await tx
      .deleteFrom('known_sign_in_addresses')
      .where('signed_in_at', '<', new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS))
      .execute();
  });
}
