import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage } from '@shared/i18n/languages';
import type { en } from '../locales/en';
import type { pinEn } from '../locales/pin-texts';
import type { villageEn } from '../locales/village-texts';
import type { appointmentsEn } from '../locales/appointment-texts';
import type { pastResultsEn } from '../locales/past-results-texts';
import type { slipQrEn } from '../locales/slip-qr-texts';
import type { surveysEn } from '../locales/survey-texts';
import type { availabilityEn } from '../locales/availability-texts';
import type { serviceRegisterEn } from '../locales/service-register-texts';
import { LANGUAGE_FILES, rememberedLanguage } from './language-files';

// Every user-visible text goes through here; screens never hard-code their words.
// Each language is its own file (lib/language-files.ts); i18next waits for the file before it
// switches, so a screen never shows keys. No fallback language is needed: every file has every
// key (locale-texts.ts and locales.test.ts fail otherwise).
// (The wording of the forms' messages loads with the first form: lib/form-message.ts.)
const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    LANGUAGE_FILES[language]().then(
      (texts) => callback(null, texts as unknown as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

// Typed keys: t('no.such.key') does not compile, and every language file has the English
// file's shape (locales/locale-texts.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // 'pin': the PIN screens' own texts, added when they load (features/offline/pin-texts-loader.ts).
    // 'village': the village programs page's, the same way (features/village-programs/village-texts-loader.ts).
    // 'appointments': the appointments page's (features/appointments/appointment-texts-loader.ts).
    // 'pastResults': past results per booth (lib/past-results-texts.ts, issue 61).
    // 'slipQr': slips' QR codes, scanned on poll day and revoked by the office (lib/slip-qr-texts.ts, issue 61).
    // 'surveys': the survey pages and the answer sheet (features/surveys/survey-texts-loader.ts, issue 61).
    // 'availability': voter availability reports (features/availability/availability-texts-loader.ts, issue 61).
    // 'serviceRegister': the request register's export, SMS, counts and analytics (lib/service-register-texts.ts, decision 090).
    resources: {
      translation: typeof en;
      pin: typeof pinEn;
      village: typeof villageEn;
      appointments: typeof appointmentsEn;
      pastResults: typeof pastResultsEn;
      slipQr: typeof slipQrEn;
      serviceRegister: typeof serviceRegisterEn;
      surveys: typeof surveysEn;
      availability: typeof availabilityEn;
    };
  }
}

export const i18n = i18next.createInstance();

// The remembered language's file was asked for before this module ran (app/start-early.ts);
// i18next's read below gets that same import.
const firstLanguage = rememberedLanguage() ?? 'en';

// Resolves once the remembered language's file is in: main.tsx paints after it, so a Marathi
// phone never flashes English.
export const i18nReady: Promise<unknown> = i18n
  .use(languageFiles)
  .use(initReactI18next)
  .init({
    lng: firstLanguage,
    fallbackLng: false,
    load: 'currentOnly',
    supportedLngs: ['en', 'mr', 'hi', 'gu'],
    interpolation: { escapeValue: false },
    // Suspending on a missing language would blank the screen; the switch waits instead.
    react: { useSuspense: false },
  })
  .catch(() => undefined);
// <html lang> names the language shown, for screen readers and for the fonts' order (index.css):
// the remembered one at once (i18n.language is unset until its file is in), then each switch.
if (typeof document !== 'undefined') {
  document.documentElement.lang = firstLanguage;
  i18n.on('languageChanged', (language) => {
    if (isLanguage(language)) document.documentElement.lang = language;
  });
}
