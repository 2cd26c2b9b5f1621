import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** English is the default and the fallback; German is the other language (spec section 1). */
export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const languageStorageKey = 'shopfloor.language';

type Namespace = Record<string, unknown>;

// Every locales/<language>/<namespace>.json is picked up; adding a namespace is adding the two files.
const files = import.meta.glob<Namespace>('../locales/*/*.json', { eager: true, import: 'default' });

function collectResources(): Record<string, Record<string, Namespace>> {
  const resources: Record<string, Record<string, Namespace>> = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    resources[language][namespace] = content;
  }
  return resources;
}

const resources = collectResources();
/** The namespaces, e.g. `common`, `nav`, `errors`, `validation`, `message`. */
export const namespaces = Object.keys(resources[defaultLanguage] ?? {});

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
 * Creates the i18next instance. A key's first segment is its namespace, so the keys the server
 * and the domain send (`errors.CONFLICT_ERROR`, `validation.maxLength`, `message.missingData`)
 * are used as they are: `t('validation.maxLength', { max: 25 })`.
 */
export function createI18n(language: Language = storedLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
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

/** Switches the language and remembers it for the next visit. */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // A browser without storage still switches for this visit.
  }
  await instance.changeLanguage(language);
}

/** A translation function pinned to English, for the parts the spec keeps English (the sidebar). */
export function englishT(instance: I18n): TFunction {
  return instance.getFixedT(defaultLanguage);
}
