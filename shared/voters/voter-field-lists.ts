import type { ReferenceListName } from '../reference/reference-names';
import type { VoterField } from './voter-fields';

// Which reference list names each list field of the voter table (voter-fields.ts): the form,
// the filters and the tables show a stored value through it in the chosen language, and an
// import matches a typed name through it (reference-names.ts). Booths are codes, not names.
export const VOTER_FIELD_LISTS = {
  gender: 'genders',
  relation_type: 'relationTypes',
  religion: 'religions',
  disability: 'disabilities',
  village: 'villages',
  taluka: 'talukas',
  category: 'categories',
  caste: 'castes',
  sub_caste: 'subcastes',
  political_preference: 'parties',
  occupation: 'occupations',
  occupation_subcategory: 'occupationSubcategories',
  message_language: 'messageLanguages',
} as const satisfies Partial<Record<VoterField, ReferenceListName>>;

export type ListVoterField = keyof typeof VOTER_FIELD_LISTS;

export function voterFieldList(field: string): ReferenceListName | undefined {
  return Object.hasOwn(VOTER_FIELD_LISTS, field) ? VOTER_FIELD_LISTS[field as ListVoterField] : undefined;
}
