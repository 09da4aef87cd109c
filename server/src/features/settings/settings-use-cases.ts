import type { Kysely } from 'kysely';
import { formatPollBooths, formatRoleList, parseRoleList, POLL_END_AFTER_START, type Settings, type VersionedSettings } from '@shared/settings/settings-schema';
import { HttpError } from '../../plugins/http-error';
import type { DatabaseDialect } from '../../db/dialects/database-dialect';
import type { Database } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { settingsRecordName } from '../audit/record-names';
import { revokeSessionsWithoutTwoFactor } from '../auth/sessions-repository';
import { rebuildPageCoverage } from '../booths/page-coverage';
import { raiseSettingsVersion, readSettings, readSettingsVersion, twoFactorRoles, writeSettings } from './settings-repository';

export const SETTINGS_CHANGED = 'Someone else changed the settings after you opened them';

export async function readVersionedSettings(db: Kysely<Database>): Promise<VersionedSettings> {
  return db.transaction().execute(async (trx) => ({ ...(await readSettings(trx)), version: await readSettingsVersion(trx) }));
}

// Any subset of the settings, merged; only values that really change are written, and
// the audit row says which keys went from what to what. Nothing changed, no row. The settings
// share one version: an edit that started from an older one gets 409 with the settings as
// they are now (record-versions.ts). Switching two-factor on for a role ends that role's
// sessions that did not pass it, the caller's own included (issue 17), in the same transaction;
// a new page size counts the pages' coverage again (decision 038), in it too.
export async function updateSettings(db: Kysely<Database>, dialect: DatabaseDialect, actor: Actor, input: Partial<Settings> & { version?: number }): Promise<VersionedSettings> {
  const { version: sentVersion, ...sent } = input;
  // One spelling of a role list, so reordering the same roles is no change.
  if (sent.two_factor_roles !== undefined) sent.two_factor_roles = formatRoleList(parseRoleList(sent.two_factor_roles));
  if (sent.poll_booths !== undefined) sent.poll_booths = formatPollBooths(sent.poll_booths);
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const before = await readSettings(trx);
      const version = await readSettingsVersion(trx);
      assertVersion(sentVersion, version, () => new EditConflictError(SETTINGS_CHANGED, { ...before, version }));
      // Issue 22: polls close after they open, whichever of the two hours was sent.
      const hours = { ...before, ...sent };
      if (hours.poll_end <= hours.poll_start) throw new HttpError(400, POLL_END_AFTER_START, { poll_end: POLL_END_AFTER_START });
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
      // The kept per-page coverage counts follow the page size (decision 038).
      if (changes.page_size !== undefined) await rebuildPageCoverage(trx, dialect, Number(changes.page_size));
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
