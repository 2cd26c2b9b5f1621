import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { staticClosure, type Manifest } from './scripts/vite-manifest.js';

// The text files the public pages read (src/web/lib/i18n.ts, publicTexts): their own chunk per language.
const publicTexts = new Set(['common.public', 'auth', 'message', 'errors.public', 'screens.public', 'validation.public']);

/** One chunk of texts per language and tier (`texts-de-public`, `texts-de-console`) instead of one per file. */
function textsChunk(id: string): string | null {
  const match = /\/src\/web\/locales\/(\w+)\/([\w.-]+)\.json$/.exec(id);
  if (!match) return null;
  return `texts-${match[1]}-${publicTexts.has(match[2]) ? 'public' : 'console'}`;
}

/** The prerender module's contract (src/web/prerender.tsx), as built for node. */
interface PrerenderModule {
  prerenderedPages: readonly { path: string; screenFile: string }[];
  languages: readonly string[];
  renderPublicPage: (path: string, language: string) => Promise<{ html: string; title: string }>;
  framePaths: { frame: readonly string[]; before: readonly string[] };
  renderFrame: (language: string) => Promise<{ html: string; title: string }>;
}

/**
 * The sign-in and the pages it links to as HTML, per language, so their first paint needs no JavaScript, and the
 * signed-in frame's stand-in (`prerendered/frame/<lang>.html`, with the addresses inside the frame in `paths.json`):
 * after the console's build, src/web/prerender.tsx is built for node (same config, so asset names agree)
 * and renders each page with the real components into a copy of index.html with the page's stylesheets,
 * started by boot.ts instead of index.html's script: `prerendered/<page>.<lang>.html` (brotli and gzip
 * beside it). The server sends the copy of the visitor's language; main.tsx hydrates it (docs/performance.md).
 */
function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'shopfloor:prerender-public-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Inside the project, so the built module finds node_modules.
      const serverDir = path.join(root, 'dist', `prerender-${process.pid}`);
      try {
        await build({
          root,
          configFile: path.join(root, 'vite.config.ts'),
          logLevel: 'warn',
          build: {
            ssr: 'src/web/prerender.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            manifest: false,
            copyPublicDir: false,
            // The logo as the console's build has it (a file, index.html's icon), not inlined: hydration compares.
            assetsInlineLimit: 0,
          },
        });
        const module = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as PrerenderModule;
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const inTemplate = (file: string) => template.includes(`/${file}"`);
        const closure = (keys: string[]) => [...staticClosure(manifest, keys)].map((key) => manifest[key]);
        const authPage = Object.keys(manifest).find((key) => key.endsWith('app/pages/auth-page.tsx'));
        if (!authPage) throw new Error('prerender: the manifest has no auth page');
        mkdirSync(path.join(outDir, 'prerendered', 'frame'), { recursive: true });
        /**
         * index.html with a page's markup in #root (named by `prerendered`), in `language`, its stylesheets, started by
         * boot.ts; written with its brotli and gzip copies. `bodyFontOnly`: the body weight only is preloaded, the markup
         * paints in the fallback until the others arrive (font-display: swap) without waiting for them; index.html (and
         * the frame, which the console replaces) preloads the headings' and labels' weights too, so the console renders
         * in them at once (no shift when they swap in).
         */
        const writePage = (
          file: string,
          page: { html: string; title: string },
          options: { prerendered: string; language: string; stylesheets: string[]; bodyFontOnly: boolean },
        ) => {
          const fonts = options.bodyFontOnly ? template.replace(/\s*<link rel="preload" as="font"[^>]*inter-latin-[5-9]00-[^>]*>/g, '') : template;
          const document = fonts
            // The markup paints without the scripts: boot.ts asks for them after the first frame.
            .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
            .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => `<script type="module" crossorigin src="/${boot.file}"></script>`)
            .replace('<html lang="en">', `<html lang="${options.language}">`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`)
            .replace('</head>', () => `  ${options.stylesheets.join('\n    ')}\n  </head>`)
            .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${options.prerendered}">${page.html}</div>`);
          writeFileSync(file, document);
          writeFileSync(`${file}.gz`, gzipSync(document, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(document));
        };
        const boot = manifest['src/web/boot.ts'];
        for (const page of module.prerenderedPages) {
          const screen = (manifest[authPage].dynamicImports ?? []).find((key) => manifest[key].file.includes(`/${page.screenFile}-`));
          if (!screen) throw new Error(`prerender: auth-page has no chunk for ${page.screenFile}`);
          for (const language of module.languages) {
            const chunks = closure([authPage, screen]);
            const stylesheets = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []).filter((file) => !inTemplate(file)))].map(
              (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
            );
            const file = path.join(outDir, 'prerendered', `${page.path.slice(1)}.${language}.html`);
            writePage(file, await module.renderPublicPage(page.path, language), { prerendered: page.path, language, stylesheets, bodyFontOnly: true });
          }
        }
        // The signed-in frame's stand-in (its styles are the entry's), per language, and the addresses it is for: the
        // server sends it to every address inside the frame, so the frame paints before the console's scripts run.
        for (const language of module.languages) {
          const file = path.join(outDir, 'prerendered', 'frame', `${language}.html`);
          writePage(file, await module.renderFrame(language), { prerendered: 'frame', language, stylesheets: [], bodyFontOnly: false });
        }
        writeFileSync(path.join(outDir, 'prerendered', 'frame', 'paths.json'), `${JSON.stringify(module.framePaths)}\n`);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

// The API server's port: PORT as the server reads it, 3000 by default.
const apiServer = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// The console: index.html at the root is the entry; the API server serves dist/web in production.
// The build for node that prerenders the public pages (isSsrBuild) has the React plugin only.
export default defineConfig(({ isSsrBuild }) => ({
  // Brotli and gzip copies of every text asset beside it; the server sends the one the browser takes
  // (@fastify/static preCompressed). Images and fonts are compressed already.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        prerenderPublicPages(),
        compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt|map)$/, threshold: 1024 }),
        // The service worker (Workbox): the built console precached, so a station screen reloads without
        // network; navigations answered with the cached index.html, never /api. The station screen
        // registers it (features/stations/offline/service-worker.ts); the dev server has none.
        VitePWA({
          injectRegister: false,
          registerType: 'autoUpdate',
          manifest: false,
          workbox: {
            globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
            // Latin fonts only: the other subsets are not needed to open the station screen.
            globIgnores: ['.vite/**', 'prerendered/**', '**/*-cyrillic*', '**/*-greek*', '**/*-vietnamese*'],
            navigateFallback: '/index.html',
            navigateFallbackDenylist: [/^\/api(\/|$)/],
            cleanupOutdatedCaches: true,
            clientsClaim: true,
            skipWaiting: true,
          },
        }),
      ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // dist/web/.vite/manifest.json: which chunks a page loads, read by the size budgets (docs/performance.md).
    manifest: true,
    rolldownOptions: {
      // The prerendered pages start the console with boot.ts instead of index.html's script (prerenderPublicPages).
      input: isSsrBuild ? undefined : { index: 'index.html', boot: 'src/web/boot.ts' },
      output: {
        codeSplitting: {
          groups: [
            { name: textsChunk, debugName: 'texts', test: /\/src\/web\/locales\/.*\.json$/ },
            // zod with its configuration (lib/zod-config.ts: no eval under the CSP), so the configuration runs
            // before any chunk that builds a schema.
            { name: 'zod', test: /\/node_modules\/zod\/|\/src\/web\/lib\/zod-config\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api/live': { target: apiServer, ws: true },
      '/api': { target: apiServer },
    },
  },
}));
