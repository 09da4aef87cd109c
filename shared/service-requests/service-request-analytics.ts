import { z } from 'zod';
import { isoDate, queryParam } from '../office/office-fields';
import { SERVICE_CATEGORIES, SERVICE_DATES_ORDER } from './service-request-schema';

// The register in numbers (issue 59, decision 090): the office's dashboard counts, and the
// analytics section (requests by category, village and booth, median days to resolve, share
// resolved), a Supervisor's limited to their booths.

// The dashboard's three counts: open now, overdue now, resolved this month (office time).
export const serviceCountsSchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  resolved_this_month: z.number().int(),
});
export type ServiceCounts = z.infer<typeof serviceCountsSchema>;

// Requests registered between these days (office time, both included); none: all of them.
export const serviceAnalyticsQuerySchema = z
  .object({ from: queryParam(isoDate), to: queryParam(isoDate) })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: SERVICE_DATES_ORDER, path: ['to'] });
export type ServiceAnalyticsQuery = z.output<typeof serviceAnalyticsQuerySchema>;

// A request counts as resolved once it has a resolution date: Resolved, or Closed after it was
// resolved. Rejected and reopened requests are not.
const tally = { total: z.number().int(), resolved: z.number().int() };
export const serviceAnalyticsSchema = z.object({
  total: z.number().int(),
  resolved: z.number().int(),
  open: z.number().int(),
  // Percent of the requests registered that are resolved, two decimals; 0 without requests.
  share_resolved: z.number(),
  // Days from registration to resolution, the middle one of the resolved requests; null: none.
  median_days_to_resolve: z.number().nullable(),
  by_category: z.array(z.object({ category: z.enum(SERVICE_CATEGORIES), ...tally })),
  by_village: z.array(z.object({ village: z.string().nullable(), ...tally })),
  by_booth: z.array(z.object({ booth: z.string().nullable(), ...tally })),
});
export type ServiceAnalytics = z.infer<typeof serviceAnalyticsSchema>;

// Villages and booths shown, most requests first (the rest are in the export).
export const SERVICE_ANALYTICS_TOP = 20;

// The middle value (the mean of the two middle ones for an even count), one decimal.
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

export function sharePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}
