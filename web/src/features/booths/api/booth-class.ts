import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsFilters } from '@shared/analytics/analytics-schema';
import type { BoothAnalytics, ClassOverride, WorkerCoverage } from '@shared/booths/booth-class';
import type { BoothClassResult } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';
import { boothsQueryKey } from './get-booths';

// Booth classes and coverage (issue 20, docs/decisions/028-booth-classes-and-coverage.md).

export function setBoothClass({ id, data }: { id: number; data: ClassOverride }): Promise<BoothClassResult> {
  return apiRequest<BoothClassResult>(`/booths/${id}/class`, { method: 'PUT', body: data });
}

export function useSetBoothClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBoothClass,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['analytics', 'coverage'] });
      return queryClient.invalidateQueries({ queryKey: boothsQueryKey });
    },
  });
}

const query = (filters: AnalyticsFilters) => {
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function useBoothAnalytics(filters: AnalyticsFilters) {
  return useQuery({ queryKey: ['analytics', 'coverage', 'booths', filters], queryFn: ({ signal }) => apiRequest<BoothAnalytics>(`/analytics/booths${query(filters)}`, { signal }) });
}

export function useWorkerCoverage(filters: AnalyticsFilters) {
  return useQuery({ queryKey: ['analytics', 'coverage', 'workers', filters], queryFn: ({ signal }) => apiRequest<WorkerCoverage>(`/analytics/workers${query(filters)}`, { signal }) });
}
