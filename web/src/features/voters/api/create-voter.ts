import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voter } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { createVoterWithOutbox } from '@web/lib/offline/offline-api';
import { toVoterFormData } from './save-voter-form-data';

export interface CreateVoterInput {
  values: Record<string, unknown>;
  photo: File | null;
}

export function createVoter({ values, photo }: CreateVoterInput): Promise<Voter> {
  // Without a connection a field user's new voter waits in the outbox (lib/offline).
  return createVoterWithOutbox(values, photo !== null, (idempotencyKey) => apiRequest<Voter>('/voters', { method: 'POST', body: toVoterFormData(values, photo, false), idempotencyKey }));
}

export function useCreateVoter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voters', 'list'] }),
  });
}
