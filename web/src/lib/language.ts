import { isLanguage, type Language } from '@shared/i18n/languages';
import { i18n } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './language-files';

// Shows the interface in `language` at once (no reload; lib/i18n.ts sets <html lang> once its
// file is in), and remembers it on this device for the next paint and the sign-in page.
export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice still holds until the page is closed.
  }
}

// The language i18next shows now, as one of ours.
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
