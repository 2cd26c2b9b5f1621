import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modules } from './modules.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Db } from './platform/db.js';
import { defineModule, platformRequires, portsOf, resolveListPorts, resolvePorts, type ModuleManifest, type PortDeps } from './platform/module.js';

// The architecture test of docs/architecture.md ("Checks that keep it so"): every module folder has a
// manifest in the one list, modules meet only through each other's index.ts, every required port
// has a provider, and list ports gather every module's contributions. Each check is a function of its input, shown failing on a broken input below.

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(serverDir, 'modules');
const repoRoot = path.resolve(serverDir, '../..');

/** The module folders without a manifest in the list, and the manifests without a folder. */
function unlistedModules(folders: readonly string[], list: readonly Pick<ModuleManifest, 'name'>[]): { withoutManifest: string[]; withoutFolder: string[] } {
  const names = new Set(list.map((manifest) => manifest.name));
  return {
    withoutManifest: folders.filter((folder) => !names.has(folder)),
    withoutFolder: [...names].filter((name) => !folders.includes(name)),
  };
}

const importPattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/**
 * Imports (`from '...'`, `import '...'`, `import('...')`) of a file that reach into another module's
 * folder for anything but its index.ts. `file` is relative to the repository root.
 */
function internalImports(file: string, source: string): string[] {
  const own = /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
  const found: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1];
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const reached = /^src\/server\/modules\/([^/]+)\/(.+)$/.exec(target);
    if (!reached || reached[1] === own || reached[2] === 'index.js' || reached[2] === 'index.ts') continue;
    found.push(`${file} imports ${specifier}`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const moduleFolders = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());

// Building a port touches neither the database nor the clock (providers only close over them); identity derives its keys from the secret.
const portDeps = { config: { jwtSecret: 'architecture-test-secret-long-enough-for-hs256' } as Config, db: {} as Db, clock: {} as Clock } satisfies PortDeps;

describe('every module has a manifest in the list (modules.ts)', () => {
  it('lists each folder of src/server/modules once, by its name', () => {
    expect(unlistedModules(moduleFolders, modules)).toEqual({ withoutManifest: [], withoutFolder: [] });
    expect(new Set(modules.map((manifest) => manifest.name)).size).toBe(modules.length);
  });

  it('fails on a module folder the list leaves out', () => {
    expect(unlistedModules([...moduleFolders, 'a-folder-without-manifest'], modules).withoutManifest).toEqual(['a-folder-without-manifest']);
    expect(unlistedModules(moduleFolders, modules.slice(1)).withoutManifest).toEqual([modules[0].name]);
  });
});

describe('modules meet only through index.ts', () => {
  it('no module, app file or worker imports another module but through its index.ts', () => {
    const files = [...sourceFiles(serverDir), ...sourceFiles(path.join(repoRoot, 'workers'))];
    const found = files.flatMap((full) => internalImports(path.relative(repoRoot, full).split(path.sep).join('/'), readFileSync(full, 'utf8')));
    expect(found).toEqual([]);
  });

  it("fails on an import of another module's internals, and lets its own files and an index.ts pass", () => {
    const file = 'src/server/modules/shipments/shipments.queries.ts';
    expect(internalImports(file, "import { orderSummariesOf } from '../orders/orders.queries.js';")).toEqual([`${file} imports ../orders/orders.queries.js`]);
    expect(internalImports('src/server/app.ts', "const m = await import('./modules/orders/orders.routes.js');")).toEqual([
      'src/server/app.ts imports ./modules/orders/orders.routes.js',
    ]);
    expect(internalImports(file, "import { orderSummariesOf } from '../orders/index.js';\nimport { x } from './shipments.tables.js';")).toEqual([]);
  });
});

describe('ports are resolved from the manifests', () => {
  it('finds a provider for every port the platform and the modules require', () => {
    const ports = resolvePorts(modules, portDeps, platformRequires);
    const required = new Set([...platformRequires.map((requirement) => requirement.port), ...modules.flatMap((manifest) => manifest.requires)]);
    // A port is a function, or an object of functions (labour's `labourTimeReader`).
    for (const port of required) expect(['function', 'object'], port).toContain(typeof ports[port]);
    for (const port of required) expect(ports[port], port).not.toBeNull();
  });

  it('fails with one line naming the port and who requires it when a provider is missing', () => {
    const withoutOrders = modules.filter((manifest) => manifest.name !== 'orders');
    expect(() => resolvePorts(withoutOrders, portDeps, platformRequires)).toThrow(
      new Error('Port inProductionCheck required by module materials has no provider'),
    );
    expect(() => resolvePorts([], portDeps, platformRequires)).toThrow(new Error('Port tokenCheck required by the auth plugin has no provider'));
  });

  it('refuses two providers of one port and two manifests of one name', () => {
    const team = modules.find((manifest) => manifest.name === 'team');
    if (!team) throw new Error('no team module');
    expect(() => resolvePorts([...modules, { ...team, name: 'second-team' }], portDeps)).toThrow(
      new Error('Port changeRightCheck is provided by both team and second-team'),
    );
    expect(() => resolvePorts([team, team], portDeps)).toThrow(new Error('Module team is listed twice'));
  });

  it('gathers every contribution to a list port, in the order of the list, and gives a collected list without one as empty', () => {
    const ports = resolvePorts(modules, portDeps, platformRequires);
    const collected = modules.flatMap((manifest) => manifest.collects ?? []);
    expect(collected).toEqual(expect.arrayContaining(['entryUsageReaders', 'recordedFolders']));
    for (const port of collected) expect(Array.isArray(ports[port]), port).toBe(true);
    expect(ports.recordedFolders.map((recorded) => recorded.folder)).toEqual(['documents']);
    expect(ports.entryUsageReaders).toHaveLength(modules.flatMap((manifest) => manifest.contributes?.entryUsageReaders ?? []).length);
    expect(ports.entryUsageReaders.length).toBeGreaterThan(0);

    const reader = async () => new Map<string, number>();
    const lists = resolveListPorts([
      { collects: ['entryUsageReaders', 'recordedFolders'] },
      { contributes: { entryUsageReaders: [reader] } },
      { contributes: { entryUsageReaders: [reader, reader] } },
    ]);
    expect(lists.entryUsageReaders).toEqual([reader, reader, reader]);
    expect(lists.recordedFolders).toEqual([]);
  });

  it("gives a module's plugin exactly the ports it requires and collects", () => {
    const team = modules.find((manifest) => manifest.name === 'team');
    if (!team) throw new Error('no team module');
    const ports = resolvePorts(modules, portDeps, platformRequires);
    expect(Object.keys(portsOf(team, ports))).toEqual(['labourTimeReader', 'entryUsageReaders']);
  });

  it("gives a module's plugin exactly the ports it requires, typed", () => {
    const example = defineModule({
      name: 'example',
      requires: ['worklistReader'],
      collects: ['recordedFolders'],
      provides: {},
      plugin: async (_app, { ports }) => {
        expect(typeof ports.worklistReader).toBe('function');
        expect(Array.isArray(ports.recordedFolders)).toBe(true);
        // @ts-expect-error a port the module does not require is not given to it
        expect(ports.tokenCheck).toBeUndefined();
      },
      openApi: { tags: [] },
      liveTopics: [],
      liveRules: {},
    });
    expect(example.requires).toEqual(['worklistReader']);
  });
});

describe("a manifest's live topics", () => {
  it('names every stream type of the domain in exactly one module', () => {
    const declared = sourceFiles(path.join(repoRoot, 'src/domain')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export const \w+_STREAM_TYPE\b[^=]*=\s*'([\w-]+)'/g)].map((match) => match[1]),
    );
    const listed = modules.flatMap((manifest) => manifest.liveTopics);
    expect([...listed].sort()).toEqual([...declared].sort());
  });
});
