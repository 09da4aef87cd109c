import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlipFormat, SlipJob, SlipLanguage } from '@shared/slips/slip-schema';
import { apiRequest } from '@web/lib/api-client';

// The constituency's slips as a job: the latest jobs, asked again every two seconds while one runs.
export function useSlipJobs(enabled: boolean) {
  return useQuery({
    queryKey: ['slips', 'jobs'],
    queryFn: ({ signal }) => apiRequest<{ jobs: SlipJob[] }>('/slips/jobs', { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.jobs.some((job) => job.state === 'running' || job.state === 'queued') ? 2000 : false),
  });
}

export function useStartSlipJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { lang: SlipLanguage; format: SlipFormat }) => apiRequest<SlipJob>('/slips/jobs', { method: 'POST', body: options }),
    // The started job shows at once from the answer (no second round trip on a slow line), and
    // its running state keeps the list polling.
    onSuccess: (job) => {
      queryClient.setQueryData<{ jobs: SlipJob[] }>(['slips', 'jobs'], (old) => ({ jobs: [job, ...(old?.jobs ?? []).filter((other) => other.id !== job.id)] }));
      return queryClient.invalidateQueries({ queryKey: ['slips', 'jobs'] });
    },
  });
}

export function useCancelSlipJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<SlipJob>(`/slips/jobs/${id}/cancel`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['slips', 'jobs'] }),
  });
}
