import type { Kysely } from 'kysely';
import {
  AGE_GROUPS,
  type ActivityItem,
  type AgeGroupRow,
  type AnalyticsFilters,
  type AreaRow,
  type CasteRow,
  compareBooths,
  type CrossRow,
  type DashboardStats,
  type FilterOptions,
  type GenderRow,
  percentages,
  type PreferenceRow,
} from '@shared/analytics/analytics-schema';
import type { Database } from '../../db/schema';
import { latestAuditLogs } from '../audit/audit-repository';
import { type KeptCountRow, keptDimensionCounts } from '../voters/kept-counts';

const orNull = (value: string) => (value === '' ? null : value);
// Largest first; ties by name so the order is stable from one request to the next.
const byCount = (a: KeptCountRow, b: KeptCountRow) => b.count - a.count || a.value1.localeCompare(b.value1) || a.value2.localeCompare(b.value2);

export async function genderCounts(db: Kysely<Database>, filters: AnalyticsFilters): Promise<GenderRow[]> {
  return (await keptDimensionCounts(db, 'gender', filters)).sort(byCount).map((row) => ({ gender: orNull(row.value1), count: row.count }));
}

export async function ageGroupCounts(db: Kysely<Database>, filters: AnalyticsFilters): Promise<AgeGroupRow[]> {
  const counts = new Map((await keptDimensionCounts(db, 'age_group', filters)).map((row) => [row.value1, row.count]));
  return AGE_GROUPS.filter((group) => counts.has(group)).map((group) => ({ age_group: group, count: counts.get(group) ?? 0 }));
}

export async function areaCounts(db: Kysely<Database>, filters: AnalyticsFilters, limit: number): Promise<AreaRow[]> {
  return (await keptDimensionCounts(db, 'ward_area', filters))
    .sort(byCount)
    .slice(0, limit)
    .map((row) => ({ ward_area: orNull(row.value1), voter_count: row.count }));
}

function withPercentages<T>(rows: KeptCountRow[], shape: (row: KeptCountRow, percentage: number) => T): T[] {
  const sorted = [...rows].sort(byCount);
  const shares = percentages(sorted.map((row) => row.count));
  return sorted.map((row, index) => shape(row, shares[index] ?? 0));
}

export async function casteCounts(db: Kysely<Database>, filters: AnalyticsFilters): Promise<CasteRow[]> {
  return withPercentages(await keptDimensionCounts(db, 'caste', filters), (row, percentage) => ({ caste: orNull(row.value1), count: row.count, percentage }));
}

export async function preferenceCounts(db: Kysely<Database>, filters: AnalyticsFilters): Promise<PreferenceRow[]> {
  return withPercentages(await keptDimensionCounts(db, 'political_preference', filters), (row, percentage) => ({
    political_preference: orNull(row.value1),
    count: row.count,
    percentage,
  }));
}

export async function crossCounts(db: Kysely<Database>, filters: AnalyticsFilters): Promise<CrossRow[]> {
  return withPercentages(await keptDimensionCounts(db, 'caste_preference', filters), (row, percentage) => ({
    caste: orNull(row.value1),
    political_preference: orNull(row.value2),
    count: row.count,
    percentage,
  }));
}

// The talukas, villages and booths that have at least one live voter.
export async function filterOptions(db: Kysely<Database>): Promise<FilterOptions> {
  const rows = await db.selectFrom('voter_stats').select(['taluka', 'village', 'booth']).distinct().where('dimension', '=', 'status').where('count', '>', 0).execute();
  const unique = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];
  return {
    talukas: unique(rows.map((row) => row.taluka)).sort((a, b) => a.localeCompare(b)),
    villages: unique(rows.map((row) => row.village)).sort((a, b) => a.localeCompare(b)),
    booths: unique(rows.map((row) => row.booth)).sort(compareBooths),
  };
}

export async function dashboardStats(db: Kysely<Database>): Promise<DashboardStats> {
  const [status, users, tasks, sms] = await Promise.all([
    keptDimensionCounts(db, 'status', {}),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('is_active', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('tasks').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('status').execute(),
    db.selectFrom('notification_recipients').select((eb) => eb.fn.countAll<number>().as('count')).where('sms_status', '=', 'sent').executeTakeFirstOrThrow(),
  ]);
  const taskCount = (name: string) => Number(tasks.find((row) => row.status === name)?.count ?? 0);
  return {
    totalVoters: status.reduce((sum, row) => sum + row.count, 0),
    activeVoters: status.find((row) => row.value1 === 'active')?.count ?? 0,
    activeUsers: Number(users.count),
    totalTasks: tasks.reduce((sum, row) => sum + Number(row.count), 0),
    completedTasks: taskCount('Completed'),
    inProgressTasks: taskCount('In Progress'),
    totalSmsSent: Number(sms.count),
  };
}

export async function recentActivity(db: Kysely<Database>, limit: number): Promise<ActivityItem[]> {
  const rows = await latestAuditLogs(db, limit);
  return rows.map(({ id, user_name, action, created_at, table_name, record_id, record_name, record_link }) => ({ id, user_name, action, created_at, table_name, record_id, record_name, record_link }));
}
