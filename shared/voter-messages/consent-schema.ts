import { z } from 'zod';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';

// Issue 60: whether a voter may be sent messages. Unknown until someone records an answer;
// opted out means nothing is ever sent to them (nor to a number that replied STOP).
export const MESSAGING_STATES = ['unknown', 'opted_in', 'opted_out'] as const;
export type MessagingState = (typeof MESSAGING_STATES)[number];

// How the state was set: by an office user, by the voter's reply (STOP / START) or by the
// gateway's own opt-out report (the operator's do-not-disturb or the DLT opt-out list).
export const CONSENT_SOURCES = ['office', 'reply', 'gateway'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const MESSAGING_STATE_CHOICE = 'Choose unknown, opted in or opted out';
export const CONSENT_NOTE_TOO_LONG = 'The note can be at most 200 characters';

export const voterConsentSchema = z.object({
  voter_id: z.number().int(),
  state: z.enum(MESSAGING_STATES),
  changed_at: z.string().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
  changed_by_name: z.string().nullable(),
  note: z.string().nullable(),
  // The mobile replied STOP: nothing goes to it, whatever the voter's own state says.
  number_opted_out: z.boolean(),
  version: recordVersionSchema,
});
export type VoterConsent = z.infer<typeof voterConsentSchema>;

export const voterConsentUpdateSchema = z.object({
  state: z.enum(MESSAGING_STATES, { error: MESSAGING_STATE_CHOICE }),
  note: z.string({ error: CONSENT_NOTE_TOO_LONG }).trim().max(200, CONSENT_NOTE_TOO_LONG).optional(),
  version: sentVersionSchema,
});
export type VoterConsentUpdate = z.input<typeof voterConsentUpdateSchema>;

// Replies that opt a number out or back in (what Indian operators and DLT treat as opt-out,
// and the words a Marathi, Hindi or Gujarati speaker types).
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'बंद', 'थांबवा', 'रोको', 'બંધ']);
const START_WORDS = new Set(['START', 'UNSTOP', 'SUBSCRIBE', 'OPTIN', 'सुरू', 'शुरू', 'ચાલુ']);
export function replyIntent(text: string): 'opt_out' | 'opt_in' | null {
  const word = text.trim().split(/\s+/)[0]?.replace(/[.!]+$/, '').toUpperCase() ?? '';
  if (STOP_WORDS.has(word)) return 'opt_out';
  if (START_WORDS.has(word)) return 'opt_in';
  return null;
}

// A mobile as the gateway writes it (+91 98765 43210, 919876543210) as the voter record keeps
// it: the last ten digits; null when there are fewer.
export function tenDigitMobile(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}

// What a gateway posts when a voter replies or is reported opted out: field names vary by
// gateway (Twilio: From/Body; Fast2SMS and others: mobile/message, sender/text), so several are read.
export const inboundMessageSchema = z
  .object({
    From: z.string().optional(),
    from: z.string().optional(),
    mobile: z.string().optional(),
    sender: z.string().optional(),
    Body: z.string().optional(),
    body: z.string().optional(),
    text: z.string().optional(),
    message: z.string().optional(),
    // A gateway's own opt-out report (no reply text): event "opt_out".
    event: z.string().optional(),
  })
  .passthrough();
export type InboundMessage = z.infer<typeof inboundMessageSchema>;
// poll_marks: a poll-day SMS of marks (issue 61, shared/poll/sms-marks.ts).
export const inboundResultSchema = z.object({ message: z.string(), action: z.enum(['opted_out', 'opted_in', 'ignored', 'poll_marks']) });
