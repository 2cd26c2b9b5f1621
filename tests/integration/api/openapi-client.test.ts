import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

// The OpenAPI document as tools read it (docs/api.md): operation ids, tags, descriptions, shared
// components, and a TypeScript client generated from it (openapi-typescript) that typechecks.

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
};
type Document = {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as unknown as Document;
  dir = mkdtempSync(path.join(tmpdir(), 'shopfloor-openapi-client-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, operation]) => ({ url, method, operation })));

/** Typechecks `client.ts` beside the generated `schema.d.ts`; answers the diagnostics as text. */
function typecheck(client: string): string[] {
  const file = path.join(dir, 'client.ts');
  writeFileSync(file, client);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the OpenAPI document', () => {
  it('gives every operation a unique camelCase operationId, a defined tag, a summary and a description', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const defined = new Set((document.tags ?? []).map((tag) => tag.name));
    expect((document.tags ?? []).filter((tag) => !tag.description)).toEqual([]);
    expect(all.filter(({ operation }) => !operation.tags?.length || operation.tags.some((tag) => !defined.has(tag))).map(({ url }) => url)).toEqual([]);
    expect(all.filter(({ operation }) => !operation.summary || !operation.description).map(({ method, url }) => `${method} ${url}`)).toEqual([]);
  });

  it('names shared answers as components and says who may call an operation', () => {
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Error', 'OrderView', 'SessionView', 'SuggestionPage']));
    const getOrder = document.paths['/api/orders/{id}'].get;
    expect(getOrder.operationId).toBe('getOrdersById');
    expect(getOrder.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(getOrder.description).toContain('Without a valid token or key: 401.');
    expect(document.paths['/api/auth/authenticate'].post.description).toContain('Access: anyone, no sign-in.');
    expect(document.paths['/api/auth/authenticate'].post.security).toBeUndefined();
    // A route whose right depends on its body still says it needs a sign-in (issue 26).
    const requestDocument = document.paths['/api/documents'].post;
    expect(requestDocument.description).not.toContain('anyone');
    expect(requestDocument.description).toContain('Without a valid token or key: 401.');
    expect(requestDocument.description).toContain('change right of the subject');
    expect(requestDocument.security).toEqual([{ bearer: [] }]);
  });

  it('offers the optional Idempotency-Key header on every signed-in write, and on nothing else', () => {
    const hasKey = (operation: Operation) =>
      (operation.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key' && !parameter.required);
    const writes = operations().filter(({ method, operation }) => ['post', 'put', 'patch', 'delete'].includes(method) && operation.security);
    expect(writes.length).toBeGreaterThan(50);
    expect(writes.filter(({ operation }) => !hasKey(operation)).map(({ method, url }) => `${method} ${url}`)).toEqual([]);
    expect(hasKey(document.paths['/api/orders/{id}'].get)).toBe(false);
    expect(hasKey(document.paths['/api/auth/authenticate'].post)).toBe(false);
  });

  it('generates a TypeScript client (openapi-typescript) that typechecks, and refuses a wrong use', async () => {
    const ast = await openapiTS(document as never);
    writeFileSync(path.join(dir, 'schema.d.ts'), astToString(ast));
    const client = `
      import type { components, operations, paths } from './schema';

      type OrderView = components['schemas']['OrderView'];
      type SignIn = paths['/api/auth/authenticate']['post']['requestBody']['content']['application/json'];
      type SignedIn = operations['postAuthAuthenticate']['responses'][200]['content']['application/json'];
      type Failure = components['schemas']['Error'];

      const signIn: SignIn = { usernameOrEmail: 'owner@example.com', password: 'Secret#Password1' };
      export async function orderNumber(fetchJson: (url: string, init?: unknown) => Promise<unknown>, id: string): Promise<string> {
        const session = (await fetchJson('/api/auth/authenticate', { method: 'POST', body: JSON.stringify(signIn) })) as SignedIn;
        const order = (await fetchJson(\`/api/orders/\${id}\`, { headers: { authorization: \`Bearer \${session.access_token}\` } })) as OrderView;
        return order.orderNumber;
      }
      export const codeOf = (failure: Failure): string => failure.error.code;
    `;
    expect(typecheck(client)).toEqual([]);
    // The types are real: a field the answer does not have is an error.
    const wrong = typecheck(`
      import type { components } from './schema';
      export const nope = (order: components['schemas']['OrderView']): string => order.noSuchField;
    `);
    expect(wrong.join('\n')).toContain("Property 'noSuchField' does not exist");
  }, 180_000);
});
