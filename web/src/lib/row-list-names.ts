import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toReferenceLanguage } from '@shared/reference/list-option';
import { type RowListName, rowListName } from '@shared/reference/row-lists';

// The names a voter's row or card shows (gender, party; castes: caste-row-names.ts) in the interface language, without
// every reference list (issue 21: the voter list draws sooner on a slow phone). Screens that offer
// choices use useReferenceNames (lib/reference-names.ts).
export function useRowListNames(): { name: (list: RowListName, value: string | null | undefined) => string | null } {
  const { i18n } = useTranslation();
  // The chosen language, as useReferenceNames reads it.
  const lang = toReferenceLanguage(i18n.language);
  return useMemo(() => ({ name: (list, value) => rowListName(list, value, lang) }), [lang]);
}

