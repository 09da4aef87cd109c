import type { Kysely } from 'kysely';
import type { AnalyticsFilters } from '@shared/analytics/analytics-schema';
import type { Database } from '../server/src/db/schema';
import {
  ageGroupCounts,
  areaCounts,
  casteCounts,
  crossCounts,
  dashboardStats,
  filterOptions,
  genderCounts,
  preferenceCounts,
} from '../server/src/features/analytics/analytics-repository';

type Measure = (run: (index: number) => Promise<unknown>) => Promise<{ p50: number; p95: number }>;

// Issue 7's figures: every analytics endpoint with no filter and with each filter
// combination, plus the dashboard, through HTTP and directly on the repository.
export async function benchAnalytics(address: string, headers: Record<string, string>, db: Kysely<Database>, measure: Measure): Promise<string[][]> {
  const options = await filterOptions(db);
  const pick = (values: string[], index: number) => values[index % Math.max(values.length, 1)] ?? '';
  const combos: [string, (index: number) => AnalyticsFilters][] = [
    ['no filter', () => ({})],
    ['taluka', (i) => ({ taluka: pick(options.talukas, i) })],
    ['village', (i) => ({ village: pick(options.villages, i * 7) })],
    ['booth', (i) => ({ booth: pick(options.booths, i * 13) })],
    ['taluka + village + booth', (i) => ({ taluka: pick(options.talukas, i), village: pick(options.villages, i * 7), booth: pick(options.booths, i * 13) })],
  ];
  const endpoints: [string, (filters: AnalyticsFilters) => Promise<unknown>][] = [
    ['gender', (filters) => genderCounts(db, filters)],
    ['age-groups', (filters) => ageGroupCounts(db, filters)],
    ['areas', (filters) => areaCounts(db, filters, 50)],
    ['caste', (filters) => casteCounts(db, filters)],
    ['political-preference', (filters) => preferenceCounts(db, filters)],
    ['caste-political-cross', (filters) => crossCounts(db, filters)],
  ];
  const rows: string[][] = [];
  const row = (name: string, http: { p50: number; p95: number }, direct: { p50: number; p95: number }) =>
    rows.push([name, http.p50.toFixed(1), http.p95.toFixed(1), direct.p50.toFixed(1), direct.p95.toFixed(1)]);

  const get = async (path: string, filters: AnalyticsFilters = {}) => {
    const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const response = await fetch(`${address}/api/analytics/${path}?${query}`, { headers });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  };
  for (const [endpoint, direct] of endpoints) {
    for (const [comboName, filters] of combos) {
      row(`${endpoint}, ${comboName}`, await measure((i) => get(endpoint, filters(i))), await measure((i) => direct(filters(i))));
    }
  }
  row('dashboard', await measure(() => get('dashboard')), await measure(() => dashboardStats(db)));
  row('filter-options', await measure(() => get('filter-options')), await measure(() => filterOptions(db)));
  return rows;
}
