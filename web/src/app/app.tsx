import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { NewVersionBanner } from '@web/components/layout/new-version-banner';
import { PageToaster } from '@web/components/ui/toast-layer';
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
      <NewVersionBanner />
      {/* Above any open dialog (see toast-layer). */}
      <PageToaster />
    </QueryClientProvider>
  );
}
