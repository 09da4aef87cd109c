import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '@web/lib/session';
import { router } from './router';

export function App() {
  // Weak mobile data: keep results a little while and retry a failed read once.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      {/* Top-right, with react-hot-toast's default durations, which are the spec's. */}
      <Toaster position="top-right" />
    </QueryClientProvider>
  );
}
