import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { changeLanguage, isLanguage, languages, type Language } from '../../lib/i18n';
import { Select, SelectItem } from '../../ui/select';

/** Stores the signed-in user's choice as their language (their emails and the documents they ask for follow it). */
async function saveOwnLanguage(language: Language): Promise<void> {
  try {
    await api.put('/users/me/language', { locale: language });
  } catch {
    // Offline or signed out meanwhile: the screen has switched; the stored language follows at the next choice.
  }
}

/**
 * English / Deutsch as a Select; `LanguageSwitch` (language-switch.tsx) downloads it when the user reaches for it.
 * Signed in, the choice is also the user's stored language.
 */
export default function LanguageSelect({ defaultOpen = false, autoFocus = false }: { defaultOpen?: boolean; autoFocus?: boolean }) {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Select
      className="language-switch"
      label={t('common.language.label')}
      value={current}
      defaultOpen={defaultOpen}
      autoFocus={autoFocus}
      onChange={(language) => {
        if (!isLanguage(language)) return;
        void changeLanguage(i18n, language);
        if (session) void saveOwnLanguage(language);
      }}
      items={languages.map((language) => ({ id: language }))}
    >
      {(item) => (
        // Each language is named in itself in both files (English, Deutsch), so a reader finds their own.
        <SelectItem id={item.id} lang={item.id}>
          {t(`common.language.${item.id}`)}
        </SelectItem>
      )}
    </Select>
  );
}
