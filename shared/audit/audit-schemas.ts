import { z } from 'zod';
import { CALENDAR_DATE_PATTERN, DATE_NOT_IN_CALENDAR, isCalendarDate } from '../time/calendar-date';
import { recordIdSchema } from '../records/record-id';

// Spec section 9: the action filter values, then the other actions we record.
export const SPEC_AUDIT_ACTIONS = [
  'LOGIN',
  'LOGOUT',
  'CREATE_USER',
  'UPDATE_USER',
  'DELETE_USER',
  'CREATE_VOTER',
  'UPDATE_VOTER',
  'DELETE_VOTER',
  'SEND_SMS',
] as const;
export const EXTRA_AUDIT_ACTIONS = [
  'LOGIN_FAILED',
  'IMPORT_VOTERS',
  'EXPORT_VOTERS',
  'EXPORT_REFUSED',
  'UPDATE_SETTINGS',
  'RESET_PASSWORD',
  'CHANGE_PASSWORD',
  'CREATE_TASK',
  'UPDATE_TASK',
  'DELETE_TASK',
  'ENROL_TWO_FACTOR',
  'RESET_TWO_FACTOR',
  'PURGE_AUDIT_LOGS',
  'VOTER_ID_CONFLICT',
  'CHANGE_LANGUAGE',
  // Contacts and support (issue 20).
  'CREATE_CONTACT',
  'CONFIRM_VOTER_FLAG',
  'DISMISS_VOTER_FLAG',
  // Issue 61: voter availability reported from a voter's card.
  'REPORT_VOTER_FLAG',
  // Issue 20: booths and roll pages.
  'UPDATE_BOOTH',
  'ASSIGN_PAGES',
  'UNASSIGN_PAGES',
  // Issue 20: households and duplicate entries.
  'PROPOSE_HOUSEHOLDS',
  'SUGGEST_HOUSEHOLD',
  'CONFIRM_HOUSEHOLD',
  'SPLIT_HOUSEHOLD',
  'MERGE_HOUSEHOLDS',
  'MOVE_HOUSEHOLD_MEMBER',
  'SCAN_DUPLICATES',
  'MARK_DUPLICATE',
  'DISMISS_DUPLICATE',
  'REOPEN_DUPLICATE',
  // Issue 20: booth classes.
  'SET_BOOTH_CLASS',
  // Issue 22: voter slips printed and shared.
  'PRINT_SLIPS',
  'SHARE_SLIPS',
  'CANCEL_SLIPS',
  // Issue 61: a slip's QR code revoked (a lost slip, a reprint).
  'REVOKE_SLIP',
  // Issue 22: poll day.
  'MARK_VOTED',
  'UNMARK_VOTED',
  'CHASE_VOTER',
  'OVERRIDE_SMS_SILENCE',
  // Issue 21: a phone took a full copy of its booths' voters.
  'SYNC_VOTERS',
  // Issue 19: the roll import.
  'UPLOAD_ROLL',
  'CORRECT_ROLL_BOX',
  'CANCEL_ROLL_IMPORT',
  'IMPORT_ROLL',
  // Issue 54: the booth a roll's voters go to, chosen by the office.
  'CHOOSE_ROLL_BOOTH',
  // Issue 59: the office's registers.
  'CREATE_SERVICE_REQUEST',
  'UPDATE_SERVICE_REQUEST',
  'NOTE_SERVICE_REQUEST',
  'ATTACH_SERVICE_REQUEST_FILE',
  'DELETE_SERVICE_REQUEST_FILE',
  'EXPORT_SERVICE_REQUESTS',
  'SEND_SERVICE_REQUEST_SMS',
  'CREATE_APPOINTMENT',
  'UPDATE_APPOINTMENT',
  'CREATE_APPOINTMENT_CALENDAR',
  'UPDATE_APPOINTMENT_CALENDAR',
  'BLOCK_APPOINTMENT_DAY',
  'UNBLOCK_APPOINTMENT_DAY',
  'CREATE_APPOINTMENT_TOKEN',
  'UPDATE_APPOINTMENT_TOKEN',
  'SEND_APPOINTMENT_REMINDER',
  'PRINT_APPOINTMENT_SHEET',
  'CREATE_VILLAGE_PROGRAM',
  'UPDATE_VILLAGE_PROGRAM',
  'DELETE_VILLAGE_PROGRAM',
  // Issue 60: messages to voters.
  'CHANGE_MESSAGING_CONSENT',
  'SEND_WHATSAPP_GREETING',
  'MESSAGING_OPT_OUT',
  'MESSAGING_OPT_IN',
  'SEND_VOTER_MESSAGES',
  'APPROVE_VOTER_MESSAGES',
  'CANCEL_VOTER_MESSAGES',
  'STOP_VOTER_MESSAGES',
  'CREATE_VOTER_TEMPLATE',
  'UPDATE_VOTER_TEMPLATE',
  // Issue 61: past results per booth.
  'IMPORT_ELECTION_RESULTS',
  'DELETE_ELECTION_RESULTS',
  // Issue 61: surveys.
  'CREATE_SURVEY',
  'UPDATE_SURVEY',
  'OPEN_SURVEY',
  'CLOSE_SURVEY',
  'DELETE_SURVEY',
  'ANSWER_SURVEY',
  'EXPORT_SURVEY',
] as const;
export const AUDIT_ACTIONS = [...SPEC_AUDIT_ACTIONS, ...EXTRA_AUDIT_ACTIONS] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;

// A calendar day (read in the timezone setting) or an exact ISO-8601 instant.
const AUDIT_DATE_FORMAT = 'Use a date like 2026-11-21';
const dateFilter = z
  .string()
  .trim()
  .refine((value) => CALENDAR_DATE_PATTERN.test(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))), AUDIT_DATE_FORMAT)
  // An instant's day must exist too: Date.parse rolls 2027-02-30T10:00Z over to 2 March.
  .refine((value) => !/^\d{4}-\d{2}-\d{2}/.test(value) || isCalendarDate(value.slice(0, 10)), DATE_NOT_IN_CALENDAR);

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1),
  limit: z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(200, 'Limit must be 200 or fewer').default(AUDIT_PAGE_SIZE),
  action: z.string().trim().regex(/^[A-Z_]{1,40}$/, 'Unknown action').optional(),
  user_id: recordIdSchema('User must be a whole number').optional(),
  start_date: dateFilter.optional(),
  end_date: dateFilter.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

// The screens a record of an audit row opens on; the web turns one into an address.
export const AUDIT_RECORD_PAGES = ['voters', 'users', 'tasks', 'notifications', 'settings', 'booths'] as const;
export type AuditRecordPage = (typeof AUDIT_RECORD_PAGES)[number];

// Where the record an audit row concerns can still be found: the page, and what to search for
// there (a voter ID or name, a username). Null when the record is gone or the row names none.
export const auditRecordLinkSchema = z.object({ page: z.enum(AUDIT_RECORD_PAGES), search: z.string().nullable() });
export type AuditRecordLink = z.infer<typeof auditRecordLinkSchema>;

// Spec section 3, "Audit log", plus the record's name (as it was when the row was written, or
// for older rows the live record's current name) and its link.
export const auditLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_name: z.string().nullable(),
  action: z.string(),
  table_name: z.string().nullable(),
  record_id: z.string().nullable(),
  record_name: z.string().nullable(),
  record_link: auditRecordLinkSchema.nullable(),
  ip_address: z.string().nullable(),
  // What a roll import's commit did (IMPORT_ROLL rows only, issue 54).
  import_counts: z
    .object({ created: z.number(), updated: z.number(), unchanged: z.number(), deleted: z.number(), skipped: z.number(), conflicts: z.number(), stopped_part_way: z.boolean() })
    .optional(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogPageSchema = z.object({
  logs: z.array(auditLogSchema),
  totalPages: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
