import type { SeedReport } from './seed.js';

export interface BannerFacts {
  /** Where to open the console. */
  url: string;
  /** The API's own address, when the console is served elsewhere (`npm run dev`: Vite). */
  apiUrl?: string;
  /** `embedded` with its folder, or `postgres` (DATABASE_URL). */
  database: { kind: 'embedded'; dataDir: string } | { kind: 'postgres' };
  /** Jobs on BullMQ need `npm run worker`; without REDIS_URL they run in the server process. */
  jobs: 'redis' | 'in-process';
  seed: SeedReport;
  /** The demo company is being seeded in the background (first start): its sign-ins work once it is ready. */
  demoPreparing?: { users: { role: string; login: string; password: string }[]; passwordsGenerated?: boolean };
  /** Seconds from the process start until the console answered. */
  readySeconds?: number;
}

/**
 * The short human block `npm start` prints once the console answers: where it is, what it runs on,
 * and how to sign in. The generated master password appears here once, never again.
 */
export function startupBanner(facts: BannerFacts): string {
  const rows: [string, string][] = [
    ['Console', facts.url],
    ...(facts.apiUrl ? [['API', facts.apiUrl] as [string, string]] : []),
    ['Database', facts.database.kind === 'embedded' ? `embedded PostgreSQL in ${facts.database.dataDir}` : 'PostgreSQL (DATABASE_URL)'],
    ['Jobs', facts.jobs === 'redis' ? 'BullMQ on Redis (REDIS_URL): start `npm run worker` to run them' : 'in the server process (no REDIS_URL)'],
  ];
  const { master, demo } = facts.seed;
  if (master?.generatedPassword) rows.push(['Master user', `${master.email} / ${master.generatedPassword}  (generated: note it now, it is not shown again)`]);
  else if (master) rows.push(['Master user', `${master.email} (password from MASTER_PASSWORD)`]);
  const generated = demo?.passwordsGenerated ?? facts.demoPreparing?.passwordsGenerated;
  const generatedNote = generated ? '  (generated: note it now, it is not shown again)' : '';
  if (facts.demoPreparing)
    rows.push(['Demo company', 'being prepared in the background (about a minute): its sign-ins below work once "Demo company ready" follows']);
  for (const user of demo?.users ?? facts.demoPreparing?.users ?? [])
    rows.push([`Demo ${user.role.toLowerCase().replace('_', ' ')}`, `${user.login} / ${user.password}${generatedNote}`]);
  if (facts.readySeconds !== undefined) rows.push(['Ready in', `${facts.readySeconds.toFixed(1)} s`]);
  if (!master && !demo && !facts.demoPreparing) rows.push(['Sign in', 'with your own accounts (master and demo were created on an earlier start; see README)']);

  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  return ['', 'Shopfloor Console is ready', ...lines, ''].join('\n');
}
