import castesData from './data/castes.json';
import partiesData from './data/parties.json';
import talukasData from './data/talukas.json';
import listsData from './data/voter-lists.json';
import villagesData from './data/villages.json';
import type { ListOption, PartyOption, VillageOption } from './list-option';

// The lists of the Voter entity (spec section 3). The data lives in JSON beside this file
// (docs/reference-lists.md says where each came from and how to edit it) so an organisation can
// edit a list without touching code; `value` is what is stored, `en`/`mr`/`hi`/`gu` what is
// shown (reference-names.ts reads them).
export interface CasteOption extends ListOption {
  // The reservation category (spec section 3 `category` values) the caste usually falls in.
  category: string;
  subcastes: readonly ListOption[];
}

// A caste by its stored values only: what validation, the bench and the field table read.
export interface CasteEntry {
  name: string;
  category: string;
  subcastes: readonly string[];
}

export const GENDERS: readonly ListOption[] = listsData.genders;
// Who the roll's relative name is (father, husband, mother, other), as the roll prints it.
export const RELATION_TYPES: readonly ListOption[] = listsData.relationTypes;
export const CATEGORIES: readonly ListOption[] = listsData.categories;
export const RELIGIONS: readonly ListOption[] = listsData.religions;
export const DISABILITIES: readonly ListOption[] = listsData.disabilities;
export const OCCUPATIONS: readonly ListOption[] = listsData.occupations;
export const OCCUPATION_SUBCATEGORIES: readonly ListOption[] = listsData.occupationSubcategories;
export const HEAD_OF_HOUSE_VALUES: readonly number[] = listsData.headOfHouse;
// The language a voter's messages are written in (issue 60): the four of the templates.
export const MESSAGE_LANGUAGES: readonly ListOption[] = [
  { value: 'mr', en: 'Marathi', mr: 'मराठी', hi: 'मराठी', gu: 'મરાઠી' },
  { value: 'hi', en: 'Hindi', mr: 'हिंदी', hi: 'हिन्दी', gu: 'હિન્દી' },
  { value: 'gu', en: 'Gujarati', mr: 'गुजराती', hi: 'गुजराती', gu: 'ગુજરાતી' },
  { value: 'en', en: 'English', mr: 'इंग्रजी', hi: 'अंग्रेज़ी', gu: 'અંગ્રેજી' },
];
export const TALUKAS: readonly ListOption[] = talukasData;
export const POLITICAL_PREFERENCES: readonly PartyOption[] = partiesData;
export const CASTE_OPTIONS: readonly CasteOption[] = castesData;
export const CASTES: readonly CasteEntry[] = CASTE_OPTIONS.map((caste) => ({ name: caste.value, category: caste.category, subcastes: caste.subcastes.map((sub) => sub.value) }));
// Every sub-caste once (a few, such as Kunbi-Maratha, sit under two castes with the same names).
export const SUBCASTE_OPTIONS: readonly ListOption[] = uniqueByValue(CASTE_OPTIONS.flatMap((caste) => caste.subcastes));

// Villages by taluka, plus "Other" for a village outside the three talukas.
export const OTHER_VILLAGE = 'Other';
export const OTHER_VILLAGE_OPTION: VillageOption = { value: OTHER_VILLAGE, en: 'Other', mr: 'इतर', hi: 'अन्य', gu: 'અન્ય' };
export const VILLAGE_OPTIONS_BY_TALUKA: Readonly<Record<string, readonly VillageOption[]>> = villagesData;
export const VILLAGE_OPTIONS: readonly VillageOption[] = [...uniqueByValue(Object.values(VILLAGE_OPTIONS_BY_TALUKA).flat())].sort((a, b) => a.value.localeCompare(b.value)).concat(OTHER_VILLAGE_OPTION);
export const VILLAGES_BY_TALUKA: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(VILLAGE_OPTIONS_BY_TALUKA).map(([taluka, villages]) => [taluka, villages.map((village) => village.value)]));
export const VILLAGES: readonly string[] = VILLAGE_OPTIONS.map((village) => village.value);

const values = (options: readonly ListOption[]) => options.map((option) => option.value);
export const GENDER_VALUES = values(GENDERS);
export const CATEGORY_VALUES = values(CATEGORIES);
export const RELIGION_VALUES = values(RELIGIONS);
export const DISABILITY_VALUES = values(DISABILITIES);
export const OCCUPATION_VALUES = values(OCCUPATIONS);
export const OCCUPATION_SUBCATEGORY_VALUES = values(OCCUPATION_SUBCATEGORIES);
export const TALUKA_VALUES = values(TALUKAS);
export const POLITICAL_PREFERENCE_VALUES = values(POLITICAL_PREFERENCES);
export const CASTE_VALUES = CASTES.map((caste) => caste.name);

const CASTE_BY_NAME = new Map(CASTES.map((caste) => [caste.name, caste]));

// Spec section 4: the sub-caste select offers the chosen caste's own list (empty when none).
export function subcastesOf(caste: string | null | undefined): readonly string[] {
  return (caste && CASTE_BY_NAME.get(caste)?.subcastes) || [];
}

// A village belongs to a taluka when that taluka's list holds it; "Other" fits any taluka.
export function villagesOf(taluka: string | null | undefined): readonly string[] {
  if (!taluka || !VILLAGES_BY_TALUKA[taluka]) return VILLAGES;
  return [...(VILLAGES_BY_TALUKA[taluka] ?? []), OTHER_VILLAGE];
}

function uniqueByValue<T extends ListOption>(options: readonly T[]): T[] {
  return [...new Map(options.map((option) => [option.value, option])).values()];
}
