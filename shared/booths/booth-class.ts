import { z } from 'zod';
import { analyticsFilterSchema } from '../analytics/analytics-schema';
import { SUPPORT_LEVELS, type SupportLevel } from '../contacts/contact-schema';
import { sentVersionSchema } from '../records/record-version';

// Booth classes and coverage (issue 20, docs/decisions/028-booth-classes-and-coverage.md).
// A booth's class comes from the share of its contacted voters who support (strong or leaning
// supporter): A at or above the booth_class_a_min setting, B at or above booth_class_b_min,
// else C. A booth nobody has contacted has no class until an office role sets one.

export const BOOTH_CLASSES = ['A', 'B', 'C'] as const;
export type BoothClass = (typeof BOOTH_CLASSES)[number];
export const SUPPORTER_LEVELS: readonly SupportLevel[] = ['strong_supporter', 'leaning_supporter'];

export interface ClassThresholds {
  aMin: number;
  bMin: number;
}

// The share in percent, to one decimal (0 when nobody was contacted).
export function shareOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
}

// Exact comparison in whole numbers: supporters / contacted >= min / 100.
export function boothClassOf(supporters: number, contacted: number, thresholds: ClassThresholds): BoothClass | null {
  if (contacted === 0) return null;
  if (supporters * 100 >= thresholds.aMin * contacted) return 'A';
  if (supporters * 100 >= thresholds.bMin * contacted) return 'B';
  return 'C';
}

export const supportCountsSchema = z.object(Object.fromEntries(SUPPORT_LEVELS.map((level) => [level, z.number().int()])) as Record<SupportLevel, z.ZodNumber>);
export type SupportCounts = z.infer<typeof supportCountsSchema>;
export const emptySupportCounts = (): SupportCounts => Object.fromEntries(SUPPORT_LEVELS.map((level) => [level, 0])) as SupportCounts;

// Live voters, those contacted (last_contact_at set), and the share contacted in percent.
// voters: listed voters to contact (not deceased, not shifted); contacted: of those; deceased and
// shifted: listed voters counted apart (a voter both deceased and shifted counts as deceased).
export const coverageSchema = z.object({ voters: z.number().int(), contacted: z.number().int(), percent: z.number(), deceased: z.number().int(), shifted: z.number().int() });
export type Coverage = z.infer<typeof coverageSchema>;

// Support among the booth's voters by level; supporters = strong + leaning; share = supporters
// out of contacted, in percent.
export const supportSchema = z.object({ levels: supportCountsSchema, supporters: z.number().int(), share: z.number() });
export type Support = z.infer<typeof supportSchema>;

// Issue 61 (decision 076): what a booth's class is computed from, the office's choice in
// settings: the support among contacted voters (the default), or the office's party's share of
// the votes polled in a past election.
export const CLASS_BASES = ['contacts', 'past_votes'] as const;
export type ClassBasis = (typeof CLASS_BASES)[number];

// Exact comparison in whole numbers: votes / polled >= min / 100 (no class when nobody polled).
export function voteClassOf(votes: number, polled: number, thresholds: ClassThresholds): BoothClass | null {
  return boothClassOf(votes, polled, thresholds);
}

const electionRefSchema = z.object({ id: z.number().int(), name: z.string(), year: z.number().int() });

// The rule in force, as the booth page states it.
export const classRuleSchema = z.object({
  basis: z.enum(CLASS_BASES),
  // The support thresholds (contacts) and the vote-share thresholds (past votes), in percent.
  a_min: z.number(),
  b_min: z.number(),
  vote_a_min: z.number(),
  vote_b_min: z.number(),
  // The office's party and the election the vote share is read from (null: not chosen, or no
  // election imported yet).
  party: z.string().nullable(),
  election: electionRefSchema.nullable(),
});
export type ClassRule = z.infer<typeof classRuleSchema>;

// The class the booth's past votes imply: the party's votes of the votes polled there.
export const voteClassSchema = z.object({ class: z.enum(BOOTH_CLASSES).nullable(), votes: z.number().int(), polled: z.number().int(), share: z.number() });
export type VoteClass = z.infer<typeof voteClassSchema>;

export const boothClassInfoSchema = z.object({
  // The class in force: the override when there is one, else the computed one.
  class: z.enum(BOOTH_CLASSES).nullable(),
  // The class by the rule in force (rule.basis).
  computed: z.enum(BOOTH_CLASSES).nullable(),
  // Both computed classes side by side: by support among contacts, and by past votes (null
  // when no party or election is chosen, or the booth has no result in it).
  by_contacts: z.enum(BOOTH_CLASSES).nullable(),
  by_votes: voteClassSchema.nullable(),
  rule: classRuleSchema,
  override: z.enum(BOOTH_CLASSES).nullable(),
  override_reason: z.string().nullable(),
  override_by: z.string().nullable(),
  override_at: z.string().nullable(),
});
export type BoothClassInfo = z.infer<typeof boothClassInfoSchema>;

// PUT /api/booths/:id/class: an office role sets the class (with a reason) or, with null,
// lets the computed class stand again.
export const CLASS_REASON_MAX = 300;
export const classOverrideSchema = z
  .object({
    class_override: z.enum(BOOTH_CLASSES, { error: 'Choose class A, B or C' }).nullable(),
    reason: z.string({ error: 'Reason must be text' }).trim().max(CLASS_REASON_MAX, `Reason must be at most ${CLASS_REASON_MAX} characters`).optional(),
    version: sentVersionSchema,
  })
  .refine((body) => body.class_override === null || (body.reason ?? '').length > 0, { path: ['reason'], message: 'Give the reason for the class' });
export type ClassOverride = z.input<typeof classOverrideSchema>;
export type ClassOverrideInput = z.output<typeof classOverrideSchema>;

// GET /api/analytics/booths: booths by class, coverage and support by booth.
export const boothAnalyticsRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  polling_station_name: z.string().nullable(),
  class: z.enum(BOOTH_CLASSES).nullable(),
  overridden: z.boolean(),
  coverage: coverageSchema,
  support: supportSchema,
});
export type BoothAnalyticsRow = z.infer<typeof boothAnalyticsRowSchema>;
export const classCountsSchema = z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int(), none: z.number().int() });
export type ClassCounts = z.infer<typeof classCountsSchema>;
export const boothAnalyticsSchema = z.object({
  thresholds: z.object({ a_min: z.number(), b_min: z.number() }),
  classes: classCountsSchema,
  coverage: coverageSchema,
  support: supportSchema,
  booths: z.array(boothAnalyticsRowSchema),
});
export type BoothAnalytics = z.infer<typeof boothAnalyticsSchema>;

// GET /api/analytics/workers: each Karyakarta's assigned voters (their pages and houses, in
// the booths their access reaches) and how many of them are contacted.
export const workerCoverageRowSchema = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  booths: z.array(z.string()),
  assigned: z.number().int(),
  contacted: z.number().int(),
  percent: z.number(),
  // Voters of their pages and houses counted apart from the assigned ones.
  deceased: z.number().int(),
  shifted: z.number().int(),
});
export type WorkerCoverageRow = z.infer<typeof workerCoverageRowSchema>;
export const workerCoverageSchema = z.object({ workers: z.array(workerCoverageRowSchema) });
export type WorkerCoverage = z.infer<typeof workerCoverageSchema>;

export const coverageFilterSchema = analyticsFilterSchema;
