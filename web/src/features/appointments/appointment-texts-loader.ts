import { useTranslation } from 'react-i18next';
import { i18n } from '@web/lib/i18n';
import { APPOINTMENT_TEXTS } from '@web/locales/appointment-texts';

// The appointments page's texts (namespace 'appointments', all four languages at once), added
// when the page's module loads, so a language switch there finds them too.
for (const [language, texts] of Object.entries(APPOINTMENT_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'appointments')) i18n.addResourceBundle(language, 'appointments', texts);
}

export function useAppointmentTranslation() {
  return useTranslation('appointments');
}
