import { z } from 'zod';
import { auditLogSchema } from '../audit/audit-schemas';

// Spec section 3, "Analytics rows" and "Dashboard stats"; section 7 for the filters.
// Empty values come back as null so the screen shows "Unknown" or "Neutral".
const filterValue = z
  .string()
  .trim()
  .max(100, 'Filter values are at most 100 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

export const analyticsFilterSchema = z.object({ taluka: filterValue, village: filterValue, booth: filterValue });
export type AnalyticsFilters = Partial<z.output<typeof analyticsFilterSchema>>;

export const AGE_GROUPS = ['18-25', '26-35', '36-45', '46-55', '56-65', '66+', 'Unknown'] as const;

export const genderRowSchema = z.object({ gender: z.string().nullable(), count: z.number().int() });
export const ageGroupRowSchema = z.object({ age_group: z.enum(AGE_GROUPS), count: z.number().int() });
export const areaRowSchema = z.object({ ward_area: z.string().nullable(), voter_count: z.number().int() });
export const casteRowSchema = z.object({ caste: z.string().nullable(), count: z.number().int(), percentage: z.number() });
export const preferenceRowSchema = z.object({ political_preference: z.string().nullable(), count: z.number().int(), percentage: z.number() });
export const crossRowSchema = z.object({ caste: z.string().nullable(), political_preference: z.string().nullable(), count: z.number().int(), percentage: z.number() });

export type GenderRow = z.infer<typeof genderRowSchema>;
export type AgeGroupRow = z.infer<typeof ageGroupRowSchema>;
export type AreaRow = z.infer<typeof areaRowSchema>;
export type CasteRow = z.infer<typeof casteRowSchema>;
export type PreferenceRow = z.infer<typeof preferenceRowSchema>;
export type CrossRow = z.infer<typeof crossRowSchema>;

export const filterOptionsSchema = z.object({ talukas: z.array(z.string()), villages: z.array(z.string()), booths: z.array(z.string()) });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

export const dashboardStatsSchema = z.object({
  totalVoters: z.number().int(),
  activeVoters: z.number().int(),
  activeUsers: z.number().int(),
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  inProgressTasks: z.number().int(),
  totalSmsSent: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

// Spec section 2: user name, action, time; plus the record, so the dashboard can name and link it.
export const activityItemSchema = auditLogSchema.pick({ id: true, user_name: true, action: true, created_at: true, table_name: true, record_id: true, record_name: true, record_link: true });
export type ActivityItem = z.infer<typeof activityItemSchema>;

// Shares of a total to two decimals that add up to exactly 100 (largest remainder), so a
// list of percentages never reads 99.99 or 100.01.
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 10_000) / total);
  const floors = exact.map(Math.floor);
  let missing = 10_000 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing -= 1;
  }
  return floors.map((hundredths) => hundredths / 100);
}

// Spec section 2: booth options sorted by the first number in the text, then alphabetically.
export function compareBooths(a: string, b: string): number {
  const number = (text: string) => {
    const match = /\d+/.exec(text);
    return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
  };
  return number(a) - number(b) || a.localeCompare(b);
}
