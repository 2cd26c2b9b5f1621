import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languages } from '../../lib/i18n';
import { Select, SelectItem } from '../../ui/select';

/** English / Deutsch; the choice is kept in localStorage for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Select
      className="language-switch"
      label={t('common.language.label')}
      value={current}
      onChange={(language) => {
        if (isLanguage(language)) void changeLanguage(i18n, language);
      }}
      items={languages.map((language) => ({ id: language }))}
    >
      {(item) => (
        // Each language is named in itself, so a reader finds their own in either language.
        <SelectItem id={item.id} lang={item.id}>
          {t(`common.language.${item.id}`, { lng: item.id })}
        </SelectItem>
      )}
    </Select>
  );
}
