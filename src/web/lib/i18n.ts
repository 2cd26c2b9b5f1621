import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** English is the default and the fallback; German is the other language (spec section 1). */
export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const languageStorageKey = 'shopfloor.language';

type Texts = Record<string, unknown>;

// Every locales/<language>/<file>.json, downloaded when first needed: a page loads only its own language,
// and the public pages only the public texts (the build groups the files into one chunk per language and
// tier, vite.config.ts; docs/performance.md). A file is a namespace (`orders.json`) or a part of one
// (`errors.public.json`: the codes the public pages can meet; the rest of `errors` is in `errors.json`).
// The parts of a namespace have no top-level key in common. Adding a namespace is adding the two files.
const textFiles = import.meta.glob<Texts>('../locales/*/*.json', { import: 'default' });

const fileOf = (language: string, part: string) => `../locales/${language}/${part}.json`;
const namespaceOf = (part: string) => part.split('.')[0];

/** The text files, by name without `.json`: a namespace (`orders`) or a part of one (`errors.public`). */
export const textParts = Object.keys(textFiles).flatMap((file) => {
  const match = /locales\/(\w+)\/([\w.-]+)\.json$/.exec(file);
  return match && match[1] === 'en' ? [match[2]] : [];
});

/** The namespaces, e.g. `common`, `nav`, `errors`, `validation`, `message`. */
export const namespaces = [...new Set(textParts.map(namespaceOf))];

/**
 * What the public sign-in, sign-up and password pages read (and the shell around every page: titles,
 * errors, validation and session messages); loaded before the first paint. Of `common`, `errors`, `screens`
 * and `validation` only their public parts: the console's keys, codes and screens come with it. Every other text comes with the
 * signed-in console, the station screens, the displays and the tracking page (`RequireTexts`).
 */
export const publicTexts = ['common.public', 'auth', 'message', 'errors.public', 'screens.public', 'validation.public'];

/** The files the sidebar reads in English whatever the language (`englishT`). */
export const englishTexts = ['common', 'common.public', 'nav', 'companySwitch'];

// The texts downloaded so far by file, shared by every instance (the files are the same for all).
const downloaded: Partial<Record<Language, Record<string, Texts>>> = {};

/** Downloads the texts of one language (the given files, by default all) unless they are here already. */
export async function loadTexts(language: Language, wanted: readonly string[] = textParts): Promise<void> {
  await Promise.all(
    wanted.map(async (part) => {
      if (downloaded[language]?.[part]) return;
      const load = textFiles[fileOf(language, part)];
      if (!load) return;
      const content = await load();
      (downloaded[language] ??= {})[part] = content;
    }),
  );
}

/** True when the instance has this file's texts: downloaded, and each of its top-level keys in the namespace. */
function hasPart(instance: I18n, language: string, part: string): boolean {
  const content = downloaded[language as Language]?.[part];
  const bundle = content && (instance.getResourceBundle(language, namespaceOf(part)) as Texts | undefined);
  return !!bundle && Object.keys(content).every((key) => key in bundle);
}

/** True when the instance has the texts of these files in this language. */
export function hasTexts(instance: I18n, language: string, wanted: readonly string[] = textParts): boolean {
  return wanted.every((part) => hasPart(instance, language, part));
}

/** Downloads what is missing and hands it to the instance; resolves once it can translate them. */
export async function ensureTexts(instance: I18n, language: Language, wanted: readonly string[] = textParts): Promise<void> {
  await loadTexts(language, wanted);
  for (const part of wanted) {
    const content = downloaded[language]?.[part];
    // A part joins what its namespace has (the parts have no top-level key in common).
    if (content && !hasPart(instance, language, part)) instance.addResourceBundle(language, namespaceOf(part), content, true, false);
  }
}

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/**
 * The first of the browser's preferred languages (`navigator.languages`, e.g. `de-AT`) that the
 * console speaks, else English.
 */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return defaultLanguage;
}

/** The language the user picked last time; on a first visit, the browser's language. */
export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(languageStorageKey);
    return isLanguage(saved) ? saved : browserLanguage();
  } catch {
    return browserLanguage();
  }
}

/**
 * Creates the i18next instance with the texts downloaded so far (`loadTexts` first; unit tests have
 * every text, src/web/lib/i18n.setup.ts). A key's first segment is its namespace, so the keys the server
 * and the domain send (`errors.CONFLICT_ERROR`, `validation.maxLength`, `message.missingData`)
 * are used as they are: `t('validation.maxLength', { max: 25 })`.
 */
export function createI18n(language: Language = storedLanguage()): I18n {
  const instance = i18next.createInstance();
  // The texts downloaded so far, each part in its namespace (a copy per instance, so its additions stay its own).
  const resources: Record<string, Record<string, Texts>> = {};
  for (const [lng, texts] of Object.entries(downloaded)) {
    for (const [part, content] of Object.entries(texts)) {
      const byNamespace = (resources[lng] ??= {});
      byNamespace[namespaceOf(part)] = { ...byNamespace[namespaceOf(part)], ...content };
    }
  }
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    // Every namespace, loaded or not: with `.` as both separators, i18next reads a key's first segment as
    // its namespace only when it is listed here.
    ns: namespaces,
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance.on('languageChanged', (next) => {
    if (typeof document !== 'undefined') document.documentElement.lang = next;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return instance;
}

/** Switches the language and remembers it for the next visit; first downloads the texts the page has now in the new language. */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
    // The server reads it to send the prerendered sign-in in this language (src/server/platform/prerendered-pages.ts).
    document.cookie = `${languageStorageKey}=${language}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // A browser without storage still switches for this visit.
  }
  const current = instance.resolvedLanguage ?? instance.language;
  await ensureTexts(
    instance,
    language,
    textParts.filter((part) => hasTexts(instance, current, [part])),
  );
  await instance.changeLanguage(language);
}

/**
 * At sign-in the console takes the user's stored language (set by them, or by an admin for an operator), so a
 * German operator sees German on a tablet left in English; nothing happens when it is already shown.
 */
export function followStoredLanguage(instance: I18n, stored: string): void {
  if (!isLanguage(stored) || stored === (instance.resolvedLanguage ?? instance.language)) return;
  void changeLanguage(instance, stored);
}

/** A translation function pinned to English, for the parts the spec keeps English (the sidebar). */
export function englishT(instance: I18n): TFunction {
  return instance.getFixedT(defaultLanguage);
}
