import { QueryClient } from '@tanstack/react-query';

// The app's one query cache: created with the page, so a start can ask for its screen's data
// while the screen's code loads (app/router.tsx, preloadPage), before React renders (issue 21).
// Weak mobile data: keep results a little while and retry a failed read once.
// networkMode 'always': without a connection the calls still run, so a field user's reads fall
// back to the phone's copy and changes go to the outbox (lib/offline).
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'always' }, mutations: { networkMode: 'always' } },
});
