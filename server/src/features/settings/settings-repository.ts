import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@shared/auth/roles';
import { DEFAULT_SETTINGS, parseRoleList, type PasswordPolicy, type PublicSettings, type Settings } from '@shared/settings/settings-schema';
import type { Database } from '../../db/schema';

// Stored rows override the defaults; unknown keys in the table are ignored.
export async function readSettings(db: Kysely<Database> | Transaction<Database>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (row.key in settings) settings[row.key as keyof Settings] = row.value as never;
  }
  return settings;
}

// Upserts the given keys; the change and its audit row share one transaction (caller).
export async function writeSettings(db: Kysely<Database> | Transaction<Database>, changes: Partial<Settings>, now: Date = new Date()): Promise<void> {
  const updatedAt = now.toISOString();
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  }
}

// The settings' one version is kept as a row of its own (migration 014); readSettings skips it.
const VERSION_KEY = 'settings_version';

export async function readSettingsVersion(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
  return row ? Number(row.value) : 1;
}

// Raises the version from the one read to the next, on condition nobody raised it since;
// returns whether it did (record-versions.ts).
export async function raiseSettingsVersion(db: Kysely<Database> | Transaction<Database>, expected: number, now: Date = new Date()): Promise<boolean> {
  const updatedAt = now.toISOString();
  // Put back if missing (a database restored from before the column), as version 1.
  await db.insertInto('settings').values({ key: VERSION_KEY, value: '1', updated_at: updatedAt }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const result = await db
    .updateTable('settings')
    .set({ value: String(expected + 1), updated_at: updatedAt })
    .where('key', '=', VERSION_KEY)
    .where('value', '=', String(expected))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function readPublicSettings(db: Kysely<Database>): Promise<PublicSettings> {
  const { app_name, timezone, language, field_landing, poll_sms_number } = await readSettings(db);
  return { app_name, timezone, language, field_landing, poll_sms_number };
}

// The password_policy setting, for every code path that sets a password.
export async function currentPasswordPolicy(db: Kysely<Database>): Promise<PasswordPolicy> {
  return (await readSettings(db)).password_policy;
}

// The notification channels switched on in settings; the notifications feature reads these
// before sending, so switching a channel off takes effect on the next message.
export async function notificationChannels(db: Kysely<Database>): Promise<{ email: boolean; sms: boolean }> {
  const settings = await readSettings(db);
  return { email: settings.email_notifications === 'true', sms: settings.sms_notifications === 'true' };
}

// enable_2fa switches two-factor on; two_factor_roles says for which roles.
export function twoFactorRoles(settings: Pick<Settings, 'enable_2fa' | 'two_factor_roles'>): Role[] {
  return settings.enable_2fa === 'true' ? parseRoleList(settings.two_factor_roles) : [];
}

export async function isTwoFactorRequiredFor(db: Kysely<Database>, role: string): Promise<boolean> {
  return (twoFactorRoles(await readSettings(db)) as string[]).includes(role);
}
