import { useTranslation } from 'react-i18next';
import { i18n } from '@web/lib/i18n';
import { VILLAGE_TEXTS } from '@web/locales/village-texts';

// The village programs page's texts (namespace 'village', all four languages at once), added
// when the page's module loads, so a language switch there finds them too.
for (const [language, texts] of Object.entries(VILLAGE_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'village')) i18n.addResourceBundle(language, 'village', texts);
}

export function useVillageTranslation() {
  return useTranslation('village');
}
