// Vite's build manifest (`build.manifest: true`, dist/web/.vite/manifest.json) as the build's own
// steps read it: the prerender plugin in vite.config.ts (which stylesheets a prerendered page links)
// and the JavaScript budgets in bench/web-budgets.ts (which chunks a page downloads).

/** One chunk of the manifest, by its source key. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The keys of every chunk reached from `keys` through static imports: what loads with them. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}
