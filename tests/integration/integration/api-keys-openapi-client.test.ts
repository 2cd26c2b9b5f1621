import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';

// Another system's view (issue 31): a client generated from the OpenAPI document (openapi-typescript
// types, openapi-fetch requests) creates a material and an order with an API key, over HTTP.

type Operation = { security?: unknown[]; description?: string };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> };
};

let t: TestApp;
let company: TestCompany;
let document: Document;
let dir: string;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
  document = t.app.swagger() as unknown as Document;
  dir = mkdtempSync(path.join(tmpdir(), 'shopfloor-api-key-client-'));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The client as another system would write it against the generated types: typed paths, bodies and answers. */
const clientSource = `
  import type createClientType from 'openapi-fetch';
  import type { paths } from './schema';

  export async function materialAndOrder(createClient: typeof createClientType, baseUrl: string, secret: string) {
    const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${secret}\` } });
    const material = await api.POST('/api/materials', {
      body: { type: 'product', name: 'City bike', materialNumber: 'ERP-100', vat: 19, stock: { quantity: 4, unit: 'pcs' } },
    });
    if (!material.data) throw new Error(\`material refused: \${material.response.status} \${JSON.stringify(material.error)}\`);
    const order = await api.POST('/api/orders', {
      body: {
        kind: 'customer',
        name: 'Fahrradhaus Berg',
        street: 'Hauptstraße',
        houseNumber: '12a',
        zip: '80331',
        place: 'München',
        workInProgress: 'Regal 3',
        deliveryDate: '2099-12-01',
        positions: [{ materialId: material.data.id, quantity: 2, netPrice: 100 }],
      },
    });
    if (!order.data) throw new Error(\`order refused: \${order.response.status} \${JSON.stringify(order.error)}\`);
    const read = await api.GET('/api/orders/{id}', { params: { path: { id: order.data.id } } });
    const keys = await api.GET('/api/api-keys');
    return { materialId: material.data.id, orderId: order.data.id, orderNumber: read.data?.orderNumber ?? null, keysStatus: keys.response.status, keysError: keys.error?.error.code ?? null };
  }
`;

/** Typechecks the client beside the generated `schema.d.ts` (openapi-fetch resolved from the project). */
function typecheck(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    baseUrl: dir,
    paths: { 'openapi-fetch': [path.resolve('node_modules/openapi-fetch')] },
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the OpenAPI document and an API key', () => {
  it('documents the key scheme, and which operations a key reaches', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.apiKey.description).toContain('API_KEY_SCOPE_MISSING');
    expect(document.paths['/api/materials'].post.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(document.paths['/api/materials'].post.description).toContain('API keys: with the scope materials (read and write).');
    expect(document.paths['/api/orders'].get.description).toContain('API keys: with the scope orders (read or write).');
    for (const [url, method] of [
      ['/api/api-keys', 'post'],
      ['/api/api-keys', 'get'],
      ['/api/company-account', 'delete'],
      ['/api/auth/me', 'get'],
    ] as const) {
      expect(document.paths[url][method].security, `${method} ${url}`).toEqual([{ bearer: [] }]);
      expect(document.paths[url][method].description).toContain('API keys: not allowed');
    }
  });

  it('a client generated from the document creates a material and an order with a key', async () => {
    writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(document as never)));
    const file = path.join(dir, 'client.ts');
    writeFileSync(file, clientSource);
    expect(typecheck(file)).toEqual([]);

    const created = await clientOf(t, company.superUser.token).post('/api/api-keys', {
      name: 'ERP-Sync',
      scopes: [
        { area: 'materials', access: 'write' },
        { area: 'orders', access: 'write' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json() as { secret: string };

    // The same source, run: its imports are types only, so the JavaScript needs nothing but what it is given.
    const javascript = ts.transpileModule(clientSource, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    const exported: { materialAndOrder?: (make: typeof createClient, url: string, key: string) => Promise<Record<string, unknown>> } = {};
    new Function('exports', javascript)(exported);
    const result = await exported.materialAndOrder!(createClient, baseUrl, secret);
    expect(result).toMatchObject({ keysStatus: 403, keysError: 'API_KEY_SCOPE_MISSING' });
    expect(result.orderNumber).toEqual(expect.any(String));

    const history = await clientOf(t, company.admin.token).get(`/api/orders/${result.orderId as string}/history`);
    expect(history.json().data[0].who.apiKey).toBe('ERP-Sync');
  }, 180_000);
});
