import type { Kysely } from 'kysely';
import { formatRoleList, parseRoleList, type Settings } from '@shared/settings/settings-schema';
import type { Database } from '../../db/schema';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { revokeSessionsWithoutTwoFactor } from '../auth/sessions-repository';
import { readSettings, twoFactorRoles, writeSettings } from './settings-repository';

// Any subset of the settings, merged; only values that really change are written, and
// the audit row says which keys went from what to what. Nothing changed, no row.
// Switching two-factor on for a role ends that role's sessions that did not pass it,
// the caller's own included (issue 17), in the same transaction.
export async function updateSettings(db: Kysely<Database>, actor: Actor, settings: Partial<Settings>): Promise<Settings> {
  // One spelling of a role list, so reordering the same roles is no change.
  const input = settings.two_factor_roles === undefined ? settings : { ...settings, two_factor_roles: formatRoleList(parseRoleList(settings.two_factor_roles)) };
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
      const required = twoFactorRoles({ ...before, ...changes });
      const newlyRequired = required.filter((role) => !twoFactorRoles(before).includes(role));
      const sessionsEnded = await revokeSessionsWithoutTwoFactor(trx, newlyRequired);
      await recordAudit(trx, {
        action: 'UPDATE_SETTINGS',
        ...actor,
        tableName: 'settings',
        recordId: Object.keys(changes).join(',').slice(0, 200),
        details: newlyRequired.length > 0 ? { changed, two_factor_sessions_ended: sessionsEnded } : { changed },
      });
    }
    return { ...before, ...changes };
  });
}
