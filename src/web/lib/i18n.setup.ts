// Unit tests create i18n instances synchronously (createI18n('de')) and read any text: every text of
// both languages is downloaded before each test file (vitest.config.ts, the unit project's setupFiles).
import { languages, loadTexts } from './i18n';

await Promise.all(languages.map((language) => loadTexts(language)));
