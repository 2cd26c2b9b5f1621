import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 24: no function in src/server over 120 lines (a route file registers its routes per resource, a
// platform service is a few named steps). Tests are not counted: a describe block is a list, not a unit.

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(serverDir, '../..');
const maxLines = 120;

/** Lines of the body of every function, arrow function, method, accessor and constructor over `limit`, as `file:line name (n lines)`. */
function longFunctions(file: string, source: string, limit = maxLines): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const lines = lineOf(body.getEnd()) - lineOf(body.getStart(sourceFile)) + 1;
      if (lines > limit) found.push(`${file}:${lineOf(node.getStart(sourceFile))} ${nameOf(node)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 60)}`;
  return '(anonymous)';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('function length in src/server', () => {
  it('finds a function, an arrow and a method over the limit, and not one at it', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const source = [
      `export function tooLong() {\n${body(4)}\n}`,
      `const atLimit = () => {\n${body(3)}\n};`,
      `class Routes {\n  register() {\n${body(5)}\n  }\n}`,
      `app.get('/x', async () => {\n${body(4)}\n});`,
    ].join('\n');
    expect(longFunctions('example.ts', source, 3)).toEqual([
      'example.ts:1 tooLong (4 lines)',
      'example.ts:9 register (5 lines)',
      'example.ts:15 callback of app.get (4 lines)',
    ]);
  });

  // Parsing every file of src/server takes a few seconds, more on a loaded machine.
  it(`has no function over ${maxLines} lines`, { timeout: 60_000 }, () => {
    const offenders = sourceFiles(serverDir).flatMap((file) => longFunctions(path.relative(repoRoot, file), readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
