import { useQuery } from '@tanstack/react-query';
import type { ServiceRequestDetail } from '@shared/service-requests/service-request-schema';
import { apiRequest } from '@web/lib/api-client';

export const serviceRequestKey = (id: number) => ['service-requests', 'detail', id] as const;

export function getServiceRequest(id: number): Promise<ServiceRequestDetail> {
  return apiRequest<ServiceRequestDetail>(`/service-requests/${id}`);
}

export function useServiceRequest(id: number | null) {
  return useQuery({ queryKey: serviceRequestKey(id ?? 0), queryFn: () => getServiceRequest(id ?? 0), enabled: id !== null });
}
