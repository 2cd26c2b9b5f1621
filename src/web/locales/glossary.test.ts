import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import glossary from './glossary.json';

/**
 * Both languages follow one glossary (`glossary.json`): a concept has one term in English and one in
 * German. A forbidden variant may appear in no text of the console and no server email or PDF
 * template; a status or field the glossary names by key reads exactly its concept's term.
 */
type Language = 'en' | 'de';
interface Concept {
  id: string;
  en: string;
  de: string;
  keys?: string[];
  forbidden?: Partial<Record<Language, string[]>>;
}
const concepts: Concept[] = glossary.concepts;
const languages: Language[] = ['en', 'de'];
const root = join(__dirname, '../../..');

function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (typeof value === 'string') {
    into.set(prefix, value);
  }
  return into;
}

/** Every text of a language as `file:key` -> text. */
function textsOf(language: Language): Map<string, string> {
  const texts = new Map<string, string>();
  const dir = join(__dirname, language);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const flat = flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')), '', new Map());
    for (const [key, text] of flat) texts.set(`${file.replace(/\.json$/, '')}:${key}`, text);
  }
  return texts;
}

/** The server's email and PDF templates: they carry both languages' texts. */
function serverTemplates(): Map<string, string> {
  const modules = join(root, 'src/server/modules');
  const files = new Map<string, string>();
  for (const module of readdirSync(modules)) {
    for (const file of readdirSync(join(modules, module)).filter((name) => /\.(emails|templates)\.ts$/.test(name))) {
      const path = join(modules, module, file);
      files.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A variant where a word starts, in any inflection: "Fertigungsaufträgen", but not "angeliefert" for "geliefert". */
const wordPattern = (variant: string) => new RegExp(`(?<![\\p{L}-])${escape(variant)}`, 'u');

describe('glossary', () => {
  it('names each concept once, with a term in both languages', () => {
    expect(new Set(concepts.map((concept) => concept.id)).size).toBe(concepts.length);
    for (const concept of concepts) for (const language of languages) expect(concept[language].trim(), concept.id).not.toBe('');
  });

  it.each(languages)('finds no forbidden variant in the %s texts', (language) => {
    const found: string[] = [];
    for (const [key, text] of textsOf(language)) {
      for (const concept of concepts) {
        for (const variant of concept.forbidden?.[language] ?? []) {
          if (wordPattern(variant).test(text)) found.push(`${key}: "${variant}" (say "${concept[language]}")`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('finds no forbidden variant in the server email and PDF templates', () => {
    const found: string[] = [];
    for (const [file, source] of serverTemplates()) {
      for (const concept of concepts) {
        for (const language of languages) {
          for (const variant of concept.forbidden?.[language] ?? []) {
            if (wordPattern(variant).test(source)) found.push(`${file}: "${variant}" (say "${concept[language]}")`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it.each(languages)('reads each listed status and field as its term in %s', (language) => {
    const texts = textsOf(language);
    const wrong: string[] = [];
    for (const concept of concepts) {
      for (const key of concept.keys ?? []) {
        const text = texts.get(key);
        if (text === undefined) wrong.push(`${key}: missing`);
        else if (text.toLocaleLowerCase(language) !== concept[language].toLocaleLowerCase(language))
          wrong.push(`${key}: "${text}" (say "${concept[language]}")`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
