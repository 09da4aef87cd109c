import type { BoothScope } from '@shared/auth/booth-scope';
import { median, type ServiceAnalytics, type ServiceAnalyticsQuery, type ServiceCounts, sharePercent } from '@shared/service-requests/service-request-analytics';
import { startOfZonedDay } from '@shared/time/zoned-time';
import type { Executor } from '../../db/dialects/database-dialect';
import { serviceAnalyticsRows, serviceCounts } from './service-request-analytics-repository';
import { officeDay } from './service-requests-use-cases';

const DAY_MS = 86_400_000;

// The office's dashboard: open, overdue and resolved this month, in the office's calendar.
export async function requestCounts(db: Executor): Promise<ServiceCounts> {
  const { today, timezone } = await officeDay(db);
  const monthStart = startOfZonedDay(`${today.slice(0, 7)}-01`, timezone).toISOString();
  return serviceCounts(db, { today, monthStart });
}

// The analytics section: the requests registered in the window (all of them without one),
// within the user's booths (a Supervisor's own; the office's every request).
export async function requestAnalytics(db: Executor, scope: BoothScope, query: ServiceAnalyticsQuery): Promise<ServiceAnalytics> {
  const rows = await serviceAnalyticsRows(db, query, { scope, ...(await officeDay(db)) });
  const total = rows.byCategory.reduce((sum, row) => sum + row.total, 0);
  const resolved = rows.byCategory.reduce((sum, row) => sum + row.resolved, 0);
  const open = rows.byCategory.reduce((sum, row) => sum + row.open, 0);
  const days = rows.resolvedSpans.map((span) => Math.max(0, (Date.parse(span.resolved_at) - Date.parse(span.created_at)) / DAY_MS));
  return {
    total,
    resolved,
    open,
    share_resolved: sharePercent(resolved, total),
    median_days_to_resolve: median(days),
    by_category: rows.byCategory.map(({ category, total: count, resolved: done }) => ({ category, total: count, resolved: done })).sort((a, b) => b.total - a.total || a.category.localeCompare(b.category)),
    by_village: rows.byVillage,
    by_booth: rows.byBooth,
  };
}
