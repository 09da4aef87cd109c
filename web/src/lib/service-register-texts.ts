import { useTranslation } from 'react-i18next';
import { SERVICE_REGISTER_TEXTS } from '@web/locales/service-register-texts';
import { i18n } from './i18n';

// The service-request register's texts (namespace 'serviceRegister', decision 090), added when
// the first screen that shows them loads: the register, the dashboard, analytics, the booths
// page, settings. Not in the first download (lib/ so those features share it without importing
// each other).
for (const [language, texts] of Object.entries(SERVICE_REGISTER_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'serviceRegister')) i18n.addResourceBundle(language, 'serviceRegister', texts);
}

export function useServiceRegisterTranslation() {
  return useTranslation('serviceRegister');
}
