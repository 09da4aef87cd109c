import { useTranslation } from 'react-i18next';
import { isLanguage } from '@shared/i18n/languages';
import { localizeMessage } from '@shared/messages/localize-message';

// The shared schemas' messages are written in English (one schema both sides): forms show
// them in the language on screen through the same message table the server uses
// (shared/messages). A message the server already worded, or one from t(), passes unchanged.
export function useFormMessage(): <T extends string | undefined>(message: T) => T {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (message) => (message === undefined ? message : (localizeMessage(message, language) as typeof message));
}
