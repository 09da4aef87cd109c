import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';

// Every user-visible text goes through here; screens never hard-code their words.
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
