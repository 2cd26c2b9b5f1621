import { Workbox } from 'workbox-window';

let registered = false;

/**
 * Registers the console's service worker (built by vite-plugin-pwa from vite.config.ts: Workbox
 * precaches the built assets and answers a navigation with the cached index.html, never /api), so
 * a reload of the station screen without network still opens it (docs/offline-station.md). Only
 * the station screen registers it, and only in a built console: the dev server has none.
 */
export function registerStationServiceWorker(): void {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.register().catch(() => {
    // No service worker (a private window, an old browser): the station works online as before.
  });
}
