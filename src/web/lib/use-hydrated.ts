import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the build prerenders a page and while the browser hydrates that markup (src/web/prerender.tsx,
 * main.tsx), true from then on, and at once on a page the browser renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
