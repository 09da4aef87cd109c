import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CASTE_ROW_LIST } from '@shared/reference/caste-row-list';
import { toReferenceLanguage } from '@shared/reference/list-option';
import { listOptionName } from '@shared/reference/row-lists';

// A voter's caste by its name in the interface language, for the voter list's rows: a module of
// its own, so the caste list loads with that screen and not with a field worker's first one
// (My voters; issue 56, the initial load).
export function useCasteRowName(): (value: string | null | undefined) => string | null {
  const { i18n } = useTranslation();
  const lang = toReferenceLanguage(i18n.language);
  return useMemo(() => (value: string | null | undefined) => listOptionName(CASTE_ROW_LIST, value, lang), [lang]);
}
