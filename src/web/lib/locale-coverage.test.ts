import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../domain/shared/errors';
import { createI18n, languages } from './i18n';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// Every shared `validation.*` key the domain schemas and the server can send (comments left out).
// Keys of a feature's own namespace (`materials.validation.vat`) belong to that feature's locale file.
const sentValidationKeys = [
  ...new Set(
    ['src/domain', 'src/server'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).flatMap((file) => {
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
        return [...code.matchAll(/['"`](validation\.[A-Za-z0-9_]+)['"`]/g)].map((match) => match[1]);
      }),
    ),
  ),
];

describe.each(languages)('locale %s', (language) => {
  const i18n = createI18n(language);
  const has = (key: string) => i18n.exists(key, { lng: language, fallbackLng: [] });

  it('translates every error code of the catalogue', () => {
    expect(errorCodes.filter((code) => !has(`errors.${code}`))).toEqual([]);
  });

  it('translates every validation key the server and the domain schemas send', () => {
    expect(sentValidationKeys.length).toBeGreaterThan(10);
    expect(sentValidationKeys.filter((key) => !has(key))).toEqual([]);
  });

  it('has the spec message keys', () => {
    expect(['message.missingData', 'message.companyChangedSuccess', 'message.errorChangingCompany'].filter((key) => !has(key))).toEqual([]);
  });
});
