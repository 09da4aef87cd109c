import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlagReportValues, ReportedFlag } from '@shared/availability/availability-schema';
import { apiRequest } from '@web/lib/api-client';
import { reportFlagWithOutbox } from '@web/lib/offline/offline-api';

export interface ReportFlagInput {
  voterId: number;
  report: FlagReportValues;
}

// A report from a voter's card (issue 61). Without a connection a field user's report waits in
// the outbox with its Idempotency-Key, and the server saves it once however often it is sent.
export function reportFlag({ voterId, report }: ReportFlagInput): Promise<ReportedFlag> {
  return reportFlagWithOutbox(voterId, report, (idempotencyKey) => apiRequest<ReportedFlag>(`/voters/${voterId}/flags`, { method: 'POST', body: report, idempotencyKey }));
}

export function useReportFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportFlag,
    onSuccess: (reported) => {
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'history', reported.flag.voter_id] });
      return queryClient.invalidateQueries({ queryKey: ['voter-flags'] });
    },
  });
}
