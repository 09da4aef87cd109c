import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@shared/i18n/languages';
import type { MessageCatalogue } from '@shared/messages/message-texts';

// The shared schemas' messages are written in English (one schema both sides): forms show
// them in the language on screen through the same message table the server uses
// (shared/messages). A message the server already worded, or one from t(), passes unchanged.
// Issue 21: that table and a language's wording of it load when a form first shows, for the
// language on screen only; the first screens of a phone (sign-in, My voters) need neither.
type Wording = (message: string) => string;
type OtherLanguage = Exclude<Language, 'en'>;

const CATALOGUES: Record<OtherLanguage, () => Promise<MessageCatalogue>> = {
  mr: () => import('@shared/messages/messages-mr').then((module) => module.mr),
  hi: () => import('@shared/messages/messages-hi').then((module) => module.hi),
  gu: () => import('@shared/messages/messages-gu').then((module) => module.gu),
};

const wordings = new Map<Language, Wording>();
const loads = new Map<OtherLanguage, Promise<void>>();

export function loadFormMessageWording(language: OtherLanguage): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    load = Promise.all([CATALOGUES[language](), import('@shared/messages/message-localizer')]).then(([catalogue, { createMessageLocalizer }]) => {
      const { localizeMessage } = createMessageLocalizer({ [language]: catalogue });
      wordings.set(language, (message) => localizeMessage(message, language));
    });
    // A failed load (signal lost) is tried again by the next form.
    load.catch(() => loads.delete(language));
    loads.set(language, load);
  }
  return load;
}

export function useFormMessage(): <T extends string | undefined>(message: T) => T {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const wording = wordings.get(language);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (language === 'en' || wording) return;
    let current = true;
    loadFormMessageWording(language).then(
      () => current && setLoaded((count) => count + 1),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language, wording]);
  return (message) => (message === undefined || !wording ? message : (wording(message) as typeof message));
}
