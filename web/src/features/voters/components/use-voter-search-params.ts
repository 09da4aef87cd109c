import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { voterQuerySchema } from '@shared/voters/voter-schema';
import type { VoterListParams } from '../api/get-voters';

// The URL is the state (STYLE.md): tab, page and every filter live in the query string, so a
// search can be bookmarked, shared, and survives a reload.
export const VOTER_TABS = ['entry', 'search', 'import'] as const;
export type VoterTab = (typeof VOTER_TABS)[number];

// The filters are the list query's parameters less paging, read off the shared schema so a filter
// the server learns is one the URL keeps (zod 4 keeps `.shape` on a refined object).
type VoterQueryKey = keyof typeof voterQuerySchema.shape;
export type FilterKey = Exclude<VoterQueryKey, 'page' | 'limit'>;
export const FILTER_KEYS: readonly FilterKey[] = (Object.keys(voterQuerySchema.shape) as VoterQueryKey[]).filter((key): key is FilterKey => key !== 'page' && key !== 'limit');
export type VoterFilterValues = Record<FilterKey, string>;

export function useVoterSearchParams() {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: VoterTab = (VOTER_TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as VoterTab) : 'entry';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const paramsKey = params.toString();

  const filters = useMemo(() => {
    const current = new URLSearchParams(paramsKey);
    return Object.fromEntries(FILTER_KEYS.map((key) => [key, current.get(key) ?? ''])) as VoterFilterValues;
  }, [paramsKey]);

  // The entry tab has only the quick search; the search tab sends every filter.
  const listParams = useMemo<VoterListParams>(() => {
    const sent: readonly FilterKey[] = tab === 'search' ? FILTER_KEYS : ['search'];
    const query: VoterListParams = { page };
    for (const key of sent) if (filters[key]) query[key] = filters[key];
    return query;
  }, [tab, filters, page]);

  // The shared schema's own rules and messages (e.g. "Maximum age must not be less than minimum
  // age"), checked before sending: a query the server would refuse is shown at its fields and not run.
  const filterErrors = useMemo<Partial<Record<FilterKey, string>>>(() => {
    const parsed = voterQuerySchema.safeParse(listParams);
    if (parsed.success) return {};
    const errors: Partial<Record<FilterKey, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && (FILTER_KEYS as readonly string[]).includes(key)) errors[key as FilterKey] ??= issue.message;
    }
    return errors;
  }, [listParams]);
  const queryValid = Object.keys(filterErrors).length === 0;

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setParams(
        // From the address bar: React Router hands every update made before the next render the
        // same (stale) params, so two quick changes would lose the first.
        () => {
          const next = new URLSearchParams(window.location.search);
          change(next);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // Changing a filter goes back to page 1 (spec section 4: a filter change re-fetches).
  const setFilter = useCallback(
    (key: FilterKey, value: string) =>
      update((next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
      }),
    [update],
  );

  const setPage = useCallback(
    (value: number) =>
      update((next) => {
        if (value > 1) next.set('page', String(value));
        else next.delete('page');
      }),
    [update],
  );

  const clearAll = useCallback(
    () =>
      update((next) => {
        for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
      }),
    [update],
  );

  const activeFilterCount = FILTER_KEYS.filter((key) => filters[key] !== '').length;
  return { tab, page, filters, listParams, queryValid, filterErrors, setFilter, setPage, clearAll, activeFilterCount };
}
