import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { VoterInput } from '@shared/voters/voter-schema';

// One interface per table. Portable column types across SQLite and PostgreSQL:
// timestamps are ISO-8601 UTC text written by the app, booleans are 0/1 integers,
// lists are JSON text (see docs/decisions/001-sqlite-default-postgres-scale.md).
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  full_name: string;
  email: string | null;
  mobile: string | null;
  age: number | null;
  address: string | null;
  id_number: string | null;
  dob: string | null;
  designation: string | null;
  organisation: string | null;
  role: string;
  booth_access: string;
  is_active: number;
  last_login: string | null;
  created_at: string;
  updated_at: string;
  // Counts the writes of the profile an admin edits (migration 014); an edit names the one it started from.
  version: Generated<number>;
  // The interface language the user chose (migration 019); null follows the Language setting.
  language: string | null;
  // 1: the password was generated or reset by someone else and must be replaced before
  // anything else (migration 050, issue 57).
  must_change_password: Generated<number>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip_address: string | null;
  user_agent: string | null;
  // 1 when the sign-in passed two-factor.
  two_factor_passed: number;
}

// Sign-in attempt counters shared by every app node (see features/auth/login-throttle.ts).
// A shared rate limit's counter (migration 034, plugins/shared-rate-limit.ts).
export interface RateLimitsTable {
  key: string;
  hits: number;
  expires_at: string;
}

// Voter photos on PostgreSQL (migration 038, decision 043); SQLite keeps them as files.
export interface VoterPhotoFilesTable {
  name: string;
  full_size: Buffer;
  thumbnail: Buffer;
  created_at: string;
}

export interface SignInLimitsTable {
  key: string;
  attempts: number;
  blocked_until: string;
  expires_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface AuditLogsTable {
  id: Generated<number>;
  created_at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  table_name: string | null;
  record_id: string | null;
  // The record's name when the row was written (migration 018); NULL on older rows.
  record_name: string | null;
  ip_address: string | null;
  details: string | null;
}

export interface TasksTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  assigned_to: number;
  assigned_by: number | null;
  due_date: string | null;
  start_date: string | null;
  priority: string;
  area: string | null;
  notes: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  version: Generated<number>;
  // The village program it follows up (migration 057).
  program_id: number | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  message: string;
  type: string;
  sender_id: number | null;
  sender_name: string | null;
  created_at: string;
}

export interface NotificationRecipientsTable {
  notification_id: number;
  user_id: number;
  recipient_name: string | null;
  read_at: string | null;
  mobile: string | null;
  sms_status: string;
  sms_error: string | null;
  sms_attempts: number;
  sms_provider_id: string | null;
  sms_next_attempt_at: string | null;
  sms_updated_at: string | null;
}

export interface UserTwoFactorTable {
  user_id: number;
  secret: string;
  confirmed_at: string | null;
  last_time_step: number | null;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginChallengesTable {
  id_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  failed_attempts: Generated<number>;
  used_at: string | null;
}

// The voter's own fields come from the field table (shared/voters/voter-fields.ts), flags
// stored as 0/1; the rest is the record's bookkeeping.
type VoterFieldColumns = { [K in keyof VoterInput]: VoterInput[K] extends boolean ? number : VoterInput[K] };

// is_missing came later (migration 023) with a default of 0: a row written without it is not missing.
export interface VotersTable extends Omit<VoterFieldColumns, 'is_missing'> {
  is_missing: ColumnType<number, number | undefined, number>;
  id: Generated<number>;
  voter_image: string | null;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
  deleted_at: string | null;
  deleted_by: number | null;
  version: Generated<number>;
  // Kept by the contacts (migration 023): the latest support outcome, and the time and id of the
  // contact that set it (the order concurrent contacts are compared in); the latest contact's time.
  support_level: string | null;
  support_at: string | null;
  support_contact_id: number | null;
  last_contact_at: string | null;
  // Issue 20 (migration 024): the voter's household, and the voter this one is a second roll
  // entry of (kept, but out of every list and count).
  household_id: Generated<number | null>;
  duplicate_of: Generated<number | null>;
  // The search terms of full_name (with voter_id) and of father_husband_name: words and phonetic
  // keys (shared/search/name-keys.ts, migration 020); NULL until the app has filled them.
  full_name_terms: string | null;
  father_husband_name_terms: string | null;
  // Issue 21 (migration 030): the counter value of the voter's latest write, kept by triggers
  // (the offline sync's cursor), and the booth it last moved out of.
  change_seq: Generated<number>;
  prev_booth: Generated<string | null>;
}

export interface VoterSyncCounterTable {
  id: number;
  value: number;
}

// Issue 21 (migration 030): the answer given to a change sent with an Idempotency-Key, for a day;
// poll-day marks' keys too since migration 035 (poll_requests before).
// status and response stay null while the first request is being answered.
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request: string;
  status: number | null;
  response: string | null;
  created_at: string;
  // A hash of the method, path and fields the key was first sent with (migration 046); null on
  // keys kept before it.
  request_hash: string | null;
  // While unanswered: the claim's token and until when its request holds it (renewed while it
  // runs); a retry takes over a claim whose lease ran out (its process died).
  lease_until: string | null;
  claim_token: string | null;
}

// Counts kept exact by triggers (migration 006): per location, and overall.
export interface VoterStatsTable {
  dimension: string;
  taluka: string;
  village: string;
  booth: string;
  value1: string;
  value2: string;
  count: number;
}

export interface VoterStatsTalukaTable {
  dimension: string;
  taluka: string;
  value1: string;
  value2: string;
  count: number;
}

export interface VoterStatsTotalsTable {
  dimension: string;
  value1: string;
  value2: string;
  count: number;
}

// Exports allowed to start per user and office day (YYYY-MM-DD in the timezone setting).
export interface ExportCountsTable {
  user_id: number;
  day: string;
  exports: number;
}

// A contact a worker recorded with a voter (migration 023); issues is a JSON list of names.
export interface VoterContactsTable {
  id: Generated<number>;
  voter_id: number;
  user_id: number | null;
  user_name: string | null;
  channel: string;
  outcome: string;
  issues: string;
  note: string | null;
  created_at: string;
}

// A deceased or moved-away outcome waiting for an office role (migration 023).
export interface VoterFlagsTable {
  id: Generated<number>;
  voter_id: number;
  kind: string;
  status: string;
  contact_id: number | null;
  raised_by: number | null;
  raised_by_name: string | null;
  raised_at: string;
  resolved_by: number | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
  // Migration 063 (issue 61, voter availability).
  reason: string | null;
  other_voter_id: number | null;
  version: Generated<number>;
}

// Issue 20 (migration 022): booths as records, and who holds which roll page or house number.
export interface BoothsTable {
  id: number;
  label: string;
  part_number: number | null;
  polling_station_number: number | null;
  polling_station_name: string | null;
  polling_station_address: string | null;
  village: string | null;
  taluka: string | null;
  // JSON list of { number, name }.
  sections: string;
  updated_at: string;
  updated_by: number | null;
  version: Generated<number>;
  // Booth class set by an office role (migration 025), with why, who and when.
  class_override: string | null;
  class_override_reason: string | null;
  class_override_by: string | null;
  class_override_at: string | null;
  // The constituency of the roll last saved into the booth (migration 047, issue 54).
  constituency: string | null;
}

// Issue 22 (migration 028): long work as a job (the constituency's voter slips).
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  // queued, running, done, failed, canceled
  state: string;
  params: string;
  done: Generated<number>;
  total: Generated<number>;
  items: Generated<number>;
  cancel_requested: Generated<number>;
  file_name: string | null;
  file_bytes: number | null;
  error: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  // The server process running it (migration 038): recovery at start leaves a living one's alone.
  owner: string | null;
}

// Kept counts per roll page (migration 033, decision 038): the page's listed voters by coverage.
export interface PageCoverageTable {
  booth: string;
  page: number;
  active: number;
  contacted: number;
  deceased: number;
  shifted: number;
}

// The page size page_coverage is kept for (one row, id 1).
export interface PageCoverageSizeTable {
  id: number;
  size: number;
}

export interface PageAssignmentsTable {
  booth_id: number;
  page: number;
  user_id: number;
  assigned_by: number | null;
  assigned_at: string;
}

export interface HouseAssignmentsTable {
  booth_id: number;
  house_no: string;
  user_id: number;
  assigned_by: number | null;
  assigned_at: string;
}

// Issue 20, households and duplicate entries (migration 024).
export type HouseholdStatus = 'proposed' | 'suggested' | 'confirmed';
export interface HouseholdsTable {
  id: Generated<number>;
  booth: string;
  house_no: string;
  head_voter_id: number | null;
  status: HouseholdStatus;
  suggested_by: number | null;
  suggested_at: string | null;
  confirmed_by: number | null;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface VoterNameKeysTable {
  voter_id: number;
  name_key: string;
  age: number;
}

export type DuplicatePairStatus = 'open' | 'duplicate' | 'dismissed';
export interface DuplicatePairsTable {
  id: Generated<number>;
  voter_a: number;
  voter_b: number;
  status: DuplicatePairStatus;
  duplicate_voter_id: number | null;
  found_at: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
}

export interface DuplicateScansTable {
  id: Generated<number>;
  status: 'running' | 'finished' | 'failed';
  started_by: number | null;
  started_at: string;
  finished_at: string | null;
  voters_keyed: number | null;
  pairs_found: number | null;
  error: string | null;
}

// Issue 22, poll day (migration 029): who voted, turnout counts, chasing, replayable requests.
export interface PollMarksTable {
  election: string;
  voter_id: number;
  booth: string;
  part_serial: number | null;
  gender: string;
  marked_hour: number;
  marked_at: string;
  marked_by: number | null;
  marked_by_name: string | null;
}

export interface PollTurnoutTable {
  election: string;
  booth: string;
  hour: number;
  gender: string;
  marks: number;
}

export interface PollChasesTable {
  election: string;
  voter_id: number;
  status: string;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: string;
}

// Issue 61, slips with a QR code (migration 062): a voter's slip generation once it was revoked.
export interface VoterSlipCodesTable {
  voter_id: number;
  generation: number;
  revoked_at: string;
  revoked_by: number | null;
  revoked_by_name: string | null;
}

// Issue 19, the roll import (migration 031).
export type RollImportState = 'queued' | 'reading' | 'review' | 'committing' | 'done' | 'cancelled' | 'failed';
export interface RollImportsTable {
  id: Generated<number>;
  state: RollImportState;
  file_name: string;
  file_path: string | null;
  part_no: number | null;
  booth: string | null;
  page_count: Generated<number>;
  pages_done: Generated<number>;
  voters_found: Generated<number>;
  error: string | null;
  result: string | null;
  created_by: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  // The server process running it (migration 038): recovery at start leaves a living one's alone.
  owner: string | null;
  version: Generated<number>;
}

export interface RollImportVotersTable {
  import_id: number;
  n: number;
  page: number;
  serial_no: number | null;
  epic: string | null;
  box: string;
  corrected: string | null;
  flagged: Generated<number>;
  reviewed: Generated<number>;
  apply: Generated<number>;
  has_photo: Generated<number>;
  // The stored voter the review compared the box with (migration 049): seen = 1 once taken.
  seen: Generated<number>;
  seen_voter_id: number | null;
  seen_version: number | null;
}

export interface RollImportCoversTable {
  import_id: number;
  page: number;
  facts: string;
}

export interface ServiceRequestsTable {
  id: Generated<number>;
  receipt_no: string | null;
  voter_id: number | null;
  citizen_name: string;
  citizen_mobile: string | null;
  category: string;
  department: string | null;
  description: string;
  booth: string | null;
  village: string | null;
  priority: string;
  status: string;
  assigned_to: number | null;
  due_date: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
  version: Generated<number>;
  // The village program it was raised at (migration 054).
  program_id: number | null;
}

export interface ServiceRequestNotesTable {
  id: Generated<number>;
  request_id: number;
  from_status: string | null;
  to_status: string | null;
  note: string | null;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

// Issue 59 (migration 059): a request's photo (photo_name in the photo store) or PDF (content).
export interface ServiceRequestAttachmentsTable {
  id: Generated<number>;
  request_id: number;
  kind: 'photo' | 'pdf';
  file_name: string;
  size: number;
  photo_name: string | null;
  content: Buffer | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

// Issue 59 (migration 067, decision 090): an SMS to the citizen on a request's registration or
// resolution: queued, sent, failed (the gateway refused or gave up) or skipped (opted out, no mobile).
export interface ServiceRequestMessagesTable {
  id: Generated<number>;
  request_id: number;
  kind: string;
  mobile: string | null;
  language: string;
  text: string;
  parts: number;
  status: string;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  provider_id: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  sent_at: string | null;
}

// Issue 60 (migration 049): a voter's consent to messages (no row: unknown; version 1 then),
// and the numbers that replied STOP or that the gateway reported opted out.
export interface VoterMessageConsentTable {
  voter_id: number;
  state: string;
  changed_at: string;
  source: string;
  changed_by: number | null;
  changed_by_name: string | null;
  note: string | null;
  version: Generated<number>;
}

export interface MessageOptOutNumbersTable {
  mobile: string;
  opted_out_at: string;
  source: string;
  reply: string | null;
}

// Issue 60 (migration 051): templates of messages to voters (texts: JSON by language), the
// sends made from them, and each voter a send goes to with their text and its delivery.
export interface VoterMessageTemplatesTable {
  id: Generated<number>;
  name: string;
  category: string;
  dlt_template_id: string;
  texts: string;
  // The template Meta approved for WhatsApp (migration 061), or null: SMS only.
  whatsapp_template: Generated<string | null>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface VoterSendsTable {
  id: Generated<number>;
  template_id: number | null;
  template_name: string;
  category: string;
  dlt_template_id: string;
  audience: string;
  status: string;
  total: number;
  no_mobile: number;
  opted_out: number;
  parts: number;
  price_paise: number;
  not_before: string | null;
  stop_reason: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: string | null;
  finished_at: string | null;
  // 'sms' or 'whatsapp' (migration 061), and the approved WhatsApp template it was queued with.
  channel: Generated<string>;
  whatsapp_template: Generated<string | null>;
  version: Generated<number>;
}

export interface VoterSendRecipientsTable {
  send_id: number;
  voter_id: number;
  mobile: string;
  text: string;
  parts: number;
  status: string;
  attempts: Generated<number>;
  error: string | null;
  provider_id: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  // The gateway's delivery report (migration 053): delivered or failed, why, and when it came.
  delivery_status: Generated<string | null>;
  delivery_error: Generated<string | null>;
  delivery_reported_at: Generated<string | null>;
  // A WhatsApp message's language and its {{1}}, {{2}}, ... values as JSON (migration 061).
  language: Generated<string | null>;
  params: Generated<string | null>;
}

export interface AppointmentsTable {
  id: Generated<number>;
  kind: string;
  appointment_date: string;
  slot: string;
  voter_id: number | null;
  visitor_name: string;
  visitor_mobile: string | null;
  purpose: string;
  booth: string | null;
  village: string | null;
  notes: string | null;
  status: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  // Migration 068: the leader's calendar (always written; nullable on SQLite only), a linked
  // service request, and the reminder SMS's state (null: not sent yet).
  calendar_id: number;
  service_request_id: number | null;
  reminder_status: string | null;
  reminder_attempts: Generated<number>;
  reminder_at: string | null;
}

// Issue 59 (migration 068, decision 091): a leader's calendar.
export interface AppointmentCalendarsTable {
  id: Generated<number>;
  name: string;
  // ISO weekdays, '1,2,3,4,5,6'.
  working_days: string;
  day_start: string;
  day_end: string;
  slot_minutes: number;
  reminder_sms: Generated<number>;
  reminder_dlt_template_id: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface AppointmentBlockedDaysTable {
  id: Generated<number>;
  calendar_id: number;
  blocked_date: string;
  reason: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

export interface AppointmentTokenCountersTable {
  calendar_id: number;
  token_date: string;
  last_number: number;
}

export interface AppointmentTokensTable {
  id: Generated<number>;
  calendar_id: number;
  token_date: string;
  token_number: number;
  voter_id: number | null;
  visitor_name: string;
  visitor_mobile: string | null;
  purpose: string;
  booth: string | null;
  village: string | null;
  service_request_id: number | null;
  status: string;
  checked_in_at: string | null;
  called_at: string | null;
  finished_at: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface VillageProgramsTable {
  id: Generated<number>;
  title: string;
  kind: string;
  program_date: string;
  program_time: string | null;
  taluka: string;
  village: string;
  organiser: string | null;
  expected_attendance: number | null;
  actual_attendance: number | null;
  notes: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface VillageProgramBoothsTable {
  program_id: number;
  booth: string;
}

// Past results per booth (issue 61, migration 056).
export interface PastElectionsTable {
  id: Generated<number>;
  name: string;
  year: number;
  kind: string;
  file_name: string | null;
  imported_by: number | null;
  imported_by_name: string | null;
  imported_at: string;
  version: Generated<number>;
}

export interface PastCandidatesTable {
  id: Generated<number>;
  election_id: number;
  position: number;
  name: string;
  party: string | null;
}

export interface PastBoothResultsTable {
  election_id: number;
  booth: string;
  electors: number;
  polled: number;
}

export interface PastBoothVotesTable {
  election_id: number;
  booth: string;
  candidate_id: number;
  votes: number;
}

// Surveys (issue 61, migration 064): texts and questions as JSON, booths (or some roll pages of
// one) asked, one row of answers per voter, and each answer again as rows to count.
export interface SurveysTable {
  id: Generated<number>;
  title: string;
  description: string;
  language: string;
  unit: string;
  state: string;
  questions: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  opened_at: string | null;
  closed_at: string | null;
  version: Generated<number>;
}

export interface SurveyTargetsTable {
  survey_id: number;
  booth: string;
  first_page: number | null;
  last_page: number | null;
}

export interface SurveyResponsesTable {
  id: Generated<number>;
  survey_id: number;
  voter_id: number;
  household_key: string | null;
  answers: string;
  answered_by: number | null;
  answered_by_name: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface SurveyAnswerValuesTable {
  response_id: number;
  survey_id: number;
  question_key: string;
  value: string;
  number: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_limits: SignInLimitsTable;
  rate_limits: RateLimitsTable;
  voter_photo_files: VoterPhotoFilesTable;
  settings: SettingsTable;
  audit_logs: AuditLogsTable;
  tasks: TasksTable;
  service_requests: ServiceRequestsTable;
  service_request_notes: ServiceRequestNotesTable;
  service_request_attachments: ServiceRequestAttachmentsTable;
  service_request_messages: ServiceRequestMessagesTable;
  appointments: AppointmentsTable;
  appointment_calendars: AppointmentCalendarsTable;
  appointment_blocked_days: AppointmentBlockedDaysTable;
  appointment_token_counters: AppointmentTokenCountersTable;
  appointment_tokens: AppointmentTokensTable;
  village_programs: VillageProgramsTable;
  village_program_booths: VillageProgramBoothsTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  voters: VotersTable;
  voter_stats: VoterStatsTable;
  voter_stats_totals: VoterStatsTotalsTable;
  voter_stats_taluka: VoterStatsTalukaTable;
  export_counts: ExportCountsTable;
  voter_contacts: VoterContactsTable;
  voter_flags: VoterFlagsTable;
  booths: BoothsTable;
  page_assignments: PageAssignmentsTable;
  page_coverage: PageCoverageTable;
  page_coverage_size: PageCoverageSizeTable;
  house_assignments: HouseAssignmentsTable;
  households: HouseholdsTable;
  voter_name_keys: VoterNameKeysTable;
  duplicate_pairs: DuplicatePairsTable;
  duplicate_scans: DuplicateScansTable;
  jobs: JobsTable;
  poll_marks: PollMarksTable;
  poll_turnout: PollTurnoutTable;
  poll_chases: PollChasesTable;
  voter_slip_codes: VoterSlipCodesTable;
  voter_sync_counter: VoterSyncCounterTable;
  idempotency_keys: IdempotencyKeysTable;
  roll_imports: RollImportsTable;
  roll_import_voters: RollImportVotersTable;
  roll_import_covers: RollImportCoversTable;
  voter_message_consent: VoterMessageConsentTable;
  message_opt_out_numbers: MessageOptOutNumbersTable;
  voter_message_templates: VoterMessageTemplatesTable;
  voter_sends: VoterSendsTable;
  voter_send_recipients: VoterSendRecipientsTable;
  past_elections: PastElectionsTable;
  past_candidates: PastCandidatesTable;
  past_booth_results: PastBoothResultsTable;
  past_booth_votes: PastBoothVotesTable;
  surveys: SurveysTable;
  survey_targets: SurveyTargetsTable;
  survey_responses: SurveyResponsesTable;
  survey_answer_values: SurveyAnswerValuesTable;
}

export type UserRow = Selectable<UsersTable>;
export type VoterMessageConsentRow = Selectable<VoterMessageConsentTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
export type NotificationRecipientRow = Selectable<NotificationRecipientsTable>;
export type UserTwoFactorRow = Selectable<UserTwoFactorTable>;
export type LoginChallengeRow = Selectable<LoginChallengesTable>;
export type VoterRow = Selectable<VotersTable>;
export type NewVoterRow = Insertable<VotersTable>;
export type VoterContactRow = Selectable<VoterContactsTable>;
export type VoterFlagRow = Selectable<VoterFlagsTable>;
export type BoothRow = Selectable<BoothsTable>;
export type HouseholdRow = Selectable<HouseholdsTable>;
export type DuplicatePairRow = Selectable<DuplicatePairsTable>;
export type DuplicateScanRow = Selectable<DuplicateScansTable>;
export type RollImportRow = Selectable<RollImportsTable>;
export type RollImportVoterRow = Selectable<RollImportVotersTable>;
