// The voter list query's filters by name, and the quick search's one rule, without zod or the
// reference lists (issue 21, decision 044): the voter list reads the address with these before
// its first draw; the search tab's filters are checked with the whole schema, fetched with that
// tab. voter-schema.ts builds `voterQuerySchema` from the same names and limit (a unit test
// proves the keys agree: web/src/features/voters/components/voter-list-state.test.ts).
export const VOTER_FILTER_KEYS = [
  'search',
  'area',
  'father_husband_name',
  'gender',
  'village',
  'booth',
  'taluka',
  'caste',
  'political_preference',
  'occupation',
  'mobile_filter',
  'age_min',
  'age_max',
  'support_level',
  'voter_status',
] as const;
export type VoterFilterKey = (typeof VOTER_FILTER_KEYS)[number];

// The text filters' limit (search, area, a name, an exact value).
export const QUERY_TEXT_MAX = 100;
export const queryTextTooLong = (label: string) => `${label} must be at most ${QUERY_TEXT_MAX} characters`;

// The quick search's rule as the schema states it (trimmed, at most 100 characters), with its
// message; undefined when the search is fine.
export function quickSearchError(search: string): string | undefined {
  return search.trim().length > QUERY_TEXT_MAX ? queryTextTooLong('Search') : undefined;
}
