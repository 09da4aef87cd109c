import { useTranslation } from 'react-i18next';
import { PAST_RESULTS_TEXTS } from '@web/locales/past-results-texts';
import { i18n } from './i18n';

// Past results' texts (namespace 'pastResults', issue 61), added when the first screen that
// shows them loads: the booth page, the import screen, the settings form. Not in the first
// download (lib/ so those features share it without importing each other).
for (const [language, texts] of Object.entries(PAST_RESULTS_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'pastResults')) i18n.addResourceBundle(language, 'pastResults', texts);
}

export function usePastResultsTranslation() {
  return useTranslation('pastResults');
}
