import { SERVICE_ANALYTICS_TOP, type ServiceAnalyticsQuery, type ServiceCounts } from '@shared/service-requests/service-request-analytics';
import { OPEN_SERVICE_STATUSES, type ServiceCategory } from '@shared/service-requests/service-request-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import { applyRequestFilters, type RequestFilterContext } from './service-requests-repository';

// The register's numbers (decision 090). Counts are read on the indexed columns (status,
// due_date, resolved_at); nothing here joins.

const toCount = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

// Open now, overdue now (due before the office's today while open) and resolved since the
// start of the office's month (`monthStart`, an instant).
export async function serviceCounts(db: Executor, options: { today: string; monthStart: string }): Promise<ServiceCounts> {
  const open = await db
    .selectFrom('service_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', 'in', [...OPEN_SERVICE_STATUSES])
    .executeTakeFirst();
  const overdue = await db
    .selectFrom('service_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('due_date', '<', options.today)
    .where('status', 'in', [...OPEN_SERVICE_STATUSES])
    .executeTakeFirst();
  const resolved = await db
    .selectFrom('service_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('resolved_at', '>=', options.monthStart)
    .executeTakeFirst();
  return { open: toCount(open?.count), overdue: toCount(overdue?.count), resolved_this_month: toCount(resolved?.count) };
}

export interface AnalyticsRows {
  byCategory: { category: ServiceCategory; total: number; resolved: number; open: number }[];
  byVillage: { village: string | null; total: number; resolved: number }[];
  byBooth: { booth: string | null; total: number; resolved: number }[];
  // Registration and resolution instants of the resolved requests, for the median.
  resolvedSpans: { created_at: string; resolved_at: string }[];
}

// The requests registered in the window, within the user's booths, grouped three ways;
// `count(resolved_at)` counts the resolved ones (a null is not counted, on both databases).
export async function serviceAnalyticsRows(db: Executor, query: ServiceAnalyticsQuery, context: RequestFilterContext): Promise<AnalyticsRows> {
  const base = applyRequestFilters(db.selectFrom('service_requests'), { from: query.from, to: query.to }, context);
  const byCategory = await base
    .select((eb) => [
      'service_requests.category',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('service_requests.resolved_at').as('resolved'),
      eb.fn.sum<number | string>(eb.case().when('service_requests.status', 'in', [...OPEN_SERVICE_STATUSES]).then(1).else(0).end()).as('open'),
    ])
    .groupBy('service_requests.category')
    .execute();
  const grouped = async (column: 'village' | 'booth') =>
    base
      .select((eb) => [`service_requests.${column} as place`, eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('service_requests.resolved_at').as('resolved')])
      .groupBy(`service_requests.${column}`)
      .orderBy('total', 'desc')
      .orderBy(`service_requests.${column}`)
      .limit(SERVICE_ANALYTICS_TOP)
      .execute();
  const villages = await grouped('village');
  const booths = await grouped('booth');
  const spans = await base.select(['service_requests.created_at', 'service_requests.resolved_at']).where('service_requests.resolved_at', 'is not', null).execute();
  return {
    byCategory: byCategory.map((row) => ({ category: row.category as ServiceCategory, total: toCount(row.total), resolved: toCount(row.resolved), open: toCount(row.open) })),
    byVillage: villages.map((row) => ({ village: row.place, total: toCount(row.total), resolved: toCount(row.resolved) })),
    byBooth: booths.map((row) => ({ booth: row.place, total: toCount(row.total), resolved: toCount(row.resolved) })),
    resolvedSpans: spans.map((row) => ({ created_at: row.created_at, resolved_at: row.resolved_at ?? row.created_at })),
  };
}

