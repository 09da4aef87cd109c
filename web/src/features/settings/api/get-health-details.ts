import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthDetails } from '@shared/health/health-schema';
import { apiRequest } from '@web/lib/api-client';

export const healthDetailsQuery = queryOptions({
  queryKey: ['health', 'details'],
  queryFn: ({ signal }) => apiRequest<HealthDetails>('/health/details', { signal }),
});

export function useHealthDetails() {
  return useQuery(healthDetailsQuery);
}
