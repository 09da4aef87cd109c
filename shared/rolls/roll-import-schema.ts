import { z } from 'zod';
import { ROLL_BOX_FIELDS, ROLL_GENDERS, ROLL_RELATIONS } from './roll-types';
import { recordIdNumberSchema, recordIdSchema } from '../records/record-id';
import { isBooth } from '../reference/booths';

// Issue 19, the roll import's API (docs/roll-import.md): the upload's job, the review rows with
// their corrections, the commit and the revision choices. One schema for the server's checks
// and the review screen's form.

export const ROLL_IMPORT_STATES = ['queued', 'reading', 'review', 'committing', 'done', 'cancelled', 'failed'] as const;
export type RollImportState = (typeof ROLL_IMPORT_STATES)[number];
// The job is still working (the screen keeps polling).
export const ROLL_IMPORT_BUSY: readonly RollImportState[] = ['queued', 'reading', 'committing'];

export const ROLL_FILE_FIELD = 'file';
export const ROLL_UPLOAD_MAX_MB = 300;
export const ROLL_UPLOAD_MAX_FILES = 20;
export const ROLL_REVIEW_PAGE_SIZE = 50;

// How a box compares with the voters stored: a new voter, one whose roll fields differ, one the
// roll leaves as it is, one the roll marks deleted, or one that cannot be saved as read.
export const ROLL_ROW_STATUSES = ['new', 'changed', 'unchanged', 'deleted', 'invalid'] as const;
export type RollRowStatus = (typeof ROLL_ROW_STATUSES)[number];
// `edited`: entries whose stored voter someone changed after the review showed it (issue 54).
export const ROLL_REVIEW_FILTERS = ['all', 'flagged', 'new', 'changed', 'deleted', 'invalid', 'edited'] as const;
export type RollReviewFilter = (typeof ROLL_REVIEW_FILTERS)[number];

const totalsSchema = z.object({ male: z.number().nullable(), female: z.number().nullable(), third: z.number().nullable(), total: z.number().nullable() });

export const rollCoverSchema = z.object({
  page: z.number(),
  constituency: z.string().nullable(),
  partNo: z.number().nullable(),
  pollingStationNumber: z.number().nullable(),
  pollingStationName: z.string().nullable(),
  pollingStationAddress: z.string().nullable(),
  village: z.string().nullable(),
  taluka: z.string().nullable(),
  district: z.string().nullable(),
  pin: z.string().nullable(),
  sections: z.array(z.object({ number: z.string(), name: z.string() })),
  totals: totalsSchema,
});

export const rollImportSummarySchema = z.object({
  boxes: z.number(),
  flagged: z.number(),
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  invalid: z.number(),
  // Live voters of the booth the roll no longer lists (a revision's deletions to choose from).
  absent: z.number(),
  // What the import counted (boxes not marked deleted), beside the cover's printed totals.
  counted: totalsSchema,
  totalsMatch: z.boolean().nullable(),
  // What the commit would do as the entries are ticked now (the save line follows unticking).
  toCreate: z.number(),
  toUpdate: z.number(),
  toDelete: z.number(),
  // New entries whose EPIC belonged to a voter the office deleted (unticked at first).
  wasDeleted: z.number(),
  // Entries whose stored voter someone changed after the review showed it.
  edited: z.number(),
});
export type RollImportSummary = z.infer<typeof rollImportSummarySchema>;

export const rollCommitResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  skipped: z.number(),
  boothUpdated: z.boolean(),
  // Entries not applied because their voter was changed by someone after the review (issue 54).
  conflicts: z.number().optional(),
});
export type RollCommitResult = z.infer<typeof rollCommitResultSchema>;

// The roll's part and constituency beside the chosen booth's (issue 54): a roll of another part
// or constituency is saved only when the office confirms the difference.
export const rollBoothCheckSchema = z.object({
  booth: z.string(),
  part_number: z.number().nullable(),
  constituency: z.string().nullable(),
  // The constituency most booths record (rolls saved before), when this booth records none.
  office_constituency: z.string().nullable(),
  // Listed voters stored in the booth now.
  stored_voters: z.number(),
  part_differs: z.boolean(),
  constituency_differs: z.boolean(),
});
export type RollBoothCheck = z.infer<typeof rollBoothCheckSchema>;

export const rollImportSchema = z.object({
  id: z.number(),
  state: z.enum(ROLL_IMPORT_STATES),
  file_name: z.string(),
  part_no: z.number().nullable(),
  booth: z.string().nullable(),
  page_count: z.number(),
  pages_done: z.number(),
  voters_found: z.number(),
  seconds_left: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  cover: rollCoverSchema.nullable(),
  // What the roll's pages say above their boxes: its part and section numbers (the most common first).
  page_parts: z.array(z.number()),
  sections: z.array(z.string()),
  // Whether a booth records the roll's part number; if not, the office says which booth it is.
  part_is_a_booth: z.boolean(),
  booth_check: rollBoothCheckSchema.nullable(),
  summary: rollImportSummarySchema.nullable(),
  result: rollCommitResultSchema.nullable(),
});
export type RollImport = z.infer<typeof rollImportSchema>;
export const rollImportListSchema = z.object({ imports: z.array(rollImportSchema) });

// A box's values as the review shows and corrects them (the reader's field names).
export const rollValuesSchema = z.object({
  serialNo: z.number().int().min(1).max(9999).nullable(),
  epic: z.string().nullable(),
  fullName: z.string().nullable(),
  relation: z.enum(ROLL_RELATIONS).nullable(),
  relativeName: z.string().nullable(),
  houseNo: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.enum(ROLL_GENDERS).nullable(),
});
export type RollValues = z.infer<typeof rollValuesSchema>;

export const rollChangeSchema = z.object({ field: z.string(), from: z.union([z.string(), z.number()]).nullable(), to: z.union([z.string(), z.number()]).nullable() });
export type RollChangeSchema = z.infer<typeof rollChangeSchema>;

export const rollReviewRowSchema = z.object({
  n: z.number(),
  page: z.number(),
  values: rollValuesSchema,
  confidence: z.record(z.enum(ROLL_BOX_FIELDS), z.number()),
  // The fields that need a person's eye (the reader's reasons and the import's own checks).
  flaggedFields: z.array(z.string()),
  reasons: z.array(z.object({ field: z.string(), reason: z.string() })),
  corrected: z.array(z.string()),
  flagged: z.boolean(),
  reviewed: z.boolean(),
  apply: z.boolean(),
  deleted: z.boolean(),
  duplicateMark: z.boolean(),
  status: z.enum(ROLL_ROW_STATUSES),
  problems: z.array(z.string()),
  voter: z.object({ id: z.number(), version: z.number() }).nullable(),
  changes: z.array(rollChangeSchema),
  // The stored voter was changed (or created, or deleted) by someone after the review showed
  // this entry: the commit leaves it until a person saves the entry again.
  editedSince: z.boolean(),
  // A voter of this EPIC that the office deleted on purpose (the entry starts unticked).
  deletedVoter: z.object({ id: z.number(), deleted_at: z.string() }).nullable(),
});
export type RollReviewRow = z.infer<typeof rollReviewRowSchema>;

export const rollReviewQuerySchema = z.object({
  filter: z.enum(ROLL_REVIEW_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(ROLL_REVIEW_PAGE_SIZE),
});
export const rollReviewListSchema = z.object({ rows: z.array(rollReviewRowSchema), total: z.number(), page: z.number(), limit: z.number() });

// A correction: the fields a person typed (the rest stay as read), and the row's choices.
const typedText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).transform((value) => (value === '' ? null : value.normalize('NFC'))).nullable();
export const rollCorrectionSchema = z.object({
  values: z
    .object({
      serialNo: z.coerce.number({ error: 'Serial number must be a whole number' }).int('Serial number must be a whole number').min(1, 'Serial number must be from 1 to 9999').max(9999, 'Serial number must be from 1 to 9999').nullable(),
      epic: typedText('Voter ID', 20).refine((value) => value === null || /^[A-Za-z0-9/-]{3,20}$/.test(value), 'Voter ID must be 3 to 20 letters or digits'),
      fullName: typedText('Full Name', 120),
      relation: z.enum(ROLL_RELATIONS).nullable(),
      relativeName: typedText('Father/Husband Name', 120),
      houseNo: typedText('House No', 30),
      age: z.coerce.number({ error: 'Age must be between 18 and 120' }).int('Age must be between 18 and 120').min(18, 'Age must be between 18 and 120').max(120, 'Age must be between 18 and 120').nullable(),
      gender: z.enum(ROLL_GENDERS).nullable(),
    })
    .partial()
    .optional(),
  apply: z.boolean().optional(),
  reviewed: z.boolean().optional(),
});
export type RollCorrection = z.infer<typeof rollCorrectionSchema>;

export const rollCommitSchema = z.object({
  // The booth of the part, when no booth has the roll's part number.
  booth: z.string().optional(),
  // The office confirms saving a roll whose part or constituency differs from the booth's.
  confirm_difference: z.boolean().default(false),
  // The booth's part number and constituency become the roll's: only when a person says so.
  update_booth: z.boolean().default(false),
  // Voters the roll no longer lists that the office chose to delete.
  delete_voter_ids: z.array(recordIdNumberSchema('Voter not found')).max(10_000).default([]),
  // The version of each of them as the screen showed it (issue 54): one changed since is kept.
  delete_voter_versions: z.record(z.string().regex(/^\d{1,15}$/), z.number().int().min(1)).optional(),
});

export const ROLL_CHOOSE_FROM_LIST = 'Choose a booth from the list';
export const rollBoothChoiceSchema = z.object({ booth: z.string().refine(isBooth, ROLL_CHOOSE_FROM_LIST) });

export const rollAbsentVoterSchema = z.object({ id: z.number(), version: z.number(), voter_id: z.string().nullable(), full_name: z.string(), part_serial: z.number().nullable(), house_no: z.string().nullable(), age: z.number().nullable() });
export const rollAbsentListSchema = z.object({ voters: z.array(rollAbsentVoterSchema) });
export type RollAbsentVoter = z.infer<typeof rollAbsentVoterSchema>;

export const rollImportParamsSchema = z.object({ id: recordIdSchema('Import not found') });
export const rollImportVoterParamsSchema = z.object({ id: recordIdSchema('Import not found'), n: recordIdSchema('Voter box not found') });
