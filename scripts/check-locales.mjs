// Fails (exit 1) when src/web/locales/en and src/web/locales/de differ in files, keys or the
// {{placeholders}} a text uses, and prints every difference. English is the reference language.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(root, 'src/web/locales');
const [reference, other] = ['en', 'de'];

function jsonFiles(language) {
  const dir = path.join(localesDir, language);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
}

function flatten(value, prefix, into) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

function read(language, file, problems) {
  try {
    return flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')), '', new Map());
  } catch (error) {
    problems.push(`${language}/${file}: not valid JSON (${error.message})`);
    return new Map();
  }
}

const placeholders = (text) =>
  typeof text === 'string'
    ? [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

const problems = [];
const referenceFiles = jsonFiles(reference);
const otherFiles = jsonFiles(other);
if (referenceFiles.length === 0) problems.push(`${reference}: no locale files in ${path.relative(root, localesDir)}/${reference}`);
for (const file of referenceFiles.filter((f) => !otherFiles.includes(f))) problems.push(`${other}/${file}: missing (exists in ${reference})`);
for (const file of otherFiles.filter((f) => !referenceFiles.includes(f))) problems.push(`${reference}/${file}: missing (exists in ${other})`);

for (const file of referenceFiles.filter((f) => otherFiles.includes(f))) {
  const en = read(reference, file, problems);
  const de = read(other, file, problems);
  for (const [key, text] of en) {
    if (!de.has(key)) problems.push(`${other}/${file}: missing key ${key}`);
    else if (typeof text !== 'string' || typeof de.get(key) !== 'string') problems.push(`${file}: ${key} must be text in both languages`);
    else if (placeholders(text) !== placeholders(de.get(key))) {
      problems.push(`${file}: ${key} uses {{${placeholders(text)}}} in ${reference} but {{${placeholders(de.get(key))}}} in ${other}`);
    }
  }
  for (const key of de.keys()) if (!en.has(key)) problems.push(`${reference}/${file}: missing key ${key}`);
}

if (problems.length > 0) {
  process.stderr.write(`Locale files differ (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Locales match: ${referenceFiles.length} files in ${reference} and ${other}.\n`);
