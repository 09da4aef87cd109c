import { z } from 'zod';
import { MAX_ROLL_PAGE } from '../booths/roll-pages';
import { recordIdSchema } from '../records/record-id';

// Voter slips (issue 22): what a slip says, and how it is asked for.
export const SLIP_LANGUAGES = ['mr', 'hi', 'gu', 'en'] as const;
export type SlipLanguage = (typeof SLIP_LANGUAGES)[number];

// A4 sheets of ten slips with cut lines, or one slip per label on a 58 or 80 mm thermal roll.
export const SLIP_FORMATS = ['a4', 'thermal58', 'thermal80'] as const;
export type SlipFormat = (typeof SLIP_FORMATS)[number];

// One request prints at most this many slips; a constituency's slips are printed booth by booth.
export const SLIPS_MAX = 5000;

export const slipOptionsSchema = z.object({
  lang: z.enum(SLIP_LANGUAGES, { message: 'Slip language must be mr, hi, gu or en' }).default('mr'),
  format: z.enum(SLIP_FORMATS, { message: 'Slip format must be a4, thermal58 or thermal80' }).default('a4'),
});
export type SlipOptions = z.infer<typeof slipOptionsSchema>;

export const slipPageQuerySchema = slipOptionsSchema.extend({
  // Absent: the whole booth; else one roll page of it.
  page: z.coerce.number({ message: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(MAX_ROLL_PAGE, `Page must be ${MAX_ROLL_PAGE} or less`).optional(),
});

// Everything printed on one slip. No party name or symbol, ever: slips are handed out near a
// booth, where a party's name or symbol is not allowed.
export interface Slip {
  name: string;
  relative_name: string | null;
  relation_type: string | null;
  epic: string | null;
  part_number: number | null;
  serial: number | null;
  station_number: number | null;
  station_name: string | null;
  station_address: string | null;
  election_name: string;
  poll_date: string;
  poll_start: string;
  poll_end: string;
  // The slip's QR code: a signed token for the voter (slip-token.ts), never their data.
  qr: string;
  // Issue 61: the voter is out of town (a confirmed report): the slip carries a short note.
  out_of_town?: boolean;
}

export const slipSchema = z.object({
  name: z.string(),
  relative_name: z.string().nullable(),
  relation_type: z.string().nullable(),
  epic: z.string().nullable(),
  part_number: z.number().nullable(),
  serial: z.number().nullable(),
  station_number: z.number().nullable(),
  station_name: z.string().nullable(),
  station_address: z.string().nullable(),
  election_name: z.string(),
  poll_date: z.string(),
  poll_start: z.string(),
  poll_end: z.string(),
  qr: z.string(),
  out_of_town: z.boolean().optional(),
});

export const slipShareSchema = z.object({ slips: z.array(slipSchema.extend({ mobile: z.string().nullable() })) });
export type SlipShare = z.infer<typeof slipShareSchema>;

// The constituency's slips as a job (issue 22, migration 028).
export const SLIP_JOB_STATES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type SlipJobState = (typeof SLIP_JOB_STATES)[number];

export const slipJobSchema = z.object({
  id: z.number(),
  state: z.enum(SLIP_JOB_STATES),
  lang: z.enum(SLIP_LANGUAGES),
  format: z.enum(SLIP_FORMATS),
  // Booths done of booths to do, and the slips printed so far.
  done: z.number(),
  total: z.number(),
  slips: z.number(),
  file_bytes: z.number().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SlipJob = z.infer<typeof slipJobSchema>;
export const slipJobListSchema = z.object({ jobs: z.array(slipJobSchema) });
export const slipJobIdParamsSchema = z.object({ id: recordIdSchema('Job not found') });
