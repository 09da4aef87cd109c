import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booth, BoothUpdate } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';
import { boothsQueryKey } from './get-booths';

// Sends the version the form loaded: a save over someone else's newer one answers 409.
export function updateBooth({ id, data }: { id: number; data: BoothUpdate }): Promise<Booth> {
  return apiRequest<Booth>(`/booths/${id}`, { method: 'PUT', body: data });
}

export function useUpdateBooth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBooth, onSuccess: () => queryClient.invalidateQueries({ queryKey: boothsQueryKey }) });
}
