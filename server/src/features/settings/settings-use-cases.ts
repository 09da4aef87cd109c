import type { Kysely } from 'kysely';
import type { Settings } from '@shared/settings/settings-schema';
import type { Database } from '../../db/schema';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { readSettings, writeSettings } from './settings-repository';

// Any subset of the settings, merged; only values that really change are written, and
// the audit row says which keys went from what to what. Nothing changed, no row.
export async function updateSettings(db: Kysely<Database>, actor: Actor, input: Partial<Settings>): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    const changed: Partial<Record<keyof Settings, { from: string; to: string }>> = {};
    const changes: Partial<Settings> = {};
    for (const key of Object.keys(input) as (keyof Settings)[]) {
      const value = input[key];
      if (value === undefined || value === before[key]) continue;
      changed[key] = { from: before[key], to: value };
      Object.assign(changes, { [key]: value });
    }
    if (Object.keys(changes).length > 0) {
      await writeSettings(trx, changes);
      await recordAudit(trx, {
        action: 'UPDATE_SETTINGS',
        ...actor,
        tableName: 'settings',
        recordId: Object.keys(changes).join(',').slice(0, 200),
        details: { changed },
      });
    }
    return { ...before, ...changes };
  });
}
