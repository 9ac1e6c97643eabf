/** The languages an app can say it supports, by key (names for display: src/lib/languages.ts). */
export const languageKeys = [
  'ar',
  'bn',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'no',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-TW',
] as const;
export type LanguageKey = (typeof languageKeys)[number];
export const isLanguageKey = (key: string): key is LanguageKey => (languageKeys as readonly string[]).includes(key);

/** SPEC §5: the category only staff give (premium-only apps); the details step does not offer it. */
export const RESERVED_CATEGORY = 'Enterprise';
