import { type ListOption, optionName, type ReferenceLanguage } from './list-option';
import { DESIGNATIONS, ORGANISATIONS } from './staff-lists';
import {
  CASTE_OPTIONS,
  CATEGORIES,
  DISABILITIES,
  GENDERS,
  MESSAGE_LANGUAGES,
  OCCUPATION_SUBCATEGORIES,
  OCCUPATIONS,
  POLITICAL_PREFERENCES,
  RELATION_TYPES,
  RELIGIONS,
  SUBCASTE_OPTIONS,
  TALUKAS,
  VILLAGE_OPTIONS,
} from './voter-lists';

// One way to read every reference list's names (issue 18): a screen shows an option in the
// chosen language with `referenceName` or `referenceOptions`; an import matches a typed value
// against `allNamesOf` / `namesByValue`. What is stored and sent is always the option's `value`.
export const REFERENCE_LISTS = {
  genders: GENDERS,
  relationTypes: RELATION_TYPES,
  categories: CATEGORIES,
  religions: RELIGIONS,
  disabilities: DISABILITIES,
  occupations: OCCUPATIONS,
  occupationSubcategories: OCCUPATION_SUBCATEGORIES,
  talukas: TALUKAS,
  villages: VILLAGE_OPTIONS,
  castes: CASTE_OPTIONS,
  subcastes: SUBCASTE_OPTIONS,
  parties: POLITICAL_PREFERENCES,
  designations: DESIGNATIONS,
  organisations: ORGANISATIONS,
  messageLanguages: MESSAGE_LANGUAGES,
} as const satisfies Record<string, readonly ListOption[]>;
export type ReferenceListName = keyof typeof REFERENCE_LISTS;
export const REFERENCE_LIST_NAMES = Object.keys(REFERENCE_LISTS) as ReferenceListName[];

// Lists a person scans alphabetically; the others keep the order of their JSON file (genders,
// categories, parties... in the order the spec lists them).
const ALPHABETICAL_LISTS: ReadonlySet<ReferenceListName> = new Set(['villages']);
// "Other" stays last in a sorted list, where a person looks for it.
const OTHER_VALUES: ReadonlySet<string> = new Set(['Other', 'other']);

const byValue = new Map<ReferenceListName, ReadonlyMap<string, ListOption>>();
function optionsByValue(list: ReferenceListName): ReadonlyMap<string, ListOption> {
  let map = byValue.get(list);
  if (!map) {
    map = new Map(REFERENCE_LISTS[list].map((option: ListOption) => [option.value, option]));
    byValue.set(list, map);
  }
  return map;
}

export function referenceOption(list: ReferenceListName, value: string | null | undefined): ListOption | undefined {
  return value ? optionsByValue(list).get(value) : undefined;
}

// An option's name in a language. A stored value that is no longer on the list (an older
// import) is shown as it was stored; no value stays null so the caller can say "Unknown".
export function referenceName(list: ReferenceListName, value: string, lang: ReferenceLanguage): string;
export function referenceName(list: ReferenceListName, value: string | null | undefined, lang: ReferenceLanguage): string | null;
export function referenceName(list: ReferenceListName, value: string | null | undefined, lang: ReferenceLanguage): string | null {
  if (value === null || value === undefined || value === '') return null;
  return optionName(referenceOption(list, value), value, lang);
}

function namesOf(option: ListOption): readonly string[] {
  const names = [option.value, option.en, option.mr, option.hi, option.gu];
  if ('full' in option) names.push(...Object.values((option as { full: Record<string, string> }).full));
  return [...new Set(names.filter((name) => name.trim() !== ''))];
}

const namesCache = new Map<ReferenceListName, ReadonlyMap<string, readonly string[]>>();

// Every name an option goes by, in every language: its value, the en/mr/hi/gu names and, for a
// party, its full registered names. Empty for a value that is not on the list.
export function allNamesOf(list: ReferenceListName, value: string): readonly string[] {
  return namesByValue(list).get(value) ?? [];
}

// The same for a whole list at once, by stored value in the list's order: what a matcher
// builds its lookup from.
export function namesByValue(list: ReferenceListName): ReadonlyMap<string, readonly string[]> {
  let map = namesCache.get(list);
  if (!map) {
    map = new Map(REFERENCE_LISTS[list].map((option: ListOption) => [option.value, namesOf(option)]));
    namesCache.set(list, map);
  }
  return map;
}

export interface ReferenceChoice {
  value: string;
  label: string;
}

// A select's choices in a language: the given stored values (the whole list when none are
// given), each labelled with its name. Two values with the same name in that language (two
// villages both called वडगाव) carry their English name in brackets so they can be told apart.
// Alphabetical lists (or any, with `sort`) are sorted for that language, "Other" last.
export function referenceOptions(list: ReferenceListName, lang: ReferenceLanguage, values?: readonly string[], sort = ALPHABETICAL_LISTS.has(list)): ReferenceChoice[] {
  const chosen = values ?? REFERENCE_LISTS[list].map((option: ListOption) => option.value);
  const choices = chosen.map((value) => ({ value, label: referenceName(list, value, lang) }));
  const counts = new Map<string, number>();
  for (const choice of choices) counts.set(choice.label, (counts.get(choice.label) ?? 0) + 1);
  for (const choice of choices) {
    if ((counts.get(choice.label) ?? 0) < 2) continue;
    const english = referenceOption(list, choice.value)?.en ?? choice.value;
    choice.label = english === choice.label ? `${choice.label} (${choice.value})` : `${choice.label} (${english})`;
  }
  if (!sort) return choices;
  const collator = new Intl.Collator(lang);
  return choices.sort((a, b) => Number(OTHER_VALUES.has(a.value)) - Number(OTHER_VALUES.has(b.value)) || collator.compare(a.label, b.label));
}
