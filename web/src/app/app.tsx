import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { NewVersionBanner } from '@web/components/layout/new-version-banner';
import { PageToaster } from '@web/components/ui/toast-layer';
import { queryClient } from '@web/lib/query-client';
import { SessionProvider } from '@web/lib/session';
import { AppRoutes } from './router';

export function App() {
  // One cache for the page (lib/query-client.ts): a start's data may already be on its way.
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
      <NewVersionBanner />
      {/* Above any open dialog (see toast-layer). */}
      <PageToaster />
    </QueryClientProvider>
  );
}
