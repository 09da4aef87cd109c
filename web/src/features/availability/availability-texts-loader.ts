import { useTranslation } from 'react-i18next';
import { i18n } from '@web/lib/i18n';
import { AVAILABILITY_TEXTS } from '@web/locales/availability-texts';

// The report sheet's and the queue's texts (namespace 'availability', all four languages at
// once), added when either module loads, so a language switch there finds them too.
for (const [language, texts] of Object.entries(AVAILABILITY_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'availability')) i18n.addResourceBundle(language, 'availability', texts);
}

export function useAvailabilityTranslation() {
  return useTranslation('availability');
}
