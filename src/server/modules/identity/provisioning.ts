import { randomUUID } from 'node:crypto';
import { initialBasicSettings, type Plan } from '../../../domain/company/company.schema.js';
import type { Locale } from '../../../domain/identity/identity.schema.js';
import { runAsPlatform, runInTenant, type CommandDeps } from '../../platform/command.js';
import { withSystem, type Db } from '../../platform/db.js';
import type { EventMetadata } from '../../platform/event-store.js';
import { openCompanyAccount } from '../company/index.js';
import { hashPassword } from './passwords.js';
import { insertUser, recordUserEvent } from './users.records.js';

/** A user created ready to sign in (password set, email confirmed). */
export interface ProvisionedUser {
  role: 'SUPER_USER' | 'ADMIN' | 'OPERATOR';
  firstName: string;
  lastName: string;
  /** Super users and administration users sign in by email, operators by username. */
  email?: string;
  username?: string;
  password: string;
  locale?: Locale;
}

export interface ProvisionedCompany {
  companyId: string;
  /** Ids of the users, in the order given. */
  userIds: string[];
}

/**
 * Creates a company with ready users in one transaction, without the sign-up emails: for the
 * demo data and for tests that need a tenant. The first user should be the super user.
 */
export async function provisionCompany(
  deps: CommandDeps,
  input: { companyName: string; plan: Plan; trialEndsAt: Date | null; users: ProvisionedUser[] },
  metadata: EventMetadata = {},
): Promise<ProvisionedCompany> {
  const companyId = randomUUID();
  const hashes = await Promise.all(input.users.map((user) => hashPassword(user.password)));
  const userIds = await runInTenant(deps, { companyId, actor: null, metadata }, async (ctx) => {
    await openCompanyAccount(ctx, {
      id: companyId,
      companyName: input.companyName,
      plan: input.plan,
      trialEndsAt: input.trialEndsAt,
      basicSettings: initialBasicSettings(input.companyName, input.users[0]?.locale),
    });
    const ids: string[] = [];
    for (const [index, user] of input.users.entries()) {
      const row = await insertUser(ctx.tx, {
        id: randomUUID(),
        companyId,
        role: user.role,
        email: user.email ?? null,
        username: user.username ?? null,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordHash: hashes[index],
        emailConfirmedAt: user.email ? ctx.now : null,
        locale: user.locale ?? 'en',
        at: ctx.now,
      });
      await recordUserEvent(
        ctx,
        { id: row.id, companyId },
        {
          type: 'UserCreated',
          data: { userId: row.id, companyId, role: user.role, email: row.email, username: row.username, firstName: row.first_name, lastName: row.last_name },
        },
      );
      ids.push(row.id);
    }
    return ids;
  });
  return { companyId, userIds };
}

/** Whether the product operator exists yet. */
export async function masterExists(db: Db): Promise<boolean> {
  const row = await withSystem(db, (tx) => tx.selectFrom('users').select('id').where('role', '=', 'MASTER').limit(1).executeTakeFirst());
  return row !== undefined;
}

/** Creates the product operator (role MASTER, no company) with a confirmed email. */
export async function createMasterUser(deps: CommandDeps, input: { email: string; password: string }): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  await runAsPlatform(deps, { actor: null, metadata: {} }, async (ctx) => {
    await insertUser(ctx.tx, {
      id: userId,
      companyId: null,
      role: 'MASTER',
      email: input.email,
      username: null,
      firstName: 'Master',
      lastName: 'User',
      passwordHash,
      emailConfirmedAt: ctx.now,
      locale: 'en',
      at: ctx.now,
    });
    await recordUserEvent(ctx, { id: userId, companyId: null }, { type: 'MasterUserCreated', data: { userId, email: input.email.toLowerCase() } });
  });
  return userId;
}
