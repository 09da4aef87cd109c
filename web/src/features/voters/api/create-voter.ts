import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voter } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { toVoterFormData } from './save-voter-form-data';

export interface CreateVoterInput {
  values: Record<string, unknown>;
  photo: File | null;
}

export function createVoter({ values, photo }: CreateVoterInput): Promise<Voter> {
  return apiRequest<Voter>('/voters', { method: 'POST', body: toVoterFormData(values, photo, false) });
}

export function useCreateVoter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voters', 'list'] }),
  });
}
