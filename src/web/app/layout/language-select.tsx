import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languages } from '../../lib/i18n';
import { Select, SelectItem } from '../../ui/select';

/** English / Deutsch as a Select; `LanguageSwitch` (language-switch.tsx) downloads it when the user reaches for it. */
export default function LanguageSelect({ defaultOpen = false, autoFocus = false }: { defaultOpen?: boolean; autoFocus?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Select
      className="language-switch"
      label={t('common.language.label')}
      value={current}
      defaultOpen={defaultOpen}
      autoFocus={autoFocus}
      onChange={(language) => {
        if (isLanguage(language)) void changeLanguage(i18n, language);
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
