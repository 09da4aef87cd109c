import type { Kysely } from 'kysely';
import { formatRoleList, parseRoleList, type Settings, type VersionedSettings } from '@shared/settings/settings-schema';
import type { Database } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { settingsRecordName } from '../audit/record-names';
import { revokeSessionsWithoutTwoFactor } from '../auth/sessions-repository';
import { raiseSettingsVersion, readSettings, readSettingsVersion, twoFactorRoles, writeSettings } from './settings-repository';

export const SETTINGS_CHANGED = 'Someone else changed the settings after you opened them';

export async function readVersionedSettings(db: Kysely<Database>): Promise<VersionedSettings> {
  return db.transaction().execute(async (trx) => ({ ...(await readSettings(trx)), version: await readSettingsVersion(trx) }));
}

// Any subset of the settings, merged; only values that really change are written, and
// the audit row says which keys went from what to what. Nothing changed, no row. The settings
// share one version: an edit that started from an older one gets 409 with the settings as
// they are now (record-versions.ts). Switching two-factor on for a role ends that role's
// sessions that did not pass it, the caller's own included (issue 17), in the same transaction.
export async function updateSettings(db: Kysely<Database>, actor: Actor, input: Partial<Settings> & { version?: number }): Promise<VersionedSettings> {
  const { version: sentVersion, ...sent } = input;
  // One spelling of a role list, so reordering the same roles is no change.
  if (sent.two_factor_roles !== undefined) sent.two_factor_roles = formatRoleList(parseRoleList(sent.two_factor_roles));
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
      const required = twoFactorRoles({ ...before, ...changes });
      const newlyRequired = required.filter((role) => !twoFactorRoles(before).includes(role));
      const sessionsEnded = await revokeSessionsWithoutTwoFactor(trx, newlyRequired);
      await recordAudit(trx, {
        action: 'UPDATE_SETTINGS',
        ...actor,
        tableName: 'settings',
        recordId: Object.keys(changes).join(',').slice(0, 200),
        recordName: settingsRecordName(Object.keys(changes)),
        details: newlyRequired.length > 0 ? { changed, version: version + 1, two_factor_sessions_ended: sessionsEnded } : { changed, version: version + 1 },
      });
      return { ...before, ...changes, version: version + 1 };
    }),
  );
}
