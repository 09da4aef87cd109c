import { z } from 'zod';
import { calendarDateSchema } from '../time/calendar-date';
import { ROLES, type Role } from '../auth/roles';
import { contactIssuesSettingSchema, DEFAULT_CONTACT_ISSUES, formatContactIssues } from '../contacts/contact-issues';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { BOOTHS, isBooth } from '../reference/booths';
import { POLITICAL_PREFERENCE_VALUES } from '../reference/voter-lists';
import type { ClassBasis } from '../booths/booth-class';
import { DEFAULT_PUBLIC_SETTINGS, FIELD_LANDINGS, LANGUAGES, type PublicSettings, TIMEZONES } from './public-settings';

export { DEFAULT_PUBLIC_SETTINGS, FIELD_LANDINGS, LANGUAGES, type PublicSettings, TIMEZONES };

// Spec section 9: the options of each setting. Settings travel as text values (spec section 3).
// (Timezones and languages: public-settings.ts, which the phone's first download reads.)
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const PASSWORD_POLICIES = ['basic', 'medium', 'strong'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

const toggle = z.enum(['true', 'false'], { error: 'Must be "true" or "false"' });

// Voter exports each user of a role may start per office day (leak tracing, issue 17); only
// the office roles can export at all. 0 stops the role exporting.
export const EXPORT_LIMIT_MAX = 1000;
const exportLimit = z
  .string()
  .regex(/^\d+$/, 'Export limit must be a whole number')
  .refine((value) => Number(value) <= EXPORT_LIMIT_MAX, `Export limit must be between 0 and ${EXPORT_LIMIT_MAX}`);
// The roles that must sign in with a second factor when enable_2fa is on, as text like
// "Super Admin,Admin" (settings are text values). Office roles by default; field roles may
// be added. Issue 17.
export function parseRoleList(value: string): Role[] {
  return ROLES.filter((role) => value.split(',').some((item) => item.trim() === role));
}
export function formatRoleList(roles: readonly Role[]): string {
  return ROLES.filter((role) => roles.includes(role)).join(',');
}
const roleList = z
  .string({ error: 'Choose roles from the list' })
  .max(200, 'Choose roles from the list')
  .refine((value) => value.trim() === '' || value.split(',').every((item) => (ROLES as readonly string[]).includes(item.trim())), 'Choose roles from the list');

// Issue 20: how many serial numbers of a part make one roll page (a worker's page).
export const PAGE_SIZE_MIN = 5;
export const PAGE_SIZE_MAX = 100;
const pageSize = z
  .string()
  .regex(/^\d+$/, 'Voters per roll page must be a whole number')
  .refine((value) => Number(value) >= PAGE_SIZE_MIN && Number(value) <= PAGE_SIZE_MAX, `Voters per roll page must be between ${PAGE_SIZE_MIN} and ${PAGE_SIZE_MAX}`);

// Issue 20, booth classes: the least share of contacted voters who support (percent) for a
// booth to be class A, and class B; below B it is class C.
const classMin = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .refine((value) => Number(value) >= 0 && Number(value) <= 100, `${name} must be between 0 and 100`);

// Issue 22, the election: poll date (YYYY-MM-DD, empty until set), poll hours (HH:MM, office
// timezone) and the booths that take part (comma-separated labels, empty = every booth). Voter
// slips print them; poll day, turnout and the SMS silence period read them.
const pollTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Poll hours must be a time like 07:00');
const pollDate = z.union([z.literal(''), calendarDateSchema('Poll date must be a date like 2029-10-20')]);
const pollBooths = z
  .string()
  .max(20000, 'Choose booths from the list')
  .refine((value) => value.trim() === '' || value.split(',').every((item) => isBooth(item.trim())), 'Choose booths from the list');
export const POLL_END_AFTER_START = 'Polls must close after they open';
// The booths taking part in one spelling: booth order, no repeats ('' stays every booth).
export function formatPollBooths(value: string): string {
  const chosen = new Set(value.split(',').map((item) => item.trim()));
  return BOOTHS.filter((booth) => chosen.has(booth)).join(',');
}

// Issue 60, messages: the price of one SMS part in paise (the cost estimate on every sending
// form), the DLT registration every commercial SMS to a voter carries (sender id: the 6-letter
// header; entity id: the principal entity's number), a daily budget in rupees for messages to
// voters (0: none go out) and the number of voters above which a send waits for a Super Admin.
const wholeBetween = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d+$/, message)
    .refine((value) => Number(value) >= min && Number(value) <= max, message);
export const SMS_PRICE_RANGE = 'The price of one SMS part must be a whole number of paise from 0 to 10000';
export const DAILY_BUDGET_RANGE = 'The daily budget must be a whole number of rupees from 0 to 10000000';
export const APPROVAL_THRESHOLD_RANGE = 'The approval threshold must be a whole number of voters from 1 to 10000000';
export const SMS_SENDER_ID_FORMAT = 'Sender id must be 6 capital letters';
export const DLT_ENTITY_ID_FORMAT = 'Entity id must be 12 to 19 digits';
const smsSenderId = z.string().trim().regex(/^([A-Z]{6})?$/, SMS_SENDER_ID_FORMAT);
const dltEntityId = z.string().trim().regex(/^(\d{12,19})?$/, DLT_ENTITY_ID_FORMAT);

// Issue 61: what a booth's class is computed from (booth-class.ts's CLASS_BASES, spelt again so
// this schema does not pull the booths' schemas into every screen that reads settings).
const CLASS_BASIS_VALUES = ['contacts', 'past_votes'] as const satisfies readonly ClassBasis[];

export const POLL_SMS_NUMBER_FORMAT = 'The poll-day SMS number must be a 10-digit mobile number';
export const OFFLINE_COPY_DAYS_RANGE = 'The offline copy must be kept between 1 and 90 days without a sync';

export const settingsSchema = z.object({
  app_name: z.string().trim().max(80, 'Application name must be 80 characters or fewer'),
  timezone: z.enum(TIMEZONES, { error: 'Choose a timezone from the list' }),
  language: z.enum(LANGUAGES, { error: 'Choose a language from the list' }),
  field_landing: z.enum(FIELD_LANDINGS, { error: 'Choose a landing page from the list' }),
  // Issue 61: the office's SMS gateway number a phone sends poll-day marks to when data fails.
  poll_sms_number: z.string().trim().regex(/^(\d{10})?$/, POLL_SMS_NUMBER_FORMAT),
  enable_2fa: toggle,
  two_factor_roles: roleList,
  password_policy: z.enum(PASSWORD_POLICIES, { error: 'Choose a password policy from the list' }),
  email_notifications: toggle,
  sms_notifications: toggle,
  // Issue 57: a phone's offline copy not brought up to date for this many days is wiped.
  offline_copy_days: z
    .string()
    .regex(/^\d+$/, OFFLINE_COPY_DAYS_RANGE)
    .refine((value) => Number(value) >= 1 && Number(value) <= 90, OFFLINE_COPY_DAYS_RANGE),
  data_retention_days: z
    .string()
    .regex(/^\d+$/, 'Data retention must be a whole number of days')
    .refine((value) => Number(value) >= 1 && Number(value) <= 3650, 'Data retention must be between 1 and 3650 days'),
  backup_frequency: z.enum(BACKUP_FREQUENCIES, { error: 'Choose a backup frequency from the list' }),
  export_limit_super_admin: exportLimit,
  export_limit_admin: exportLimit,
  // Contacts and support (issue 20): the issues a voter may raise, one a line.
  contact_issues: contactIssuesSettingSchema,
  page_size: pageSize,
  booth_class_a_min: classMin('Class A threshold'),
  booth_class_b_min: classMin('Class B threshold'),
  // Issue 61 (decision 076): classes from the office's party's share of a past election's votes.
  booth_class_basis: z.enum(CLASS_BASIS_VALUES, { error: 'Choose what the booth class is computed from' }),
  booth_class_party: z.union([z.literal(''), z.enum(POLITICAL_PREFERENCE_VALUES as [string, ...string[]], { error: "Choose the office's party from the list" })]),
  booth_class_election: z.string().trim().regex(/^(\d{1,9})?$/, 'Choose an election from the list'),
  booth_class_vote_a_min: classMin('Class A vote share'),
  booth_class_vote_b_min: classMin('Class B vote share'),
  election_name: z.string().trim().max(120, 'Election name must be 120 characters or fewer'),
  poll_date: pollDate,
  poll_start: pollTime,
  poll_end: pollTime,
  poll_booths: pollBooths,
  sms_price_paise: wholeBetween(0, 10000, SMS_PRICE_RANGE),
  sms_sender_id: smsSenderId,
  dlt_entity_id: dltEntityId,
  voter_sms_daily_budget: wholeBetween(0, 10000000, DAILY_BUDGET_RANGE),
  voter_sms_approval_threshold: wholeBetween(1, 10000000, APPROVAL_THRESHOLD_RANGE),
  // Issue 59 (decision 090): an SMS to the citizen when their request is registered and when it
  // is resolved, in their language, never to an opted-out number. Off until the office turns it on.
  service_sms_enabled: toggle,
});
export type Settings = z.infer<typeof settingsSchema>;
// The settings form checks across fields too: polls close after they open (issue 22).
export const settingsFormSchema = settingsSchema.superRefine((settings, context) => {
  if (settings.poll_end <= settings.poll_start) context.addIssue({ code: 'custom', path: ['poll_end'], message: POLL_END_AFTER_START });
});

// The settings travel with one version for them all (shared/records/record-version.ts): GET
// returns it, PUT sends back the one the page loaded.
export const versionedSettingsSchema = settingsSchema.extend({ version: recordVersionSchema });
export type VersionedSettings = z.infer<typeof versionedSettingsSchema>;
export const settingsUpdateSchema = settingsSchema.partial().extend({ version: sentVersionSchema });
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

export const DEFAULT_SETTINGS: Settings = {
  ...DEFAULT_PUBLIC_SETTINGS,
  enable_2fa: 'false',
  two_factor_roles: 'Super Admin,Admin',
  password_policy: 'basic',
  email_notifications: 'true',
  sms_notifications: 'true',
  data_retention_days: '365',
  offline_copy_days: '14',
  backup_frequency: 'daily',
  export_limit_super_admin: '50',
  export_limit_admin: '20',
  contact_issues: formatContactIssues(DEFAULT_CONTACT_ISSUES),
  page_size: '30',
  booth_class_a_min: '60',
  booth_class_b_min: '40',
  booth_class_basis: 'contacts',
  booth_class_party: '',
  booth_class_election: '',
  booth_class_vote_a_min: '45',
  booth_class_vote_b_min: '30',
  election_name: '',
  poll_date: '',
  poll_start: '07:00',
  poll_end: '18:00',
  poll_booths: '',
  poll_sms_number: '',
  sms_price_paise: '25',
  sms_sender_id: '',
  dlt_entity_id: '',
  voter_sms_daily_budget: '1000',
  voter_sms_approval_threshold: '1000',
  service_sms_enabled: 'false',
};

// What every signed-in user's screens need: harmless display settings only.
export const publicSettingsSchema = settingsSchema.pick({ app_name: true, timezone: true, language: true, field_landing: true, poll_sms_number: true });
// PublicSettings (public-settings.ts) is written out by hand for the zod-free first download;
// this line stops the build if it and the schema ever part.
export const publicSettingsMatchSchema: [PublicSettings, z.infer<typeof publicSettingsSchema>] extends [z.infer<typeof publicSettingsSchema>, PublicSettings] ? true : never = true;
