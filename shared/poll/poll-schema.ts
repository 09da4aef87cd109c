import { z } from 'zod';
import { recordIdSchema } from '../records/record-id';

// Poll day (issue 22, docs/poll-day.md): marking who voted, turnout, chasing supporters.

// One request marks at most this many serials: a runner types a handful at a time, and a long
// range typed by mistake ("1-9999") must not mark a whole booth.
export const SERIALS_MAX = 50;
export const SERIAL_MAX = 9999;

export const SERIALS_TEXT_INVALID = 'Type serial numbers like 12, 15, 18-22';
export const SERIALS_TOO_MANY = `At most ${SERIALS_MAX} serial numbers at a time`;

// Serial numbers as a runner types them on a phone keypad: single numbers, lists separated by
// commas, spaces or dots ("12, 15 18"), and ranges "18-22" (a dash, or a star where the keypad
// has no dash). In the order typed, without repeats; an error names what was wrong.
export function parseSerials(text: string): { serials: number[] } | { error: string } {
  const parts = text
    .split(/[,\s.;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const seen = new Set<number>();
  const serials: number[] = [];
  const add = (serial: number) => {
    if (!seen.has(serial)) {
      seen.add(serial);
      serials.push(serial);
    }
  };
  for (const part of parts) {
    const range = /^(\d{1,5})\s*[-–*]\s*(\d{1,5})$/.exec(part);
    const single = /^\d{1,5}$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (from < 1 || to < from) return { error: SERIALS_TEXT_INVALID };
      if (to - from + 1 > SERIALS_MAX) return { error: SERIALS_TOO_MANY };
      for (let serial = from; serial <= to; serial += 1) add(serial);
    } else if (single) {
      const serial = Number(part);
      if (serial < 1) return { error: SERIALS_TEXT_INVALID };
      add(serial);
    } else {
      return { error: SERIALS_TEXT_INVALID };
    }
    if (serials.length > SERIALS_MAX) return { error: SERIALS_TOO_MANY };
  }
  return { serials };
}

const serialList = z
  .array(z.number({ error: SERIALS_TEXT_INVALID }).int(SERIALS_TEXT_INVALID).min(1, SERIALS_TEXT_INVALID).max(SERIAL_MAX, SERIALS_TEXT_INVALID), { error: SERIALS_TEXT_INVALID })
  .min(1, SERIALS_TEXT_INVALID)
  .max(SERIALS_MAX, SERIALS_TOO_MANY);

// The body of a mark or an undo: the part serials of voters in the booth of the address.
export const pollMarkInputSchema = z.object({ serials: serialList });
export type PollMarkInput = z.infer<typeof pollMarkInputSchema>;

// The serials to look up, as typed (?serials=12,15,18-22).
export const serialsQuerySchema = z.object({
  serials: z
    .string({ error: SERIALS_TEXT_INVALID })
    .max(400, SERIALS_TEXT_INVALID)
    .transform((text, context) => {
      const parsed = parseSerials(text);
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      if (parsed.serials.length === 0) {
        context.addIssue({ code: 'custom', message: SERIALS_TEXT_INVALID });
        return z.NEVER;
      }
      return parsed.serials;
    }),
});

// A client-chosen key that makes a mark or an undo safe to send again (the phone's outbox):
// the same key from the same user gets the first answer back and changes nothing.
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores';
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_KEY_INVALID);

export const pollVoterSchema = z.object({
  voter_id: z.number().int(),
  part_serial: z.number().int().nullable(),
  full_name: z.string(),
  father_husband_name: z.string().nullable(),
  gender: z.string().nullable(),
  age: z.number().int().nullable(),
  marked_at: z.string().nullable(),
});
export type PollVoter = z.infer<typeof pollVoterSchema>;

export const serialLookupSchema = z.object({
  booth: z.string(),
  voters: z.array(pollVoterSchema),
  // Serials no listed voter of the booth carries.
  unknown: z.array(z.number().int()),
});
export type SerialLookup = z.infer<typeof serialLookupSchema>;

export const markResultSchema = z.object({
  election: z.string(),
  booth: z.string(),
  // The voters now marked (or, for an undo, unmarked); changed false: they already were.
  voters: z.array(pollVoterSchema.extend({ changed: z.boolean() })),
  unknown: z.array(z.number().int()),
  // True when this answer is a replay of an earlier request with the same Idempotency-Key.
  replayed: z.boolean(),
});
export type MarkResult = z.infer<typeof markResultSchema>;

export const recentMarksQuerySchema = z.object({
  limit: z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(200, 'Limit must be 200 or fewer').default(30),
});
export const recentMarksSchema = z.object({
  booth: z.string(),
  voters: z.number().int(),
  voted: z.number().int(),
  marks: z.array(pollVoterSchema.extend({ marked_by_name: z.string().nullable() })),
});
export type RecentMarks = z.infer<typeof recentMarksSchema>;

// Turnout (the office's live dashboard).
export const turnoutQuerySchema = z.object({
  booth_id: recordIdSchema('Booth must be a whole number').optional(),
});
const genderSplit = {
  voters: z.number().int(),
  voted: z.number().int(),
  male_voters: z.number().int(),
  male_voted: z.number().int(),
  female_voters: z.number().int(),
  female_voted: z.number().int(),
};
export const boothTurnoutSchema = z.object({ id: z.number().int(), label: z.string(), ...genderSplit });
export type BoothTurnout = z.infer<typeof boothTurnoutSchema>;
export const turnoutSchema = z.object({
  election: z.object({ name: z.string(), poll_date: z.string(), poll_start: z.string(), poll_end: z.string() }),
  // The booth asked for, or null for every booth taking part (of the caller's booths).
  booth: z.string().nullable(),
  totals: z.object(genderSplit),
  // Marks per hour of the poll day (office timezone), from the hour polls open to the hour they close.
  hours: z.array(z.object({ hour: z.number().int(), marks: z.number().int(), male: z.number().int(), female: z.number().int() })),
  // Booths by turnout, highest first.
  booths: z.array(boothTurnoutSchema),
  updated_at: z.string(),
});
export type Turnout = z.infer<typeof turnoutSchema>;

// Chasing supporters who have not voted yet.
export const CHASE_STATUSES = ['called', 'coming', 'wont_come'] as const;
export type ChaseStatus = (typeof CHASE_STATUSES)[number];
export const chaseInputSchema = z.object({ status: z.enum(CHASE_STATUSES, { error: 'Choose called, coming or won’t come' }) });
export const chaseVoterSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  part_serial: z.number().int().nullable(),
  booth: z.string(),
  house_no: z.string().nullable(),
  mobile_number: z.string().nullable(),
  support_level: z.string(),
  chase_status: z.enum(CHASE_STATUSES).nullable(),
  chased_at: z.string().nullable(),
  // Issue 61: shifted, out of town or not found at the address, as the roll has it (deceased
  // voters are left out of the list); null when nothing is known against them.
  availability: z.enum(['moved_away', 'out_of_town', 'not_found']).nullable(),
});
export type ChaseVoter = z.infer<typeof chaseVoterSchema>;
// `supporters`: every supporter in the list's reach, voted or not (issue 56: an empty list says
// whether they all voted or none is recorded).
export const chaseListSchema = z.object({ election: z.string(), voters: z.array(chaseVoterSchema), truncated: z.boolean(), supporters: z.number().int() });
export type ChaseList = z.infer<typeof chaseListSchema>;
export const chaseBoothsSchema = z.object({
  election: z.string(),
  supporters: z.number().int(),
  booths: z.array(z.object({ id: z.number().int(), label: z.string(), supporters: z.number().int(), voted: z.number().int(), out: z.number().int() })),
});
export type ChaseBooths = z.infer<typeof chaseBoothsSchema>;
export const chaseResultSchema = z.object({ voter_id: z.number().int(), status: z.enum(CHASE_STATUSES), chased_at: z.string() });
export type ChaseResult = z.infer<typeof chaseResultSchema>;

// The support levels chased on poll day.
export const SUPPORTER_LEVELS = ['strong_supporter', 'leaning_supporter'] as const;

// The SMS silence period: from 48 hours before polls open until they close.
export const SILENCE_HOURS = 48;
