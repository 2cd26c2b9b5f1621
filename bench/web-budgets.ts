// The console's JavaScript budgets, measured from Vite's manifest (dist/web/.vite/manifest.json) and the
// gzip files the build writes beside each chunk (vite-plugin-compression2): what a browser downloads,
// gzip-compressed, for a page. Read by bench/web.bench.ts (`npm run bench -- web`) and by
// tests/browser/web-budgets.test.ts, which fails when a budget is exceeded. docs/performance.md.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticClosure, type Manifest } from '../scripts/vite-manifest.js';

export interface BudgetResult {
  /** What is measured, e.g. `/login: entry (index.html's scripts)`. */
  name: string;
  /** Gzipped bytes of the JavaScript. */
  bytes: number;
  /** The budget in gzipped bytes. */
  budget: number;
  /** The files counted. */
  files: string[];
}

const KB = 1000;

/**
 * The budgets, gzipped. `/login` entry: the scripts index.html loads before the app starts (the entry
 * and its static imports). `/login`: all the sign-in page needs to be usable: the entry, the auth page
 * and the sign-in form, and the English public texts (the prerendered sign-in paints before any of it arrives). `/home`: a signed-in first visit: the entry, the
 * console's providers (query client, react-aria's), the signed-in frame (sidebar, header), the home board and all English texts.
 * Issue 16 asks 120 KB for /login and 220 KB for /home (both met); the numbers here are what the console meets today with
 * a little room (docs/performance.md says what is in each page), so a change that makes a page heavier fails.
 */
export const budgets = {
  // 108.07 KB once the text loader hands a namespace's parts to i18next one by one (below); 108.6 KB with the routes
  // of lots and the CSV import and their error codes (28 Nov, evening); 106.19 KB once the errors' English texts are the
  // server's alone (src/server/platform/error-messages.ts; the shared catalogue keeps codes and statuses).
  loginEntry: 107 * KB,
  // 120.9 KB after the form's live text limits (issue 25 item 15) reached the shared form hook the auth pages load,
  // 121.5 KB once the sign-in takes the user's stored language (its texts switch at sign-in): over issue 16's
  // 120 KB target by 1.5 KB, left to win back (docs/performance.md, Budgets). 122.8 KB once the public texts carry
  // the error and validation messages of labour time, API keys and partial shipments (28 Nov); 124.2 KB with those of
  // costing, the plan, the quality loop, webhooks and machines (28 Nov, later). 119.94 KB once the public texts are only
  // the parts of common, errors, screens and validation a public page reads (`*.public.json`, lib/i18n.ts): issue 16 met.
  // 120.37 KB once the entry carries the routes and error codes of lots and the CSV import (28 Nov, evening): over
  // issue 16's 120 KB by 0.37 KB again. 117.94 KB once the errors' English texts left the entry (the server's alone):
  // issue 16's 120 KB met again, the budget is the target.
  login: 120 * KB,
  // 200.4 KB with the texts of labour time, API keys and partial shipments; 208.3 KB with those of costing, the plan,
  // the quality loop, webhooks and machines (all English texts load at sign-in; issue 16's 220 KB still met); 212.4 KB
  // with the texts of lots and the CSV import; 209.92 KB once the errors' English texts are the server's alone.
  home: 211 * KB,
} as const;

/** Targets of issue 16 (KB gzip), printed beside the budgets. */
export const issueTargets = { login: 120 * KB, home: 220 * KB } as const;

function gzippedSize(dir: string, file: string): number {
  const gz = path.join(dir, `${file}.gz`);
  // The build writes a .gz beside files above 1 KB; smaller ones are compressed here the same way.
  return existsSync(gz) ? statSync(gz).size : gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
}

/** The key of the chunk a dynamic import of `chunk` whose file matches `pattern` loads. */
function dynamicImportOf(manifest: Manifest, chunk: string, pattern: RegExp): string {
  const found = (manifest[chunk]?.dynamicImports ?? []).find((key) => pattern.test(manifest[key]?.file ?? key));
  if (!found) throw new Error(`${chunk} has no dynamic import matching ${pattern}`);
  return found;
}

function keyOf(manifest: Manifest, pattern: RegExp): string {
  const found = Object.keys(manifest).find((key) => pattern.test(key) || pattern.test(manifest[key].file));
  if (!found) throw new Error(`no chunk matches ${pattern} in the manifest`);
  return found;
}

/** Measures the budgets of a build (default dist/web). */
export function measureBudgets(webDir: string): BudgetResult[] {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = keyOf(manifest, /^index\.html$/);
  const authPage = keyOf(manifest, /app\/pages\/auth-page\.tsx$/);
  const loginScreen = dynamicImportOf(manifest, authPage, /login-screen/);
  const layout = keyOf(manifest, /app\/layout\/layout\.tsx$/);
  const consoleProviders = keyOf(manifest, /app\/console-providers\.tsx$/);
  const homePage = keyOf(manifest, /app\/pages\/home-page\.tsx$/);
  const publicTexts = keyOf(manifest, /texts-en-public/);
  const consoleTexts = keyOf(manifest, /texts-en-console/);

  const measure = (name: string, budget: number, keys: string[]): BudgetResult => {
    const files = [...staticClosure(manifest, keys)].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    return { name, budget, files, bytes: files.reduce((sum, file) => sum + gzippedSize(webDir, file), 0) };
  };
  return [
    measure("/login: entry (index.html's scripts)", budgets.loginEntry, [entry]),
    measure('/login: usable (entry, auth page, sign-in form, public texts)', budgets.login, [entry, authPage, loginScreen, publicTexts]),
    measure('/home signed in (entry, frame, home board, all texts)', budgets.home, [entry, consoleProviders, layout, homePage, publicTexts, consoleTexts]),
  ];
}
