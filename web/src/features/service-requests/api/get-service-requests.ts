import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceRequestList, ServiceRequestQuery } from '@shared/service-requests/service-request-schema';
import { apiRequest } from '@web/lib/api-client';

// The list query as the address holds it (page, limit and every filter, as text).
export type ServiceRequestListParams = Partial<Record<keyof ServiceRequestQuery, string>>;

export function getServiceRequests(params: ServiceRequestListParams): Promise<ServiceRequestList> {
  return apiRequest<ServiceRequestList>('/service-requests', { query: params });
}

export function useServiceRequests(params: ServiceRequestListParams) {
  // Keep the current page on screen while the next one loads.
  return useQuery({ queryKey: ['service-requests', 'list', params], queryFn: () => getServiceRequests(params), placeholderData: keepPreviousData });
}
