import { isLanguage, type Language } from '@shared/i18n/languages';
import type { LocaleTexts } from '../locales/locale-texts';

// Each language (English too) is its own file, fetched only when chosen, so a phone downloads
// one language (issue 21). Without i18next: a start asks for the remembered language's file
// before the app's code has run (app/start-early.ts), and lib/i18n.ts reads the same imports.
export const LANGUAGE_FILES: Record<Language, () => Promise<LocaleTexts>> = {
  en: () => import('../locales/en').then((module) => module.en),
  mr: () => import('../locales/mr').then((module) => module.mr),
  hi: () => import('../locales/hi').then((module) => module.hi),
  gu: () => import('../locales/gu').then((module) => module.gu),
};

// The language this device showed last (the sign-in page's choice, or the signed-in user's),
// so a reload paints in it at once (lib/language.ts keeps it).
export const LANGUAGE_STORAGE_KEY = 'language';

export function rememberedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}
