import { useQuery } from '@tanstack/react-query';
import type { SmsPricing } from '@shared/notifications/notification-schema';
import { apiRequest } from '@web/lib/api-client';

export function getSmsPricing(): Promise<SmsPricing> {
  return apiRequest<SmsPricing>('/notifications/sms-pricing');
}

export function useSmsPricing() {
  return useQuery({ queryKey: ['notifications', 'sms-pricing'], queryFn: getSmsPricing, staleTime: 5 * 60_000 });
}
