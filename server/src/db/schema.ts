import type { Generated, Insertable, Selectable } from 'kysely';
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

export interface VotersTable extends VoterFieldColumns {
  id: Generated<number>;
  voter_image: string | null;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
  deleted_at: string | null;
  deleted_by: number | null;
  version: Generated<number>;
  // The search terms of full_name (with voter_id) and of father_husband_name: words and phonetic
  // keys (shared/search/name-keys.ts, migration 020); NULL until the app has filled them.
  full_name_terms: string | null;
  father_husband_name_terms: string | null;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_limits: SignInLimitsTable;
  settings: SettingsTable;
  audit_logs: AuditLogsTable;
  tasks: TasksTable;
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
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
export type NotificationRecipientRow = Selectable<NotificationRecipientsTable>;
export type UserTwoFactorRow = Selectable<UserTwoFactorTable>;
export type LoginChallengeRow = Selectable<LoginChallengesTable>;
export type VoterRow = Selectable<VotersTable>;
export type NewVoterRow = Insertable<VotersTable>;
