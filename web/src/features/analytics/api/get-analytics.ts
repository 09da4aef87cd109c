import { useQuery } from '@tanstack/react-query';
import type { AgeGroupRow, AnalyticsFilters, AreaRow, CasteRow, CrossRow, FilterOptions, GenderRow, PreferenceRow } from '@shared/analytics/analytics-schema';
import { apiRequest } from '@web/lib/api-client';

export interface AnalyticsData {
  gender: GenderRow[];
  ageGroups: AgeGroupRow[];
  areas: AreaRow[];
  caste: CasteRow[];
  preference: PreferenceRow[];
  cross: CrossRow[];
}

const EMPTY: AnalyticsData = { gender: [], ageGroups: [], areas: [], caste: [], preference: [], cross: [] };

// Spec section 8: analytics fetches fail silently (console only) and loading ends either way.
async function quietly<T>(path: string, query: AnalyticsFilters, fallback: T): Promise<T> {
  try {
    return await apiRequest<T>(path, { query: { ...query } });
  } catch (error) {
    console.error(`Failed to load ${path}`, error);
    return fallback;
  }
}

// Every list reloads whenever any of the three independent filters changes (spec section 4).
export function useAnalytics(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: ['analytics', 'data', filters],
    queryFn: async (): Promise<AnalyticsData> => {
      const [gender, ageGroups, areas, caste, preference, cross] = await Promise.all([
        quietly<GenderRow[]>('/analytics/gender', filters, EMPTY.gender),
        quietly<AgeGroupRow[]>('/analytics/age-groups', filters, EMPTY.ageGroups),
        quietly<AreaRow[]>('/analytics/areas', filters, EMPTY.areas),
        quietly<CasteRow[]>('/analytics/caste', filters, EMPTY.caste),
        quietly<PreferenceRow[]>('/analytics/political-preference', filters, EMPTY.preference),
        quietly<CrossRow[]>('/analytics/caste-political-cross', filters, EMPTY.cross),
      ]);
      return { gender, ageGroups, areas, caste, preference, cross };
    },
    placeholderData: (previous) => previous,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: ['analytics', 'filter-options'],
    queryFn: () => quietly<FilterOptions>('/analytics/filter-options', {}, { talukas: [], villages: [], booths: [] }),
  });
}
