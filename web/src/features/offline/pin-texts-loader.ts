import { useTranslation } from 'react-i18next';
import { i18n } from '@web/lib/i18n';
import { PIN_TEXTS } from '@web/locales/pin-texts';

// The PIN screens' texts (namespace 'pin', all four languages at once: a few hundred bytes each),
// added when the first PIN screen's module loads, so a language switch there finds them too.
for (const [language, texts] of Object.entries(PIN_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'pin')) i18n.addResourceBundle(language, 'pin', texts);
}

export function usePinTranslation() {
  return useTranslation('pin');
}
