import type { LanguageKey } from '../../contract/schemas/languages';

/** SPEC §3 language list: key → name, for the details step (the contract has the keys). */
export const languageNames: Record<LanguageKey, string> = {
  ar: 'Arabic',
  bn: 'Bengali',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  fi: 'Finnish',
  fr: 'French',
  he: 'Hebrew',
  hi: 'Hindi',
  hu: 'Hungarian',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  'pt-BR': 'Portuguese (Brazil)',
  ro: 'Romanian',
  ru: 'Russian',
  sv: 'Swedish',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  'zh-CN': 'Chinese (Simplified)',
  'zh-TW': 'Chinese (Traditional)',
};

/** The languages as [key, name] choices, ordered by name (German between French and Greek, not by code). */
// The names are plain ASCII words, so their code points order them as a collator would, without starting the
// browser's ICU (and building a collator per comparison) while the first screen loads (docs/performance.md).
export const languageChoices: [LanguageKey, string][] = (Object.entries(languageNames) as [LanguageKey, string][]).sort(([, a], [, b]) =>
  a < b ? -1 : a > b ? 1 : 0,
);
