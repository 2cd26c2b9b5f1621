import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The suite runs with `isolate: false` (vitest.config.ts): the files of one worker share their loaded modules.
// That holds only while no test file replaces a module or a global for the files after it, so this check
// refuses the calls that would leak (docs/architecture.md, "Checks that keep it so").

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const leaking = /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\s*\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

/** The test files whose source replaces a module, the environment, a global or the timers. */
export function leakingFiles(files: readonly { file: string; source: string }[]): string[] {
  return files.filter(({ source }) => leaking.test(source)).map(({ file }) => file);
}

describe('test files share their modules (isolate: false)', () => {
  it('no test file mocks a module, stubs the environment or a global, or fakes the timers', () => {
    const files = [...testFiles(path.join(repoRoot, 'src')), ...testFiles(path.join(repoRoot, 'tests'))]
      .filter((file) => file !== path.join('src', 'test-suite.test.ts'))
      .map((file) => ({ file, source: readFileSync(path.join(repoRoot, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(200);
    expect(leakingFiles(files)).toEqual([]);
  });

  it('names a file that would leak into the next', () => {
    const source = ['vi.mock', "('./clock.js')"].join('');
    expect(
      leakingFiles([
        { file: 'a.test.ts', source },
        { file: 'b.test.ts', source: 'expect(1).toBe(1)' },
      ]),
    ).toEqual(['a.test.ts']);
  });
});
