import { LANGUAGES } from '../settings/public-settings';

// The interface languages (spec section 9's Language setting options). A user may choose one
// for themselves; one who has not follows the Language setting, and English is the last resort.
export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];

// Each language named in its own script, so a reader finds theirs whatever is on screen now.
// Not translated: these are the same in every language.
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', mr: 'मराठी', hi: 'हिंदी', gu: 'ગુજરાતી' };
// The order a picker lists them: English, then the office's languages.
export const LANGUAGE_PICKER_ORDER: readonly Language[] = ['en', 'mr', 'hi', 'gu'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// (The schema of a user's own choice: user-language-schema.ts. This module stays without zod:
// the phone's first download reads it, issue 21.)

// The language the screens and messages use: the user's own choice, else the setting, else English.
export function effectiveLanguage(userChoice: string | null | undefined, setting: string | null | undefined): Language {
  if (isLanguage(userChoice)) return userChoice;
  if (isLanguage(setting)) return setting;
  return 'en';
}
