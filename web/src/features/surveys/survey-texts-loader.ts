import { useTranslation } from 'react-i18next';
import { i18n } from '@web/lib/i18n';
import { SURVEY_TEXTS } from '@web/locales/survey-texts';

// The survey screens' texts (namespace 'surveys', all four languages at once), added when the
// feature's module loads, so a language switch there finds them too.
for (const [language, texts] of Object.entries(SURVEY_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'surveys')) i18n.addResourceBundle(language, 'surveys', texts);
}

export function useSurveyTranslation() {
  return useTranslation('surveys');
}
