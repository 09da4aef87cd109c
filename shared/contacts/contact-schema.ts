import { z } from 'zod';
import { voterFlagSchema } from '../availability/availability-schema';
import { CONTACT_CHANNELS, CONTACT_ISSUES_MAX, CONTACT_NOTE_MAX, CONTACT_OUTCOMES, SUPPORT_LEVELS } from './contact-options';

// Contacts with voters and the support they show (issue 20, docs/decisions/026-contacts-and-support.md).
// One schema both sides: the web's record-contact sheet and POST /api/voters/:id/contacts.

// The lists and limits (channels, outcomes, support levels, flags) live without zod in
// contact-options.ts, which the first screens of a phone read (issue 21).
export * from './contact-options';

// Issues raised travel as the names the office's list holds; the server checks them against it.
export const contactInputSchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: 'Choose visit, call, WhatsApp or meeting' }),
  outcome: z.enum(CONTACT_OUTCOMES, { error: 'Choose an outcome from the list' }),
  issues: z
    .array(z.string({ error: 'Choose issues from the list' }).trim().min(1, 'Choose issues from the list').max(60, 'Choose issues from the list'), { error: 'Choose issues from the list' })
    .max(CONTACT_ISSUES_MAX, `Choose at most ${CONTACT_ISSUES_MAX} issues`)
    .default([])
    // The same issue twice is the same issue.
    .transform((issues) => [...new Set(issues)]),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(CONTACT_NOTE_MAX, `Note must be at most ${CONTACT_NOTE_MAX} characters`)
    .nullable()
    .optional()
    .transform((note) => (note ? note : null)),
});
export type ContactInput = z.output<typeof contactInputSchema>;
export type ContactFormValues = z.input<typeof contactInputSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  voter_id: z.number().int(),
  user_id: z.number().int().nullable(),
  // The worker's name when the contact was recorded (a user may later be deleted).
  user_name: z.string().nullable(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  issues: z.array(z.string()),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;


// The voter's side of a contact: what the card shows after saving.
export const contactVoterSchema = z.object({
  id: z.number().int(),
  support_level: z.enum(SUPPORT_LEVELS).nullable(),
  last_contact_at: z.string().nullable(),
});

export const recordedContactSchema = z.object({
  contact: contactSchema,
  voter: contactVoterSchema,
  // The flag the outcome raised, or the one already waiting for review; null when none.
  flag: voterFlagSchema.nullable(),
});
export type RecordedContact = z.infer<typeof recordedContactSchema>;

export const CONTACT_HISTORY_LIMIT = 50;
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const contactHistoryQuerySchema = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(200, 'Limit must be 200 or less').default(CONTACT_HISTORY_LIMIT),
  ),
});

// Newest first; every flag the voter has had, newest first.
export const contactHistorySchema = z.object({
  contacts: z.array(contactSchema),
  total: z.number().int(),
  flags: z.array(voterFlagSchema),
});
export type ContactHistory = z.infer<typeof contactHistorySchema>;

export const contactOptionsSchema = z.object({ issues: z.array(z.string()) });
export type ContactOptions = z.infer<typeof contactOptionsSchema>;
