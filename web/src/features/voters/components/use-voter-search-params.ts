import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXACT_TOTAL_PARAM, FILTER_KEYS, type FilterKey, loadedVoterQuerySchema, loadVoterQuerySchema, voterListStateOf } from './voter-list-state';

// The voter list's tab, page and filters from the address, and the changes to them
// (voter-list-state.ts reads them).
export function useVoterSearchParams() {
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // The shared schema comes the first time a filter needs it; a phone that cannot fetch it (no
  // connection, nothing cached) leaves the check to the server.
  const [schema, setSchema] = useState(loadedVoterQuerySchema);
  const [schemaMissing, setSchemaMissing] = useState(false);
  const state = useMemo(() => voterListStateOf(new URLSearchParams(paramsKey), schema), [paramsKey, schema]);
  const { tab, page, filters, listParams, filterErrors } = state;
  const checking = state.checking && !schemaMissing;
  const queryValid = state.queryValid || (state.checking && schemaMissing);
  // Asked for as soon as the search tab opens, so its first filter seldom waits.
  const wantsSchema = checking || (tab === 'search' && !schema && !schemaMissing);
  useEffect(() => {
    if (wantsSchema) loadVoterQuerySchema().then(setSchema, () => setSchemaMissing(true));
  }, [wantsSchema]);

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

  // Changing a filter goes back to page 1 (spec section 4: a filter change re-fetches), and a
  // new search gets an estimated total again where it has many matches (decision 089).
  const setFilter = useCallback(
    (key: FilterKey, value: string) =>
      update((next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        next.delete(EXACT_TOTAL_PARAM);
      }),
    [update],
  );

  // "Count exactly": the list asks for the exact total instead of the estimate, for this search
  // and its pages.
  const countExactly = useCallback(() => update((next) => next.set(EXACT_TOTAL_PARAM, 'true')), [update]);

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
        for (const key of [...FILTER_KEYS, 'page', EXACT_TOTAL_PARAM]) next.delete(key);
      }),
    [update],
  );

  const activeFilterCount = FILTER_KEYS.filter((key) => filters[key] !== '').length;
  return { tab, page, filters, listParams, queryValid, checking, filterErrors, setFilter, setPage, clearAll, countExactly, activeFilterCount };
}
