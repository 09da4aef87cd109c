import partiesData from './data/parties.json';
import listsData from './data/voter-lists.json';
import { type ListOption, optionName, type ReferenceLanguage } from './list-option';

// The lists a voter's card names (gender, party), read from the same files as voter-lists.ts but
// without the rest: the villages, the merged and sorted lists and the field table cost a slow
// phone's voter list more to load than all its own code (issue 21, decision 044). Castes, with
// their sub-castes the largest list, are in caste-row-list.ts: only the voter list's rows name
// them, and My voters, a field worker's first screen, does not (issue 56: the initial load).
// The form and the filters read every list through reference-names.ts, with the same names.
export const ROW_LISTS = {
  genders: listsData.genders,
  parties: partiesData,
} as const satisfies Record<string, readonly ListOption[]>;
export type RowListName = keyof typeof ROW_LISTS;

const byValue = new WeakMap<readonly ListOption[], ReadonlyMap<string, ListOption>>();

// A stored value's name in a language from one list, as referenceName gives it; null for no value.
export function listOptionName(list: readonly ListOption[], value: string | null | undefined, lang: ReferenceLanguage): string | null {
  if (value === null || value === undefined || value === '') return null;
  let options = byValue.get(list);
  if (!options) {
    options = new Map(list.map((option) => [option.value, option]));
    byValue.set(list, options);
  }
  return optionName(options.get(value), value, lang);
}

export function rowListName(list: RowListName, value: string | null | undefined, lang: ReferenceLanguage): string | null {
  return listOptionName(ROW_LISTS[list], value, lang);
}
