import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBudgets } from '../../bench/web-budgets.js';
import { staticClosure, type Manifest } from '../../scripts/vite-manifest.js';
import { webDistDir } from '../../src/server/app.js';

// The JavaScript a page downloads, gzipped, from the built console's manifest (bench/web-budgets.ts,
// docs/performance.md). `npm run bench -- web` prints the same numbers with Lighthouse's scores.
describe('web budgets', () => {
  const results = measureBudgets(webDistDir);

  it.each(results.map((result) => [result.name, result] as const))('%s stays within its budget', (_name, result) => {
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.bytes, `${result.files.join(', ')}`).toBeLessThanOrEqual(result.budget);
  });

  it('keeps the console out of /login: no signed-in frame, data table, select or console texts', () => {
    const manifest = JSON.parse(readFileSync(path.join(webDistDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const login = results[1].files;
    expect(login).not.toContain(manifest['src/web/app/layout/layout.tsx'].file);
    expect(login.join(' ')).not.toMatch(/data-table|select-|texts-en-console|texts-de/);
  });

  it('keeps zod, the query library and react-aria out of /login: nothing the console providers bring beyond the entry', () => {
    const manifest = JSON.parse(readFileSync(path.join(webDistDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const files = (keys: string[]) => new Set([...staticClosure(manifest, keys)].map((key) => manifest[key].file));
    const entry = files(['index.html']);
    const consoleOnly = [...files(['src/web/app/console-providers.tsx'])].filter((file) => !entry.has(file));
    expect(consoleOnly.length).toBeGreaterThan(0);
    const login = results[1].files;
    expect(login.filter((file) => consoleOnly.includes(file))).toEqual([]);
    expect(login.join(' ')).not.toMatch(/assets\/zod-/);
  });

  it("keeps the other screens' code out of /home: no chart library, no orders, key figures or suggestions screens, no data table", () => {
    const home = results[2].files.join(' ');
    // The home board imports the boards' own files; through the features' indexes it got these chunks.
    expect(home).not.toMatch(/uPlot|assets\/(orders|key-figures|suggestions)-[\w-]{8}\.js/);
    // The home board is a plain table (ui/plain-table.tsx): react-aria's grid stays with the screens that sort and filter.
    expect(home).not.toMatch(/data-table-[\w-]{8}\.js/);
  });
});
