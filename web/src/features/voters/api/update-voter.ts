import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voter } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { toVoterFormData } from './save-voter-form-data';

export interface UpdateVoterInput {
  id: number;
  values: Record<string, unknown>;
  photo: File | null;
  removePhoto: boolean;
}

export function updateVoter({ id, values, photo, removePhoto }: UpdateVoterInput): Promise<Voter> {
  return apiRequest<Voter>(`/voters/${id}`, { method: 'PUT', body: toVoterFormData(values, photo, removePhoto) });
}

export function useUpdateVoter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoter,
    onSuccess: (voter) => {
      queryClient.setQueryData(['voters', 'detail', voter.id], voter);
      return queryClient.invalidateQueries({ queryKey: ['voters', 'list'] });
    },
  });
}
