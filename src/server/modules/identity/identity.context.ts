import { USER_STREAM_TYPE, userStreamId, type UserEvent } from '../../../domain/identity/identity.events.js';
import { userStatusOf } from '../../../domain/identity/identity.rules.js';
import type { UserView } from '../../../domain/identity/identity.views.js';
import type { AuthService, Principal } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import { withSystem, withTenant, type Db, type Tx } from '../../platform/db.js';
import type { EventMetadata, EventStore } from '../../platform/event-store.js';
import { deriveKey } from '../../platform/secrets.js';
import type { UserRow } from './users.queries.js';

/** What the identity handlers work with. */
export interface IdentityDeps {
  db: Db;
  eventStore: EventStore;
  auth: AuthService;
  /** Seals email secrets into events; the email job opens them. */
  sealKey: Buffer;
  /** Keys the hashes of 6-digit codes. */
  codeKey: Buffer;
}

export const sealKeyFrom = (config: Pick<Config, 'jwtSecret'>) => deriveKey(config.jwtSecret, 'identity-email-secrets');

export function identityDeps(input: { db: Db; eventStore: EventStore; auth: AuthService; config: Pick<Config, 'jwtSecret'> }): IdentityDeps {
  return {
    db: input.db,
    eventStore: input.eventStore,
    auth: input.auth,
    sealKey: sealKeyFrom(input.config),
    codeKey: deriveKey(input.config.jwtSecret, 'identity-verification-codes'),
  };
}

/** Appends a fact to the user's stream, in the caller's transaction, under the user's company. */
export async function appendUserEvent(
  tx: Tx,
  eventStore: EventStore,
  user: { id: string; companyId: string | null },
  event: UserEvent,
  metadata: EventMetadata,
): Promise<void> {
  await eventStore.append(tx, {
    companyId: user.companyId,
    streamId: userStreamId(user.id),
    streamType: USER_STREAM_TYPE,
    expectedVersion: 'any',
    events: [event],
    metadata,
  });
}

/**
 * Runs `work` as the principal's tenant; the master (no company of its own) as the platform.
 * For the master's own record (password, session), not for acting on a customer.
 */
export function asPrincipal<T>(db: Db, principal: Principal, work: (tx: Tx) => Promise<T>): Promise<T> {
  return principal.role === 'MASTER' || !principal.companyId ? withSystem(db, work) : withTenant(db, principal.companyId, work);
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    companyId: row.company_id,
    role: row.role,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    status: userStatusOf({ role: row.role, hasPassword: row.password_hash !== null, emailConfirmed: row.email_confirmed_at !== null }),
    locale: row.locale,
    createdAt: row.created_at.toISOString(),
  };
}
