import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ROLL_FILE_FIELD,
  ROLL_IMPORT_BUSY,
  type RollAbsentVoter,
  type RollCorrection,
  type RollImport,
  type RollReviewFilter,
  type RollReviewRow,
} from '@shared/rolls/roll-import-schema';
import { apiRequest, getStoredToken } from '@web/lib/api-client';

// The roll import's API calls (issue 19): upload, follow, review, correct, commit, cancel.

const busy = (item: RollImport | undefined) => item !== undefined && ROLL_IMPORT_BUSY.includes(item.state);

export function useRollImports() {
  return useQuery({
    queryKey: ['rolls', 'imports'],
    queryFn: ({ signal }) => apiRequest<{ imports: RollImport[] }>('/rolls/imports', { signal }),
    // Asked again every two seconds while a roll is being read: the progress bar moves.
    refetchInterval: (query) => (query.state.data?.imports.some(busy) ? 2000 : false),
  });
}

export function useRollImport(id: number | null) {
  return useQuery({
    queryKey: ['rolls', 'import', id],
    queryFn: ({ signal }) => apiRequest<RollImport>(`/rolls/imports/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (busy(query.state.data) ? 2000 : false),
  });
}

export function useReviewRows(id: number | null, params: { filter: RollReviewFilter; page: number }, enabled: boolean) {
  return useQuery({
    queryKey: ['rolls', 'rows', id, params],
    queryFn: ({ signal }) => apiRequest<{ rows: RollReviewRow[]; total: number; page: number; limit: number }>(`/rolls/imports/${id}/voters`, { query: params, signal }),
    enabled: id !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAbsentVoters(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['rolls', 'absent', id],
    queryFn: ({ signal }) => apiRequest<{ voters: RollAbsentVoter[] }>(`/rolls/imports/${id}/absent`, { signal }),
    enabled: id !== null && enabled,
  });
}

export function useUploadRolls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => {
      const form = new FormData();
      for (const file of files) form.append(ROLL_FILE_FIELD, file);
      return apiRequest<{ imports: RollImport[] }>('/rolls/imports', { method: 'POST', body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rolls'] }),
  });
}

export function useCancelRollImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<RollImport>(`/rolls/imports/${id}/cancel`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rolls'] }),
  });
}

export function useCorrectRow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ n, body }: { n: number; body: RollCorrection }) => apiRequest<RollReviewRow>(`/rolls/imports/${id}/voters/${n}`, { method: 'PUT', body }),
    // The summary's counts move with each correction.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rolls', 'import', id] }),
  });
}

// The booth the voters go to, chosen by the office: the comparison, the voters no longer on the
// roll and the part check follow it (issue 54).
export function useChooseRollBooth(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booth: string) => apiRequest<RollImport>(`/rolls/imports/${id}/booth`, { method: 'PUT', body: { booth } }),
    onSuccess: (item) => queryClient.setQueryData(['rolls', 'import', id], item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rolls'] }),
  });
}

export interface RollCommitRequest {
  delete_voter_ids: number[];
  delete_voter_versions: Record<string, number>;
  confirm_difference: boolean;
  update_booth: boolean;
}

export function useCommitRollImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RollCommitRequest) => apiRequest<RollImport>(`/rolls/imports/${id}/commit`, { method: 'POST', body }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['rolls'] });
      await queryClient.invalidateQueries({ queryKey: ['voters'] });
    },
  });
}

// The box's image comes from the authenticated crop route: fetched with the token and shown
// from a blob URL (an <img src> cannot send it).
export function useCropUrl(id: number, n: number, enabled: boolean): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ key: string; url: string | null; failed: boolean } | null>(null);
  const key = `${id}:${n}`;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getStoredToken();
    fetch(`/api/rolls/imports/${id}/voters/${n}/crop.png`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`crop ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ key, url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ key, url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, n, enabled, key]);
  return state && state.key === key ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}
