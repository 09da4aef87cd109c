import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceNoteInput, ServiceRequestDetail } from '@shared/service-requests/service-request-schema';
import { apiRequest } from '@web/lib/api-client';

export function addServiceNote({ id, input }: { id: number; input: ServiceNoteInput }): Promise<ServiceRequestDetail> {
  return apiRequest<ServiceRequestDetail>(`/service-requests/${id}/notes`, { method: 'POST', body: input });
}

export function useAddServiceNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addServiceNote, onSettled: () => queryClient.invalidateQueries({ queryKey: ['service-requests'] }) });
}
