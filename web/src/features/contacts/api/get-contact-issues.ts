import { useQuery } from '@tanstack/react-query';
import type { ContactOptions } from '@shared/contacts/contact-schema';
import { apiRequest } from '@web/lib/api-client';

// The office's issues list (Settings): fetched once a few minutes, like the display settings.
export function useContactIssues() {
  return useQuery({
    queryKey: ['contacts', 'issues'],
    queryFn: ({ signal }) => apiRequest<ContactOptions>('/contacts/issues', { signal }),
    staleTime: 5 * 60_000,
    select: (options) => options.issues,
  });
}
