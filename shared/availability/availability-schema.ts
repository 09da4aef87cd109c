import { z } from 'zod';
import { isBooth } from '../reference/booths';
import { recordIdSchema } from '../records/record-id';
import { conflictSchema, recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { AVAILABILITIES, FLAG_NOTE_MAX, FLAG_REASON_MAX, VOTER_FLAG_KINDS, VOTER_FLAG_STATUSES } from './availability-options';

// Voter availability reports (issue 61, docs/decisions/086-voter-availability.md): one schema both
// sides, the phone's report sheet and POST /api/voters/:id/flags, the office's queue and its
// decisions.
export * from './availability-options';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalNote = (max: number) =>
  z
    .string({ error: 'Note must be text' })
    .trim()
    .max(max, `Note must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((note) => (note ? note : null));

// A report from the field: the kind, why the worker says so, and for a double entry the other
// entry of the same person when the worker found it.
export const flagReportSchema = z
  .object({
    kind: z.enum(VOTER_FLAG_KINDS, { error: 'Choose shifted, out of town, not found, deceased or double entry' }),
    reason: z
      .string({ error: 'Give the reason' })
      .trim()
      .min(1, 'Give the reason')
      .max(FLAG_REASON_MAX, `Reason must be at most ${FLAG_REASON_MAX} characters`),
    other_voter_id: z.preprocess(blankToUndefined, recordIdSchema('Choose the other entry of this voter').optional()),
  })
  .refine((report) => report.other_voter_id === undefined || report.kind === 'double_entry', {
    path: ['other_voter_id'],
    message: 'Only a double entry names another entry',
  });
export type FlagReport = z.output<typeof flagReportSchema>;
export type FlagReportValues = z.input<typeof flagReportSchema>;

export const voterFlagSchema = z.object({
  id: z.number().int(),
  voter_id: z.number().int(),
  kind: z.enum(VOTER_FLAG_KINDS),
  status: z.enum(VOTER_FLAG_STATUSES),
  // The contact whose outcome raised it (null for a report from the voter's card) and its note.
  contact_id: z.number().int().nullable(),
  note: z.string().nullable(),
  // The reporter's reason (a report from the card).
  reason: z.string().nullable(),
  other_voter_id: z.number().int().nullable(),
  raised_by: z.number().int().nullable(),
  raised_by_name: z.string().nullable(),
  raised_at: z.string(),
  resolved_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
  version: recordVersionSchema,
});
export type VoterFlag = z.infer<typeof voterFlagSchema>;

// The answer to a report: the pending report, new or the one it joined (a second report of the
// same kind waits with the first).
export const reportedFlagSchema = z.object({ flag: voterFlagSchema, joined: z.boolean() });
export type ReportedFlag = z.infer<typeof reportedFlagSchema>;

export const VOTER_FLAG_PAGE_SIZE = 30;
export const voterFlagQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(VOTER_FLAG_STATUSES, { error: 'Status must be pending, confirmed or dismissed' }).default('pending')),
  kind: z.preprocess(blankToUndefined, z.enum(VOTER_FLAG_KINDS, { error: 'Choose shifted, out of town, not found, deceased or double entry' }).optional()),
  booth: z.preprocess(blankToUndefined, z.string().trim().refine(isBooth, 'Choose a booth from the list').optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(100, 'Limit must be 100 or less').default(VOTER_FLAG_PAGE_SIZE),
  ),
});
export type VoterFlagQuery = z.output<typeof voterFlagQuerySchema>;

// The voter a report is about, as the queue shows it: enough to decide, and its version.
export const flaggedVoterSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  voter_id: z.string(),
  booth: z.string().nullable(),
  house_no: z.string().nullable(),
  part_serial: z.number().int().nullable(),
  is_dead: z.boolean(),
  present_in_city: z.boolean(),
  is_missing: z.boolean(),
  // Listed (not deleted, not marked a duplicate).
  listed: z.boolean(),
  version: recordVersionSchema,
});
export type FlaggedVoter = z.infer<typeof flaggedVoterSchema>;

export const reviewedFlagSchema = voterFlagSchema.extend({ voter: flaggedVoterSchema, other_voter: flaggedVoterSchema.nullable() });
export type ReviewedFlag = z.infer<typeof reviewedFlagSchema>;

export const voterFlagListSchema = z.object({
  flags: z.array(reviewedFlagSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type VoterFlagList = z.infer<typeof voterFlagListSchema>;

export const flagIdParamsSchema = z.object({ id: recordIdSchema('Flag not found') });

// A decision names the report's version it was shown (and, to confirm, the voter's): a report or
// voter changed since is answered 409 with the report as it is now. Left out, last writer wins
// (API clients; the web app always sends them).
export const flagDismissSchema = z
  .object({ note: optionalNote(FLAG_NOTE_MAX), version: sentVersionSchema })
  .optional()
  .transform((body) => body ?? { note: null, version: undefined });
export const flagConfirmSchema = z
  .object({
    note: optionalNote(FLAG_NOTE_MAX),
    version: sentVersionSchema,
    voter_version: sentVersionSchema,
    // A double entry: the entry kept, when the report did not name it (or names it wrongly).
    other_voter_id: z.preprocess(blankToUndefined, recordIdSchema('Choose the other entry of this voter').optional()),
  })
  .optional()
  .transform((body) => body ?? { note: null, version: undefined, voter_version: undefined, other_voter_id: undefined });
export type FlagConfirm = z.output<typeof flagConfirmSchema>;
export type FlagDismiss = z.output<typeof flagDismissSchema>;

export const flagConflictSchema = conflictSchema(reviewedFlagSchema);

// Availability as the feeds show it (chase lists): null when nothing is known against the voter.
export const availabilitySchema = z.enum(AVAILABILITIES).nullable();
