import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReferenceLanguage, toReferenceLanguage } from '@shared/reference/list-option';
import { type ReferenceChoice, type ReferenceListName, referenceName, referenceOptions } from '@shared/reference/reference-names';

export interface ReferenceNames {
  lang: ReferenceLanguage;
  // A stored value's name in the current language; null for no value.
  name: (list: ReferenceListName, value: string | null | undefined) => string | null;
  // A select's choices in the current language (the whole list, or the given values), sorted
  // in that language for an alphabetical list or when `sort` says so.
  options: (list: ReferenceListName, values?: readonly string[], sort?: boolean) => ReferenceChoice[];
}

// Reference list names (castes, villages, parties...) in the interface language. Through
// useTranslation, so a screen shows the new names as soon as the language changes.
export function useReferenceNames(): ReferenceNames {
  const { i18n } = useTranslation();
  // The chosen language, not the resolved one: list names exist in every language even while a
  // language's interface texts still fall back to English.
  const lang = toReferenceLanguage(i18n.language);
  return useMemo(
    () => ({
      lang,
      name: (list, value) => referenceName(list, value, lang),
      options: (list, values, sort) => referenceOptions(list, lang, values, sort),
    }),
    [lang],
  );
}
