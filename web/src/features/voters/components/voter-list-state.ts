import { quickSearchError, VOTER_FILTER_KEYS, type VoterFilterKey } from '@shared/voters/voter-query-keys';
import type { voterQuerySchema } from '@shared/voters/voter-schema';
import type { VoterListParams } from '../api/get-voters';

// What the voter list's address asks for, read without React, zod or the reference lists, so a
// start reads it before the first draw and the list's code stays small (issue 21, decision 044).
// The URL is the state (STYLE.md): tab, page and every filter live in the query string.
export const VOTER_TABS = ['entry', 'search', 'import'] as const;
export type VoterTab = (typeof VOTER_TABS)[number];

// The filters are the list query's parameters less paging (shared/voters/voter-query-keys.ts).
export type FilterKey = VoterFilterKey;
export const FILTER_KEYS: readonly FilterKey[] = VOTER_FILTER_KEYS;
export type VoterFilterValues = Record<FilterKey, string>;

type VoterQuerySchema = typeof voterQuerySchema;

// exactTotal=true: the list's total counted exactly, not estimated (decision 089). Kept while
// paging, dropped when a filter changes.
export const EXACT_TOTAL_PARAM = 'exactTotal';

export interface VoterListState {
  tab: VoterTab;
  page: number;
  filters: VoterFilterValues;
  listParams: VoterListParams;
  filterErrors: Partial<Record<FilterKey, string>>;
  queryValid: boolean;
  // The filters need the shared schema to be checked, and it is not in yet: the list waits.
  checking: boolean;
}

// The shared query schema, fetched the first time a filter other than the quick search needs it.
let querySchema: VoterQuerySchema | undefined;
let loadingSchema: Promise<VoterQuerySchema> | undefined;

export function loadedVoterQuerySchema(): VoterQuerySchema | undefined {
  return querySchema;
}

export function loadVoterQuerySchema(): Promise<VoterQuerySchema> {
  loadingSchema ??= import('@shared/voters/voter-schema').then(
    (module) => (querySchema = module.voterQuerySchema),
    (error: unknown) => {
      loadingSchema = undefined;
      throw error;
    },
  );
  return loadingSchema;
}

// What the address's query string asks the list for; also read before the screen renders, to ask
// for its data early (app/router.tsx). The quick search alone (the entry tab, a Karyakarta's list)
// is checked here; other filters with the shared schema's own rules and messages (e.g. "Maximum
// age must not be less than minimum age") once `schema` is given: a query the server would refuse
// is shown at its fields and not run.
export function voterListStateOf(params: URLSearchParams, schema: VoterQuerySchema | undefined = querySchema): VoterListState {
  const rawTab = params.get('tab');
  const tab: VoterTab = (VOTER_TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as VoterTab) : 'entry';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as VoterFilterValues;

  // The entry tab has only the quick search; the search tab sends every filter.
  const sent: readonly FilterKey[] = tab === 'search' ? FILTER_KEYS : ['search'];
  const listParams: VoterListParams = { page };
  for (const key of sent) if (filters[key]) listParams[key] = filters[key];
  if (params.get(EXACT_TOTAL_PARAM) === 'true') listParams.exactTotal = 'true';

  const filterErrors: Partial<Record<FilterKey, string>> = {};
  const needsSchema = Object.keys(listParams).some((key) => key !== 'page' && key !== 'search' && key !== EXACT_TOTAL_PARAM);
  if (needsSchema && !schema) return { tab, page, filters, listParams, filterErrors, queryValid: false, checking: true };
  if (needsSchema && schema) {
    const parsed = schema.safeParse(listParams);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (typeof key === 'string' && (FILTER_KEYS as readonly string[]).includes(key)) filterErrors[key as FilterKey] ??= issue.message;
      }
    }
  } else if (listParams.search !== undefined) {
    const error = quickSearchError(String(listParams.search));
    if (error) filterErrors.search = error;
  }
  return { tab, page, filters, listParams, filterErrors, queryValid: Object.keys(filterErrors).length === 0, checking: false };
}
