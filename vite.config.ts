import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The texts the public pages read (src/web/lib/i18n.ts, publicNamespaces): their own chunk per language.
const publicTexts = new Set(['common', 'auth', 'screens', 'errors', 'validation', 'message']);

/** One chunk of texts per language and tier (`texts-de-public`, `texts-de-console`) instead of one per file. */
function textsChunk(id: string): string | null {
  const match = /\/src\/web\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id);
  if (!match) return null;
  return `texts-${match[1]}-${publicTexts.has(match[2]) ? 'public' : 'console'}`;
}

// The API server's port: PORT as the server reads it, 3000 by default.
const apiServer = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// The console: index.html at the root is the entry; the API server serves dist/web in production.
export default defineConfig({
  // Brotli and gzip copies of every text asset beside it; the server sends the one the browser takes
  // (@fastify/static preCompressed). Images and fonts are compressed already.
  plugins: [
    react(),
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
        globIgnores: ['.vite/**', '**/*-cyrillic*', '**/*-greek*', '**/*-vietnamese*'],
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
});
