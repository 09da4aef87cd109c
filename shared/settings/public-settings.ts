// The display settings every signed-in screen needs (app name, timezone, language) and their
// options, without zod: the app shell a phone downloads first reads them, and zod is not part of
// that download (issue 21). settings-schema.ts validates them and re-exports these.

// Spec section 9: the options of the Timezone and Language settings.
export const TIMEZONES = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo'] as const;
export const LANGUAGES = ['en', 'hi', 'mr', 'gu'] as const;
export type Timezone = (typeof TIMEZONES)[number];
// Where Karyakartas and Supervisors land after sign-in (issue 56): voter entry as spec section 2
// says, or their own work (a Karyakarta's My voters, a Supervisor's booths), as an office chooses.
export const FIELD_LANDINGS = ['voter-entry', 'own-work'] as const;
export type FieldLanding = (typeof FIELD_LANDINGS)[number];

// What GET /api/settings/public answers (settings-schema.ts checks it is the schema's shape).
export interface PublicSettings {
  app_name: string;
  timezone: Timezone;
  language: (typeof LANGUAGES)[number];
  field_landing: FieldLanding;
  // Where a field worker's phone sends poll-day marks by SMS (issue 61); '' when not set.
  poll_sms_number: string;
}

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  app_name: 'Voter Management',
  timezone: 'Asia/Kolkata',
  language: 'en',
  field_landing: 'voter-entry',
  poll_sms_number: '',
};
