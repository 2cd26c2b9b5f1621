import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appendPlatformEvent } from './modules/company/index.js';
import { createMasterUser, masterExists, provisionCompany, type ProvisionedUser } from './modules/identity/index.js';
import { runAsPlatform } from './platform/command.js';
import { withSystem } from './platform/db.js';
import { seedDemoProduction } from './seed-orders.js';

/** The product operator's address when MASTER_EMAIL is not set. */
export const DEFAULT_MASTER_EMAIL = 'master@shopfloor.local';

export const DEMO_COMPANY_NAME = 'Demo Metallbau GmbH';

/**
 * The demo company's users: fixed, documented sign-in details (README, docs/identity.md), so a
 * newcomer can try every role at once. In production (only with SEED_DEMO=true) each gets a
 * generated password instead, shown once in the start-up block. They speak German (their emails come in German). The demo plan
 * never turns read-only.
 */
export const demoUsers: readonly (ProvisionedUser & { password: string })[] = [
  { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: 'super@demo.example.com', password: 'Demo-Super1!', locale: 'de' },
  { role: 'ADMIN', firstName: 'Ali', lastName: 'Demir', email: 'admin@demo.example.com', password: 'Demo-Admin1!', locale: 'de' },
  { role: 'OPERATOR', firstName: 'Olga', lastName: 'Berg', username: 'operator1', password: 'Demo-Operator1!', locale: 'de' },
  { role: 'OPERATOR', firstName: 'Jonas', lastName: 'Weber', username: 'operator2', password: 'Demo-Operator2!', locale: 'de' },
];

export interface SeedReport {
  /** Set when the master was created by this start; `password` only when it was generated. */
  master?: { email: string; generatedPassword?: string };
  /** Set when the demo company was created by this start. */
  demo?: { companyName: string; users: { role: string; login: string; password: string }[]; passwordsGenerated: boolean };
}

/** A password that satisfies the rule: 18 random characters plus an uppercase letter and a special character. */
const generatedPassword = () => `${randomBytes(18).toString('base64url')}Q!`;

async function databaseHasCompanies(app: FastifyInstance): Promise<boolean> {
  const row = await withSystem(app.db, (tx) => tx.selectFrom('companies').select('id').limit(1).executeTakeFirst());
  return row !== undefined;
}

async function demoWasSeeded(app: FastifyInstance): Promise<boolean> {
  const row = await withSystem(app.db, (tx) =>
    tx.selectFrom('events').select('global_position').where('type', '=', 'DemoDataSeeded').limit(1).executeTakeFirst(),
  );
  return row !== undefined;
}

/**
 * First-start data, idempotent: the master user (from MASTER_EMAIL / MASTER_PASSWORD, or a
 * generated password reported once), and with SEED_DEMO on an empty database the demo company.
 * The demo is seeded at most once per database, even if the master deletes it later. Several
 * instances starting at once take turns: the first seeds, the others find it done.
 * `npm start` runs the two parts apart (`seedMaster` before it listens, `seedDemo` after); this is both.
 */
export async function seed(app: FastifyInstance): Promise<SeedReport> {
  const report = await seedMaster(app);
  const demo = (await demoDue(app)) ? await seedDemo(app) : undefined;
  return demo ? { ...report, demo } : report;
}

/** The master user, when the database has none: quick (one password hash), so it comes before the server listens. */
export function seedMaster(app: FastifyInstance): Promise<SeedReport> {
  return app.database.exclusively('seed', async () => {
    if (await masterExists(app.db)) return {};
    const email = (app.config.masterEmail ?? DEFAULT_MASTER_EMAIL).toLowerCase();
    const password = app.config.masterPassword ?? generatedPassword();
    await createMasterUser(app, { email, password });
    return { master: { email, generatedPassword: app.config.masterPassword ? undefined : password } };
  });
}

/** Whether this start seeds the demo company: SEED_DEMO on, no company yet, never seeded before. */
export async function demoDue(app: FastifyInstance): Promise<boolean> {
  return app.config.seedDemo && !(await databaseHasCompanies(app)) && !(await demoWasSeeded(app));
}

export type DemoUser = (typeof demoUsers)[number];

/** This start's demo users: the documented passwords, or generated ones (production: DEMO passwords never from the README). */
export const demoUsersFor = (app: FastifyInstance): DemoUser[] =>
  demoUsers.map((user) => (app.config.demoPasswords === 'generated' ? { ...user, password: generatedPassword() } : user));

/** The demo users' sign-in details, as the start-up block lists them. */
export const demoLogins = (users: readonly DemoUser[]) =>
  users.map((user) => ({ role: user.role, login: user.email ?? user.username ?? '', password: user.password }));

/**
 * The demo company with a day of production (tens of commands: the slow part of a first start,
 * which `npm start` runs after the console answers). Undefined when another instance seeded it meanwhile.
 */
export function seedDemo(app: FastifyInstance, users: readonly DemoUser[] = demoUsersFor(app)): Promise<SeedReport['demo']> {
  return app.database.exclusively('seed', async () => {
    if (!(await demoDue(app))) return undefined;
    const { companyId } = await provisionCompany(app, { companyName: DEMO_COMPANY_NAME, plan: 'demo', trialEndsAt: null, users: [...users] });
    const loginOf = (user: DemoUser) => ({ login: user.email ?? user.username ?? '', password: user.password });
    await seedDemoProduction(app, {
      owner: loginOf(users[0]),
      admin: loginOf(users[1]),
      operators: users.filter((user) => user.role === 'OPERATOR').map(loginOf),
    });
    await runAsPlatform(app, { actor: null, metadata: {} }, (ctx) => appendPlatformEvent(ctx, { type: 'DemoDataSeeded', data: { companyId } }));
    return { companyName: DEMO_COMPANY_NAME, users: demoLogins(users), passwordsGenerated: app.config.demoPasswords === 'generated' };
  });
}

/** Writes what a first start created to the log; passwords only go to the start-up block (startup-banner.ts), never to the log. */
export function logSeedReport(app: Pick<FastifyInstance, 'log'>, report: SeedReport): void {
  if (report.master) {
    const { email, generatedPassword: password } = report.master;
    if (password) app.log.warn({ email }, 'master user created with a generated password: it is printed once in the start-up block, never logged');
    else app.log.info({ email }, 'master user created from MASTER_EMAIL / MASTER_PASSWORD');
  }
  if (report.demo) {
    const users = report.demo.users.map(({ role, login }) => ({ role, login }));
    app.log.info({ company: report.demo.companyName, users }, 'demo company created; the passwords are in the start-up block');
  }
}
