import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from '../../../src/server/app.js';
import { createTestApp, type TestApp } from '../../support/app.js';

// The built console as a browser gets it (`npm test` builds dist/web before the tests run).
let t: TestApp;
let scriptUrl: string;

beforeAll(async () => {
  if (!existsSync(path.join(webDistDir, 'index.html'))) throw new Error('dist/web is missing: run `npm run build` (npm test builds it first)');
  t = await createTestApp();
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  // The largest script index.html loads (its entry is a small facade; brotli needs a file above 1 KB).
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  scriptUrl = scripts.sort((a, b) => statSync(path.join(webDistDir, b)).size - statSync(path.join(webDistDir, a)).size)[0] ?? '';
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the console page', () => {
  it('is revalidated on every visit, so a new build reaches the browser at once', async () => {
    for (const url of ['/login', '/order/details/123']) {
      const page = await get(url, 'br, gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('the prerendered public pages', () => {
  const page = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });

  it('come as HTML in the language the browser asks for first, or the one the user chose, else English', async () => {
    const german = await page('/login', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-encoding']).toBe('br');
    expect(german.headers['cache-control']).toBe('no-cache');
    expect(String(german.headers.vary).toLowerCase()).toMatch(/accept-language.*cookie.*accept-encoding|accept-encoding.*accept-language/);
    const germanHtml = (await page('/login', { 'accept-encoding': 'identity', 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' })).payload;
    expect(germanHtml).toContain('<html lang="de">');
    expect(germanHtml).toContain('<title>Anmelden · Shopfloor Console</title>');
    expect(germanHtml).toMatch(/<div id="root" data-prerendered="\/login">.*<h1>Anmelden<\/h1>/s);

    const english = (await page('/login?next=1', { 'accept-encoding': 'identity', 'accept-language': 'en-US,en;q=0.9,de;q=0.8' })).payload;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Sign in</h1>');
    const preferredByQuality = (await page('/registration', { 'accept-encoding': 'identity', 'accept-language': 'fr;q=0.9,en;q=0.5,de;q=0.7' })).payload;
    expect(preferredByQuality).toContain('<html lang="de">');
    const unknown = (await page('/forgot-password', { 'accept-encoding': 'identity', 'accept-language': 'fr-FR' })).payload;
    expect(unknown).toContain('<html lang="en">');
    const chosen = (await page('/login', { 'accept-encoding': 'identity', 'accept-language': 'de', cookie: 'other=1; shopfloor.language=en' })).payload;
    expect(chosen).toContain('<html lang="en">');
  });

  it('start the console with its boot script and no inline script, so the CSP holds', async () => {
    const html = (await page('/login', { 'accept-encoding': 'identity' })).payload;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/src="\/assets\/boot-[^"]+\.js"/);
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
  });

  it("give the addresses inside the signed-in frame the frame's stand-in, in the user's language, started by the boot script", async () => {
    const home = await page('/home', { 'accept-language': 'de' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(String(home.headers.vary).toLowerCase()).toMatch(/accept-language.*cookie/);
    const german = (await page('/home', { 'accept-encoding': 'identity', 'accept-language': 'de' })).payload;
    expect(german).toContain('<html lang="de">');
    // The sidebar (English, as the real one) with the product's logo and a spinner where the screen goes; no screen,
    // no data, no one's name.
    expect(german).toMatch(
      /<div id="root" data-prerendered="frame">.*<aside class="sidebar" lang="en" aria-label="Sidebar">.*<img src="\/assets\/product-logo-[\w-]+\.svg" alt="Shopfloor Console logo"/s,
    );
    expect(german).toContain('aria-label="Wird geladen…"');
    const scripts = [...german.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual([expect.stringMatching(/src="\/assets\/boot-[^"]+\.js"/)]);
    // Every pattern of the frame's route table, with and without its optional record.
    // As the router matches: any case, a trailing slash, and "/" (which leads home).
    for (const url of [
      '/order/details/0b7f6a8e-1c55-4a8e-9d43-2f3c6f1e9a10',
      '/order/details',
      '/team/user-rights',
      '/customers?page=2',
      '/',
      '/HOME',
      '/home/',
    ]) {
      const chosen = (await page(url, { 'accept-encoding': 'identity', cookie: 'shopfloor.language=en' })).payload;
      expect(chosen, url).toContain('data-prerendered="frame"');
      expect(chosen, url).toContain('<html lang="en">');
    }
  });

  it('leave every other address to the console page', async () => {
    // The station, display and tracking screens, an unknown address, and one the router gives a station route before a
    // frame pattern that fits it too (`/station/:id/login` before `/station/edit-production-station/:id?`).
    const others = ['/station/0b7f6a8e-1c55-4a8e-9d43-2f3c6f1e9a10/work', '/order/advertisement', '/tracking/abc', '/no-such-page', '/home/extra'];
    for (const url of [...others, '/station/edit-production-station/login']) {
      const other = await page(url, { 'accept-encoding': 'identity', 'accept-language': 'de' });
      expect(other.payload, url).toContain('<div id="root"></div>');
    }
  });
});

describe('hashed assets', () => {
  it('are cached for a year as immutable', async () => {
    expect(scriptUrl).toMatch(/^\/assets\/.+\.js$/);
    const script = await get(scriptUrl);
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('come precompressed in the encoding the browser takes: brotli first, then gzip, else plain', async () => {
    const brotli = await get(scriptUrl, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    const plain = await get(scriptUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await get(scriptUrl, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
  });
});

describe('API answers', () => {
  it('are gzip-compressed above 1 KB when the client takes it, and left alone below', async () => {
    const large = await get('/api/docs/json', 'gzip');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get('/api/health', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

describe('fonts', () => {
  it('ships Inter as woff2 only, in the four weights the design uses, and preloads the regular latin file', async () => {
    const assets = readdirSync(path.join(webDistDir, 'assets'));
    const fonts = assets.filter((file) => /\.(woff2?|ttf|otf)$/.test(file));
    expect(fonts.every((file) => file.endsWith('.woff2'))).toBe(true);
    expect(fonts.map((file) => /inter-(latin(?:-ext)?)-(\d+)-normal/.exec(file)?.slice(1).join('-')).sort()).toEqual(
      ['latin-400', 'latin-500', 'latin-600', 'latin-700', 'latin-ext-400', 'latin-ext-500', 'latin-ext-600', 'latin-ext-700'].sort(),
    );
    const page = (await get('/login')).payload;
    const preload = /<link rel="preload" as="font" type="font\/woff2" crossorigin href="(\/assets\/inter-latin-400-normal-[^"]+\.woff2)"/.exec(page)?.[1];
    expect(preload).toBeDefined();
    const font = await get(preload ?? '');
    expect(font.statusCode).toBe(200);
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
