/** Languages of the product (screens, emails, printed documents); English is the default and fallback. */
export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];
