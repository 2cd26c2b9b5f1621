import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API contract is written once: an answer's type is `z.infer` of the domain's answer schema
 * (`src/domain/<module>/<module>.views.ts`), imported or aliased by the feature. A feature's api
 * files may declare shapes of their own only for what they send (a list query, an input, an action's
 * target) and the console's own state; everything else there is a hand-written answer type.
 */
const featuresDir = join(__dirname);

/** Declared names a feature's api may own: what it sends, not what the server answers. */
const requestShape = /(Query|Input|Credentials|Target)$/;
/** The console's own state built from answers (not an answer): why it is here. */
const consoleState = new Set(['StationTargets']);

function apiFiles(): string[] {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((feature) => {
      const api = join(featuresDir, feature.name, 'api');
      try {
        return readdirSync(api)
          .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
          .map((name) => join(api, name));
      } catch {
        return [];
      }
    });
}

/** `interface X` and `type X = {` / `type X = | {` (an object shape written out), with their names. */
function declaredShapes(source: string): string[] {
  const interfaces = [...source.matchAll(/^\s*(?:export\s+)?interface\s+(\w+)/gm)].map((match) => match[1]);
  const objectTypes = [...source.matchAll(/^\s*(?:export\s+)?type\s+(\w+)(?:<[^=]*>)?\s*=\s*\|?\s*\{/gm)].map((match) => match[1]);
  return [...interfaces, ...objectTypes];
}

describe('answer types come from the domain', () => {
  it('finds the api files it checks', () => {
    expect(apiFiles().length).toBeGreaterThan(5);
  });

  it('has no hand-written answer type in a feature api', () => {
    const handWritten = apiFiles().flatMap((file) =>
      declaredShapes(readFileSync(file, 'utf8'))
        .filter((name) => !requestShape.test(name) && !consoleState.has(name))
        .map((name) => `${relative(featuresDir, file)}: ${name}`),
    );
    expect(handWritten).toEqual([]);
  });

  it('notices a hand-written answer type', () => {
    expect(declaredShapes('export interface OrderView {\n  id: string;\n}\nexport type Stage = | { kind: "wip" };')).toEqual(['OrderView', 'Stage']);
  });
});
