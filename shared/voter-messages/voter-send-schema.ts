import { z } from 'zod';
import { SUPPORT_LEVELS } from '../contacts/contact-options';
import { LANGUAGES } from '../settings/public-settings';
import { recordIdSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { isBooth } from '../reference/booths';
import { smsLength } from '../sms/sms-length';

// Issue 60: templates and sends of messages to voters.

// DLT categories: a promotional message is held between 21:00 and 09:00 office time; a
// service message (a reminder the voter asked for, a meeting notice) may go at any hour.
export const TEMPLATE_CATEGORIES = ['promotional', 'service'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_PLACEHOLDERS = ['{name}', '{booth}', '{polling_station}', '{date}'] as const;

export const TEMPLATE_NAME_REQUIRED = 'Give the template a name';
export const TEMPLATE_DLT_ID = 'The DLT template id must be 19 digits or fewer';
export const TEMPLATE_TEXT_REQUIRED = "Write the template's text in at least one language";
export const TEMPLATE_TEXT_TOO_LONG = 'A template text can be at most 500 characters';
export const TEMPLATE_CATEGORY_CHOICE = 'Choose promotional or service';
export const TEMPLATE_UNKNOWN_PLACEHOLDER = 'Use only the placeholders {name}, {booth}, {polling_station} and {date}';
export const WHATSAPP_TEMPLATE_NAME = 'A WhatsApp template name has only small letters, digits and _';
export const WHATSAPP_NOT_SET_UP = 'WhatsApp is not set up on this server';
export const NO_WHATSAPP_TEMPLATE = 'This template has no approved WhatsApp template name';

// How a send reaches the voters: SMS through the gateway, or WhatsApp template messages through
// the WhatsApp Business Cloud API where the server is set up for it (decision 079).
export const CHANNELS = ['sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

const templateText = z
  .string()
  .trim()
  .max(500, TEMPLATE_TEXT_TOO_LONG)
  .refine((text) => (text.match(/\{[^}]*\}/g) ?? []).every((token) => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(token)), TEMPLATE_UNKNOWN_PLACEHOLDER)
  .default('');
export const templateTextsSchema = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, templateText])) as Record<(typeof LANGUAGES)[number], typeof templateText>);
export type TemplateTexts = Record<(typeof LANGUAGES)[number], string>;

export const voterTemplateInputSchema = z
  .object({
    name: z.string({ error: TEMPLATE_NAME_REQUIRED }).trim().min(1, TEMPLATE_NAME_REQUIRED).max(80, 'The template name can be at most 80 characters'),
    category: z.enum(TEMPLATE_CATEGORIES, { error: TEMPLATE_CATEGORY_CHOICE }),
    dlt_template_id: z.string({ error: TEMPLATE_DLT_ID }).trim().regex(/^\d{1,19}$/, TEMPLATE_DLT_ID),
    texts: templateTextsSchema,
    // The name of the template Meta approved with the same texts ({name} ... as {{1}} ... in
    // the order they appear); empty: this template goes by SMS only.
    whatsapp_template: z.string({ error: WHATSAPP_TEMPLATE_NAME }).trim().max(512, WHATSAPP_TEMPLATE_NAME).regex(/^[a-z0-9_]*$/, WHATSAPP_TEMPLATE_NAME)
      .nullable()
      .default('')
      // A template read back (null: none) may be sent as it came.
      .transform((name) => name ?? ''),
    version: sentVersionSchema,
  })
  .refine((input) => Object.values(input.texts).some((text) => text !== ''), { message: TEMPLATE_TEXT_REQUIRED, path: ['texts'] });
export type VoterTemplateInput = z.input<typeof voterTemplateInputSchema>;

export const voterTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  dlt_template_id: z.string(),
  texts: z.record(z.string(), z.string()),
  whatsapp_template: z.string().nullable(),
  updated_at: z.string(),
  version: recordVersionSchema,
});
export type VoterTemplate = z.infer<typeof voterTemplateSchema>;

// Who a send goes to: live voters matching every filter given, with a mobile. Birthdays or
// anniversaries today (office calendar) replace nothing: each is one more filter.
export const AGE_RANGE = 'Ages must be whole numbers from 18 to 120';
export const ROLL_PAGE = 'A roll page is a whole number from 1';
export const ROLL_PAGE_NEEDS_BOOTH = 'Choose the booth of the roll page';
export const voterAudienceSchema = z
  .object({
    booth: z.string().refine((value) => value === '' || isBooth(value), 'Choose a booth from the list').optional(),
    village: z.string().trim().max(100, 'The village can be at most 100 characters').optional(),
    age_min: z.number({ error: AGE_RANGE }).int(AGE_RANGE).min(18, AGE_RANGE).max(120, AGE_RANGE).optional(),
    age_max: z.number({ error: AGE_RANGE }).int(AGE_RANGE).min(18, AGE_RANGE).max(120, AGE_RANGE).optional(),
    gender: z.enum(['Male', 'Female', 'Other'], { error: 'Choose a gender from the list' }).optional(),
    support_level: z.enum(SUPPORT_LEVELS, { error: 'Choose a support level from the list' }).optional(),
    birthdays_today: z.boolean().optional(),
    anniversaries_today: z.boolean().optional(),
    // Heads of households: the voter record's Head of House 1, or the head of a confirmed household.
    heads_of_households: z.boolean().optional(),
    // One roll page of the booth (its serials at the office's page size).
    roll_page: z.number({ error: ROLL_PAGE }).int(ROLL_PAGE).min(1, ROLL_PAGE).max(10000, ROLL_PAGE).optional(),
    // Poll day's chase list: supporters with no vote marked in this election.
    chase_list: z.boolean().optional(),
  })
  .refine((audience) => audience.roll_page === undefined || Boolean(audience.booth), { message: ROLL_PAGE_NEEDS_BOOTH, path: ['roll_page'] })
  .refine((audience) => audience.age_min === undefined || audience.age_max === undefined || audience.age_min <= audience.age_max, { message: 'The lowest age must not be above the highest', path: ['age_max'] });
export type VoterAudience = z.input<typeof voterAudienceSchema>;

export const voterSendInputSchema = z.object({
  audience: voterAudienceSchema,
  template_id: recordIdSchema('Choose a template'),
  channel: z.enum(CHANNELS, { error: 'Choose SMS or WhatsApp' }).default('sms'),
  // What {date} stands for (an event's date as the office writes it).
  date_text: z.string().trim().max(40, 'The date can be at most 40 characters').default(''),
});
export type VoterSendInput = z.input<typeof voterSendInputSchema>;

export const voterSendPreviewSchema = z.object({
  channel: z.enum(CHANNELS),
  matched: z.number().int(),
  recipients: z.number().int(),
  left_out: z.object({ no_mobile: z.number().int(), opted_out: z.number().int() }),
  parts: z.number().int(),
  estimated_cost_paise: z.number().int(),
  budget_left_paise: z.number().int(),
  needs_approval: z.boolean(),
  // A promotional send asked for at night waits for the morning (ISO instant), else null.
  held_until: z.string().nullable(),
  sample: z.string(),
  // The office's language (the text of a voter with no language of their own).
  language: z.enum(LANGUAGES),
  // How many recipients get each language: their own where the voter record has one and the
  // template a text in it, else the office's (issue 60).
  by_language: z.array(z.object({ language: z.enum(LANGUAGES), recipients: z.number().int() })),
});
export type VoterSendPreview = z.infer<typeof voterSendPreviewSchema>;

// Today's birthdays and anniversaries (issue 60): each voter with the greeting in their language
// (the chosen template's), for a one-tap WhatsApp message on the phone; the whole day's list goes
// by SMS through a send with the birthdays or anniversaries filter.
export const OCCASIONS = ['birthday', 'anniversary'] as const;
export type Occasion = (typeof OCCASIONS)[number];
export const GREETINGS_SHOWN = 200;
export const greetingsQuerySchema = z.object({ template_id: recordIdSchema('Template not found').optional() });
const greetingVoterSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  booth: z.string().nullable(),
  // The WhatsApp number where the record has one, else the mobile; null: neither.
  whatsapp: z.string().nullable(),
  opted_out: z.boolean(),
  // The template's text for this voter, or null without a template.
  text: z.string().nullable(),
});
export type GreetingVoter = z.infer<typeof greetingVoterSchema>;
const occasionListSchema = z.object({ total: z.number().int(), voters: z.array(greetingVoterSchema) });
export const greetingsTodaySchema = z.object({ date: z.string(), birthday: occasionListSchema, anniversary: occasionListSchema });
export type GreetingsToday = z.infer<typeof greetingsTodaySchema>;
export const whatsappGreetingSchema = z.object({
  voter_id: recordIdSchema('Voter not found'),
  occasion: z.enum(OCCASIONS, { error: 'Choose birthday or anniversary' }),
  template_id: recordIdSchema('Template not found'),
});
export const VOTER_OPTED_OUT = 'This voter has opted out of messages';

export const SEND_STATUSES = ['awaiting_approval', 'sending', 'done', 'cancelled', 'stopped'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export const voterSendSchema = z.object({
  id: z.number().int(),
  template_name: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  channel: z.enum(CHANNELS),
  status: z.enum(SEND_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  // Of those sent, what the gateway's delivery reports said (issue 60): the rest await a report.
  delivered: z.number().int(),
  undelivered: z.number().int(),
  left_out: z.object({ no_mobile: z.number().int(), opted_out: z.number().int() }),
  parts: z.number().int(),
  estimated_cost_paise: z.number().int(),
  spent_paise: z.number().int(),
  not_before: z.string().nullable(),
  stop_reason: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  approved_by_name: z.string().nullable(),
  finished_at: z.string().nullable(),
  version: recordVersionSchema,
});
export type VoterSend = z.infer<typeof voterSendSchema>;
export const sendActionSchema = z.object({ version: sentVersionSchema });

// The text one voter gets: the template in the chosen language with its placeholders filled.
export function renderTemplate(text: string, values: { name: string; booth: string; polling_station: string; date: string }): string {
  return text.replace(/\{(name|booth|polling_station|date)\}/g, (_whole, key: keyof typeof values) => values[key]);
}

// Parts of one rendered text (shared with the counter: sms-length.ts).
export const partsOf = (text: string) => smsLength(text).parts;

// A gateway's delivery report (issue 60): its message id and the final status. Names vary by
// gateway (Twilio: MessageSid/MessageStatus/ErrorCode; Fast2SMS and others: request_id or
// message_id, status, error or reason), so several are read.
export const deliveryReportSchema = z
  .object({
    MessageSid: z.string().optional(),
    SmsSid: z.string().optional(),
    message_id: z.string().optional(),
    request_id: z.string().optional(),
    id: z.string().optional(),
    MessageStatus: z.string().optional(),
    SmsStatus: z.string().optional(),
    status: z.string().optional(),
    ErrorCode: z.string().optional(),
    ErrorMessage: z.string().optional(),
    error: z.string().optional(),
    reason: z.string().optional(),
  })
  .passthrough();
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;
export const DELIVERY_STATUSES = ['delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const deliveryResultSchema = z.object({ message: z.string(), status: z.enum([...DELIVERY_STATUSES, 'ignored', 'unknown']) });

// A gateway's word for a final status; null for one on the way (queued, sent, accepted).
const DELIVERED_WORDS = new Set(['DELIVERED', 'DELIVRD', 'SUCCESS', 'READ']);
const FAILED_WORDS = new Set(['FAILED', 'UNDELIVERED', 'UNDELIV', 'UNDELIVRD', 'REJECTED', 'REJECTD', 'EXPIRED', 'DND', 'BLOCKED', 'ERROR']);
export function deliveryStatusOf(word: string): DeliveryStatus | null {
  const key = word.trim().toUpperCase();
  if (DELIVERED_WORDS.has(key)) return 'delivered';
  if (FAILED_WORDS.has(key)) return 'failed';
  return null;
}
