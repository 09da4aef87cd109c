import { z } from 'zod';
import { MAX_STORED_INTEGER, recordIdSchema } from '../records/record-id';

// Past results per booth (issue 61, docs/decisions/076-past-results-per-booth.md): an election's
// booth-wise results imported from a Form-20-like sheet, each booth's history across elections,
// and the class a booth would have from the office's party's vote share there.

export const ELECTION_KINDS = ['assembly', 'lok_sabha', 'local'] as const;
export type ElectionKind = (typeof ELECTION_KINDS)[number];

export const RESULTS_FILE_FIELD = 'file';
// A constituency has 396 booths; a Form 20 a few dozen candidates at most. A sheet past these is
// not a results sheet, and is refused before it is read further.
export const RESULTS_MAX_ROWS = 2000;
export const RESULTS_MAX_CANDIDATES = 60;
export const RESULTS_MAX_MB = 5;
// Rows refused are listed up to this many; the count says how many there were.
export const RESULTS_REFUSED_SHOWN = 100;
export const ELECTION_NAME_MAX = 120;
export const YEAR_MIN = 1951;
export const YEAR_MAX = 2100;

const isTrue = (value: unknown) => value === true || value === 'true' || value === '1' || value === 'on';

// The form sent with the file (multipart fields as text).
export const resultsImportFieldsSchema = z.object({
  name: z.string({ error: 'Name the election' }).trim().min(1, 'Name the election').max(ELECTION_NAME_MAX, `The election's name must be at most ${ELECTION_NAME_MAX} characters`),
  year: z.coerce
    .number({ error: `Year must be a year from ${YEAR_MIN} to ${YEAR_MAX}` })
    .int(`Year must be a year from ${YEAR_MIN} to ${YEAR_MAX}`)
    .min(YEAR_MIN, `Year must be a year from ${YEAR_MIN} to ${YEAR_MAX}`)
    .max(YEAR_MAX, `Year must be a year from ${YEAR_MIN} to ${YEAR_MAX}`),
  kind: z.enum(ELECTION_KINDS, { error: 'Choose the kind of election' }),
  // Preview: read and check the file, save nothing.
  preview: z.string().optional().transform(isTrue),
  // The election (kind, year, name) was imported before: replace it (else 409).
  replace: z.string().optional().transform(isTrue),
});
export type ResultsImportFields = z.output<typeof resultsImportFieldsSchema>;

export const candidateSchema = z.object({
  // The sheet's header, as written.
  column: z.string(),
  name: z.string(),
  // The party from the reference list the header names, else null (the name stands alone).
  party: z.string().nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;

// Why a row is refused: a code and its values (the screen words it in its language) and the
// English text (the API's readers).
export const ROW_PROBLEMS = ['boothMissing', 'boothUnknown', 'boothRepeated', 'electorsInvalid', 'polledInvalid', 'polledAboveElectors', 'votesInvalid', 'votesAbovePolled'] as const;
export type RowProblemCode = (typeof ROW_PROBLEMS)[number];
export const rowProblemSchema = z.object({ code: z.enum(ROW_PROBLEMS), params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type RowProblem = z.infer<typeof rowProblemSchema>;
export const refusedRowSchema = z.object({ row: z.number().int(), booth: z.string().nullable(), reasons: z.array(z.string()), problems: z.array(rowProblemSchema) });
export type RefusedRow = z.infer<typeof refusedRowSchema>;

export const electionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  kind: z.enum(ELECTION_KINDS),
  booths: z.number().int(),
  candidates: z.array(z.object({ id: z.number().int(), name: z.string(), party: z.string().nullable() })),
  file_name: z.string().nullable(),
  imported_by_name: z.string().nullable(),
  imported_at: z.string(),
  version: z.number().int(),
});
export type ElectionSummary = z.infer<typeof electionSummarySchema>;

// POST /api/election-results/import: what the file holds and what was done with it. saved is
// false for a preview and for a refused file (refused rows listed; nothing is saved when any row
// is refused).
export const resultsImportAnswerSchema = z.object({
  saved: z.boolean(),
  replaced: z.boolean(),
  election: electionSummarySchema.nullable(),
  candidates: z.array(candidateSchema),
  booths: z.number().int(),
  refused: z.number().int(),
  rows_refused: z.array(refusedRowSchema),
  message: z.string(),
});
export type ResultsImportAnswer = z.infer<typeof resultsImportAnswerSchema>;

export const electionListSchema = z.object({ elections: z.array(electionSummarySchema) });
export type ElectionList = z.infer<typeof electionListSchema>;

export const candidateVotesSchema = z.object({ name: z.string(), party: z.string().nullable(), votes: z.number().int(), share: z.number() });
export type CandidateVotes = z.infer<typeof candidateVotesSchema>;

// One booth in one election: electors, votes polled, turnout (percent of electors) and each
// candidate's votes with their share of the votes polled (percent, one decimal).
export const boothResultSchema = z.object({
  election: electionSummarySchema.pick({ id: true, name: true, year: true, kind: true }),
  booth: z.string(),
  electors: z.number().int(),
  polled: z.number().int(),
  turnout: z.number(),
  votes: z.array(candidateVotesSchema),
});
export type BoothResult = z.infer<typeof boothResultSchema>;

// GET /api/election-results/booths/:id: the booth's history, newest election first.
export const boothHistorySchema = z.object({ booth: z.string(), results: z.array(boothResultSchema) });
export type BoothHistory = z.infer<typeof boothHistorySchema>;

// GET /api/election-results/:id: one election, the booths the caller may see.
export const electionResultsSchema = z.object({ election: electionSummarySchema, booths: z.array(boothResultSchema.omit({ election: true })) });
export type ElectionResults = z.infer<typeof electionResultsSchema>;

export const electionIdParamsSchema = z.object({ id: recordIdSchema('Election not found') });
export const electionDeleteSchema = z.object({ version: z.number().int().min(1).max(MAX_STORED_INTEGER).optional() });

// The share in percent to one decimal (0 of nothing is 0).
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
}
