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
 */
export function seed(app: FastifyInstance): Promise<SeedReport> {
  return app.database.exclusively('seed', () => seedNow(app));
}

async function seedNow(app: FastifyInstance): Promise<SeedReport> {
  const report: SeedReport = {};

  if (!(await masterExists(app.db))) {
    const email = (app.config.masterEmail ?? DEFAULT_MASTER_EMAIL).toLowerCase();
    const password = app.config.masterPassword ?? generatedPassword();
    await createMasterUser(app, { email, password });
    report.master = {
      email,
      generatedPassword: app.config.masterPassword ? undefined : password,
    };
  }

  if (app.config.seedDemo && !(await databaseHasCompanies(app)) && !(await demoWasSeeded(app))) {
    const users = demoUsers.map((user) => (app.config.demoPasswords === 'generated' ? { ...user, password: generatedPassword() } : user));
    const { companyId } = await provisionCompany(app, { companyName: DEMO_COMPANY_NAME, plan: 'demo', trialEndsAt: null, users });
    const loginOf = (user: (typeof users)[number]) => ({ login: user.email ?? user.username ?? '', password: user.password });
    await seedDemoProduction(app, {
      owner: loginOf(users[0]),
      admin: loginOf(users[1]),
      operators: users.filter((user) => user.role === 'OPERATOR').map(loginOf),
    });
    await runAsPlatform(app, { actor: null, metadata: {} }, (ctx) => appendPlatformEvent(ctx, { type: 'DemoDataSeeded', data: { companyId } }));
    report.demo = {
      companyName: DEMO_COMPANY_NAME,
      users: users.map((user) => ({ role: user.role, ...loginOf(user) })),
      passwordsGenerated: app.config.demoPasswords === 'generated',
    };
  }
  return report;
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
