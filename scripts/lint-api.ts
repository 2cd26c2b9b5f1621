// npm run lint:api: the server's OpenAPI document (built without a database server or a port, scripts/openapi.ts)
// linted by Stoplight Spectral with the spectral:oas ruleset (.spectral.yaml). Fails on any warning, not only errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument } from './openapi.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'shopfloor-lint-api-'));
try {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await generateOpenApiDocument(), null, 2));
  const spectral = path.join(root, 'node_modules/.bin/spectral');
  const result = spawnSync(spectral, ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'warn'], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
