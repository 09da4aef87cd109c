import { useQuery } from '@tanstack/react-query';
import type { ServiceAnalytics, ServiceAnalyticsQuery, ServiceCounts } from '@shared/service-requests/service-request-analytics';
import { apiRequest } from '@web/lib/api-client';

// The office dashboard's request counts and the analytics section (decision 090).
export function useServiceCounts() {
  return useQuery({ queryKey: ['service-requests', 'counts'], queryFn: () => apiRequest<ServiceCounts>('/service-requests/counts') });
}

export function useServiceAnalytics(query: ServiceAnalyticsQuery) {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<string, string>;
  return useQuery({ queryKey: ['service-requests', 'analytics', params], queryFn: () => apiRequest<ServiceAnalytics>('/service-requests/analytics', { query: params }) });
}
