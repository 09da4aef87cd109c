import { useQuery } from '@tanstack/react-query';
import type { ActivityItem, DashboardStats } from '@shared/analytics/analytics-schema';
import { apiRequest } from '@web/lib/api-client';

// Spec section 8: dashboard load failures are silent (console only); loading ends either way.
async function quietly<T>(request: Promise<T>, what: string): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    console.error(`Failed to load ${what}`, error);
    return null;
  }
}

export function useDashboardStats() {
  return useQuery({ queryKey: ['analytics', 'dashboard'], queryFn: () => quietly(apiRequest<DashboardStats>('/analytics/dashboard'), 'dashboard stats'), retry: false });
}

export function useRecentActivity() {
  return useQuery({ queryKey: ['analytics', 'recent-activity'], queryFn: () => quietly(apiRequest<ActivityItem[]>('/analytics/recent-activity'), 'recent activity'), retry: false });
}
