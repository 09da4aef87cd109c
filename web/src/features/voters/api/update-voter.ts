import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voter } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { updateVoterWithOutbox } from '@web/lib/offline/offline-api';
import { toVoterFormData } from './save-voter-form-data';

export interface UpdateVoterInput {
  id: number;
  // The version the form loaded: a save over someone else's newer one answers 409.
  version: number;
  values: Record<string, unknown>;
  photo: File | null;
  removePhoto: boolean;
}

export function updateVoter({ id, version, values, photo, removePhoto }: UpdateVoterInput): Promise<Voter> {
  const body = toVoterFormData(values, photo, removePhoto);
  body.append('version', String(version));
  // Without a connection a field user's edit waits in the outbox (lib/offline).
  return updateVoterWithOutbox(id, version, values, photo !== null || removePhoto, (idempotencyKey) => apiRequest<Voter>(`/voters/${id}`, { method: 'PUT', body, idempotencyKey }));
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
