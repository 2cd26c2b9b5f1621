import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Set while a reload after a failed page download is under way, so a broken deploy cannot loop. */
export const chunkReloadFlagKey = 'shopfloor.chunkReload';

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(chunkReloadFlagKey) !== null;
  } catch {
    return true;
  }
}

function writeFlag(set: boolean): void {
  try {
    if (set) sessionStorage.setItem(chunkReloadFlagKey, '1');
    else sessionStorage.removeItem(chunkReloadFlagKey);
  } catch {
    // Without sessionStorage there is no reload; the error boundary shows the failure instead.
  }
}

/**
 * A page loaded on demand. When its file cannot be downloaded (typically a new deploy replaced
 * the old files), the page reloads once; if that fails too, the error reaches the error boundary.
 */
export function lazyPage<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  const page = lazy(async () => {
    try {
      const page = await load();
      writeFlag(false);
      return page;
    } catch (error) {
      if (readFlag()) throw error;
      writeFlag(true);
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
  });
  // Starts the download early (main.tsx, for the page of the address); a failure is left to the render.
  return Object.assign(page, { preload: () => void load().catch(() => undefined) });
}

/** A page loaded on demand whose download can start before it renders. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };
