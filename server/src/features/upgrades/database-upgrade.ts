import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Migration } from 'kysely';
import type { DatabaseHandle } from '../../db/connection';
import { migrateToLatest, MIGRATIONS, migrationState } from '../../db/migrate';
import { createBackup } from '../backups/sqlite-backup';
import { fillMissingNameTerms } from '../voters/name-terms-fill';
import type { AppVersion } from './app-version';

// Where the database stands: how many migrations it has had, and the last one.
export interface MigrationLevel {
  level: number;
  latest: string | null;
}

export interface DatabaseUpgradeOptions {
  database: DatabaseHandle;
  dataDir: string;
  version: AppVersion;
  log: (line: string) => void;
  // Tests add a migration that throws; the app always runs MIGRATIONS.
  migrations?: Readonly<Record<string, Migration>>;
}

// The version that last ran on this data folder, so the backup before an upgrade can be named
// for the version it came from (the package files already hold the new one).
const LAST_VERSION_FILE = 'last-version.json';

function lastVersion(dataDir: string): AppVersion | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, LAST_VERSION_FILE), 'utf8')) as Partial<AppVersion>;
    return typeof parsed.version === 'string' ? { version: parsed.version, commit: typeof parsed.commit === 'string' ? parsed.commit : null } : null;
  } catch {
    return null;
  }
}

// "before-upgrade-from-0.1.0-c3c373e8df04-level-17": safe in a file name on every system.
export function upgradeBackupLabel(from: AppVersion | null, level: number): string {
  const version = from ? [from.version, from.commit].filter(Boolean).join('-') : 'unknown-version';
  return `before-upgrade-from-${version.replace(/[^A-Za-z0-9.-]/g, '-')}-level-${level}`;
}

export class DatabaseUpgradeError extends Error {}

// The migration that adds the voters' name search terms (a test may run an older list of migrations).
const NAME_TERMS_MIGRATION = '2026-11-24-020-name-search-terms';

// Runs the pending migrations. On the embedded database with data in it, a backup comes first
// (beside the scheduled ones, so `npm run restore -- --list` shows it); a failing migration
// changes nothing (the run is one transaction) and the error names the backup and the command
// that puts it back.
export async function upgradeDatabase(options: DatabaseUpgradeOptions): Promise<MigrationLevel> {
  const { database, dataDir, version, log } = options;
  const migrations = options.migrations ?? MIGRATIONS;
  const before = await migrationState(database.bulkDb, migrations);
  let backup: string | null = null;
  // A new database (no migration yet) has nothing to lose.
  if (before.pending.length > 0 && before.applied.length > 0 && database.dialect.backup) {
    backup = await createBackup(database.dialect, dataDir, { label: upgradeBackupLabel(lastVersion(dataDir), before.applied.length) });
    log(`${before.pending.length} database migration(s) to run; the database as it was is backed up to ${backup}`);
  }
  try {
    // Migrations build indexes over whole tables: long work, with the long statement limit.
    await migrateToLatest(database.bulkDb, migrations);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const restore = backup
      ? ` The database was backed up first to ${backup}; to go back to it with the previous version of the app: npm run restore -- "${backup}"`
      : '';
    throw new DatabaseUpgradeError(`${reason}. The server was not started; no migration of this run was kept.${restore}`, { cause: error });
  }
  // Data the app derives with its own code, which a frozen migration cannot run (migration 020).
  if (Object.keys(migrations).includes(NAME_TERMS_MIGRATION)) {
    const filled = await fillMissingNameTerms(database.bulkDb, database.dialect);
    if (filled > 0) {
      await database.dialect.tidyAfterRewrite(database.bulkDb);
      log(`Name search terms filled for ${filled} voter(s)`);
    }
  }
  const names = Object.keys(migrations).sort();
  writeFileSync(path.join(dataDir, LAST_VERSION_FILE), `${JSON.stringify(version)}\n`);
  return { level: names.length, latest: names.at(-1) ?? null };
}
