import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestDetail, ServiceRequestUpdate } from '@shared/service-requests/service-request-schema';
import { apiRequest } from '@web/lib/api-client';

// With the version the form started from: someone else's save meanwhile answers 409, and the
// refreshed request shows what they changed.
export function updateServiceRequest({ id, input }: { id: number; input: ServiceRequestUpdate }): Promise<ServiceRequestDetail> {
  return apiRequest<ServiceRequestDetail>(`/service-requests/${id}`, { method: 'PUT', body: input });
}

export function useUpdateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateServiceRequest, onSettled: () => queryClient.invalidateQueries({ queryKey: ['service-requests'] }) });
}
