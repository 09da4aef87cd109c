import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings/settings-schema';
import type { Database } from '../../db/schema';

// Stored rows override the defaults; unknown keys in the table are ignored.
export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (row.key in settings) settings[row.key as keyof Settings] = row.value as never;
  }
  return settings;
}
