import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestDetail, ServiceRequestInput } from '@shared/service-requests/service-request-schema';
import { apiRequest } from '@web/lib/api-client';

export function createServiceRequest(input: ServiceRequestInput): Promise<ServiceRequestDetail> {
  return apiRequest<ServiceRequestDetail>('/service-requests', { method: 'POST', body: input });
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createServiceRequest, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['service-requests'] }) });
}
