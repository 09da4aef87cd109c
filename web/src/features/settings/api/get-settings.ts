import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionedSettings } from '@shared/settings/settings-schema';
import { apiRequest } from '@web/lib/api-client';

export const settingsQuery = queryOptions({
  queryKey: ['settings', 'all'],
  queryFn: ({ signal }) => apiRequest<VersionedSettings>('/settings', { signal }),
});

export function useSettings() {
  return useQuery(settingsQuery);
}
