import { useCallback, useSyncExternalStore } from 'react';

const hasMediaQueries = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

// Whether the screen matches a media query, kept up to date as it changes; null where the browser
// cannot tell (no matchMedia, as in unit tests): draw both versions then and let CSS pick. A phone
// then builds only what it shows (issue 21, decisions 037 and 044).
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!hasMediaQueries()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (hasMediaQueries() ? window.matchMedia(query).matches : null),
    () => null,
  );
}
