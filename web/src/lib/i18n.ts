import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '@shared/i18n/languages';
import { en } from '../locales/en';
import { gu } from '../locales/gu';
import { hi } from '../locales/hi';
import { mr } from '../locales/mr';

// Every user-visible text goes through here; screens never hard-code their words.
export const RESOURCES = { en: { translation: en }, mr: { translation: mr }, hi: { translation: hi }, gu: { translation: gu } } as const;

// Typed keys: t('no.such.key') does not compile, and every language file has the English
// file's shape (locales/locale-texts.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: rememberedLanguage() ?? 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'mr', 'hi', 'gu'],
  interpolation: { escapeValue: false },
  initAsync: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
