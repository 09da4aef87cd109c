import castesData from './data/castes.json';
import partiesData from './data/parties.json';
import talukasData from './data/talukas.json';
import listsData from './data/voter-lists.json';
import villagesData from './data/villages.json';
import type { ListOption } from './staff-lists';

// The lists of the Voter entity (spec section 3). The data lives in JSON beside this file
// (docs/reference-lists.md says where each came from) so an organisation can edit
// a list without touching code; `value` is what is stored, `en`/`mr` what is shown.
export interface CasteEntry {
  name: string;
  // The reservation category (spec section 3 `category` values) the caste usually falls in.
  category: string;
  subcastes: string[];
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
export const TALUKAS: readonly ListOption[] = talukasData;
export const POLITICAL_PREFERENCES: readonly ListOption[] = partiesData;
export const CASTES: readonly CasteEntry[] = castesData;

// Villages by taluka, plus "Other" for a village outside the three talukas.
export const OTHER_VILLAGE = 'Other';
export const VILLAGES_BY_TALUKA: Readonly<Record<string, readonly string[]>> = villagesData;
export const VILLAGES: readonly string[] = [...new Set(Object.values(VILLAGES_BY_TALUKA).flat())].sort((a, b) => a.localeCompare(b)).concat(OTHER_VILLAGE);

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
