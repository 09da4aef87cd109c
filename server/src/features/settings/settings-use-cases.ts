import type { Kysely } from 'kysely';
import type { Settings, VersionedSettings } from '@shared/settings/settings-schema';
import type { Database } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { raiseSettingsVersion, readSettings, readSettingsVersion, writeSettings } from './settings-repository';

export const SETTINGS_CHANGED = 'Someone else changed the settings after you opened them';

export async function readVersionedSettings(db: Kysely<Database>): Promise<VersionedSettings> {
  return db.transaction().execute(async (trx) => ({ ...(await readSettings(trx)), version: await readSettingsVersion(trx) }));
}

// Any subset of the settings, merged; only values that really change are written, and
// the audit row says which keys went from what to what. Nothing changed, no row. The settings
// share one version: an edit that started from an older one gets 409 with the settings as
// they are now (record-versions.ts).
export async function updateSettings(db: Kysely<Database>, actor: Actor, input: Partial<Settings> & { version?: number }): Promise<VersionedSettings> {
  const { version: sentVersion, ...sent } = input;
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const before = await readSettings(trx);
      const version = await readSettingsVersion(trx);
      assertVersion(sentVersion, version, () => new EditConflictError(SETTINGS_CHANGED, { ...before, version }));
      const changed: Partial<Record<keyof Settings, { from: string; to: string }>> = {};
      const changes: Partial<Settings> = {};
      for (const key of Object.keys(sent) as (keyof Settings)[]) {
        const value = sent[key];
        if (value === undefined || value === before[key]) continue;
        changed[key] = { from: before[key], to: value };
        Object.assign(changes, { [key]: value });
      }
      if (Object.keys(changes).length === 0) return { ...before, version };
      if (!(await raiseSettingsVersion(trx, version))) throw new StaleRowError();
      await writeSettings(trx, changes);
      await recordAudit(trx, {
        action: 'UPDATE_SETTINGS',
        ...actor,
        tableName: 'settings',
        recordId: Object.keys(changes).join(',').slice(0, 200),
        details: { changed, version: version + 1 },
      });
      return { ...before, ...changes, version: version + 1 };
    }),
  );
}
