import type { i18n as I18n } from 'i18next';
import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, englishTexts, ensureTexts, hasTexts, isLanguage, textParts } from '../lib/i18n';

// One download per instance and language; a failed one is forgotten, so the next render tries again.
const downloads = new WeakMap<I18n, Map<string, Promise<void>>>();

function download(instance: I18n, language: string): Promise<void> {
  const byLanguage = downloads.get(instance) ?? new Map<string, Promise<void>>();
  downloads.set(instance, byLanguage);
  let pending = byLanguage.get(language);
  if (!pending) {
    const lng = isLanguage(language) ? language : defaultLanguage;
    pending = Promise.all([ensureTexts(instance, lng, textParts), ensureTexts(instance, defaultLanguage, englishTexts)]).then(
      () => undefined,
      (error: unknown) => {
        byLanguage.delete(language);
        throw error;
      },
    );
    byLanguage.set(language, pending);
  }
  return pending;
}

/**
 * Shows its children once every text of the current language is here (and the sidebar's English):
 * the signed-in console, the station screens, the displays and the tracking page. The public pages
 * start with their own texts only (src/web/main.tsx). Suspends meanwhile, so the route's
 * spinner shows; a failed download reaches the route's error boundary.
 */
export function RequireTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (!hasTexts(i18n, language) || !hasTexts(i18n, defaultLanguage, englishTexts)) use(download(i18n, language));
  return <>{children}</>;
}
