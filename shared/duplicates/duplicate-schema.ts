import { z } from 'zod';
import { pagedListFields, pageQueryFields } from '../records/paged-list';
import { recordIdSchema } from '../records/record-id';

// Duplicate entries (दुबार, issue 20): two roll entries that look like one person, found by a
// scan across the constituency, reviewed by an office role or a Supervisor.
export const DUPLICATE_STATUSES = ['open', 'duplicate', 'dismissed'] as const;
export type DuplicateStatus = (typeof DUPLICATE_STATUSES)[number];
export const DUPLICATE_PAGE_SIZE = 20;
// Ages the scan accepts as one person's: the rolls round ages and revise them a year apart.
export const DUPLICATE_AGE_GAP = 2;


export const duplicatePairParamsSchema = z.object({ id: recordIdSchema('Duplicate pair not found') });

export const duplicateListQuerySchema = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(DUPLICATE_STATUSES, { error: 'Status must be open, duplicate or dismissed' }).default('open')),
  ...pageQueryFields(DUPLICATE_PAGE_SIZE),
});
export type DuplicateListQuery = z.output<typeof duplicateListQuerySchema>;

// Which of the pair is the second entry; the other is kept.
export const markDuplicateSchema = z.object({ duplicate_voter_id: recordIdSchema('Choose which entry is the duplicate') });

export const duplicateVoterSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  voter_id: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  father_husband_name: z.string().nullable(),
  relation_type: z.string().nullable(),
  booth: z.string().nullable(),
  house_no: z.string().nullable(),
  village: z.string().nullable(),
  voter_no: z.string(),
});
export type DuplicateVoter = z.infer<typeof duplicateVoterSchema>;

export const duplicatePairSchema = z.object({
  id: z.number().int(),
  status: z.enum(DUPLICATE_STATUSES),
  duplicate_voter_id: z.number().int().nullable(),
  found_at: z.string(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  voters: z.tuple([duplicateVoterSchema, duplicateVoterSchema]),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const duplicatePairListSchema = z.object({
  pairs: z.array(duplicatePairSchema),
  ...pagedListFields,
});
export type DuplicatePairList = z.infer<typeof duplicatePairListSchema>;

export const duplicateScanSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'finished', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  started_by_name: z.string().nullable(),
  voters_keyed: z.number().int().nullable(),
  pairs_found: z.number().int().nullable(),
});
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;

// The latest scan, or null before the first.
export const duplicateScanStateSchema = z.object({ scan: duplicateScanSchema.nullable() });
export type DuplicateScanState = z.infer<typeof duplicateScanStateSchema>;
