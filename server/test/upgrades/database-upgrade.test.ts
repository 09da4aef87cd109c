import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, type Migration, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { migrateToLatest, MIGRATIONS } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';
import { hashPassword } from '../../src/features/auth/passwords';
import { backupsDir, createBackup, listAllBackups, listBackups, pruneBackups } from '../../src/features/backups/sqlite-backup';
import { DatabaseUpgradeError } from '../../src/features/upgrades/database-upgrade';
import { insertUser } from '../../src/features/users/users-repository';
import { testConfig } from '../support/test-app';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database';

// Issue 24: the start of an updated server on an existing database. The app starts through
// buildApp, as `npm start` does, with the migration list as a parameter, so a test-only
// migration that throws never ships.
const NAMES = Object.keys(MIGRATIONS).sort();
// The database of the version before: every migration but the last.
const PREVIOUS_RELEASE = Object.fromEntries(NAMES.slice(0, -1).map((name) => [name, MIGRATIONS[name] as Migration]));

// Two migrations a later version might bring: the first fine, the second failing half way.
const FAILING_UPGRADE: Record<string, Migration> = {
  ...MIGRATIONS,
  '2099-01-01-900-test-adds-table': {
    up: async (db: Kysely<unknown>) => {
      await db.schema.createTable('upgrade_probe').addColumn('id', 'integer', (column) => column.primaryKey()).execute();
    },
  },
  '2099-01-01-901-test-throws': {
    up: async (db: Kysely<unknown>) => {
      await db.schema.createTable('upgrade_probe_two').addColumn('id', 'integer').execute();
      throw new Error('test migration refuses');
    },
  },
};

let database: TestDatabase | undefined;
let closeApp: (() => Promise<void>) | undefined;

afterEach(async () => {
  // The app closes its database; a start that failed leaves it to the test.
  if (closeApp) await closeApp();
  else await database?.handle.close();
  await database?.drop();
  database = undefined;
  closeApp = undefined;
});

async function start(db: TestDatabase, migrations?: Record<string, Migration>): Promise<string[]> {
  const lines: string[] = [];
  const { app } = await buildApp({ config: testConfig(db), database: db.handle, logger: false, migrations, upgradeLog: (line) => lines.push(line) });
  closeApp = () => app.close();
  return lines;
}

async function databaseOfPreviousRelease(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  database = db;
  await migrateToLatest(db.handle.bulkDb, PREVIOUS_RELEASE);
  await insertUser(db.handle.db, {
    username: 'kept_before_upgrade',
    full_name: 'Kept Before Upgrade',
    role: 'Admin',
    booth_access: ['Admin'],
    mobile: '9876543210',
    passwordHash: await hashPassword('Correct-Horse-9'),
  });
  return db;
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

async function tableExists(db: TestDatabase, table: string): Promise<boolean> {
  const tables = await db.handle.db.introspection.getTables();
  return tables.some((entry) => entry.name === table);
}

describe('start with pending migrations', () => {
  it('should run no backup when the database is new', async () => {
    database = await createTestDatabase();
    const lines = await start(database);
    expect(lines).toEqual([]);
    expect(listAllBackups(database.dataDir)).toEqual([]);
    expect(await appliedMigrations(database.handle.db)).toEqual(NAMES);
  });

  if (testDialect() === 'sqlite') {
    it('should back up the database beside the other backups, named for its version, before migrating when migrations are pending', async () => {
      const db = await databaseOfPreviousRelease();
      // A scheduled backup already in the folder: the upgrade's copy goes beside it.
      await createBackup(db.handle.dialect, db.dataDir, { now: new Date('2026-01-01T00:00:00Z') });

      const lines = await start(db);

      const all = listAllBackups(db.dataDir);
      expect(all).toHaveLength(2);
      const upgradeBackup = all.find((file) => file.includes('-before-upgrade-')) as string;
      expect(path.dirname(upgradeBackup)).toBe(backupsDir(db.dataDir));
      expect(path.basename(upgradeBackup)).toMatch(new RegExp(`^voters-\\d{8}-\\d{6}-before-upgrade-from-[A-Za-z0-9.-]+-level-${NAMES.length - 1}\\.sqlite$`));
      // One line says where.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(upgradeBackup);
      // The copy is the database as it was: the old level, the data in it.
      const copy = new SQLite(upgradeBackup, { readonly: true });
      try {
        const names = (copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((row) => row.name);
        expect(names).toEqual(NAMES.slice(0, -1));
        expect(copy.prepare("SELECT count(*) AS n FROM users WHERE username = 'kept_before_upgrade'").get()).toEqual({ n: 1 });
      } finally {
        copy.close();
      }
      // The live database went on to the new level.
      expect(await appliedMigrations(db.handle.db)).toEqual(NAMES);
      // Pruning the scheduled backups never removes it.
      pruneBackups(db.dataDir, 0);
      expect(listBackups(db.dataDir)).toEqual([]);
      expect(listAllBackups(db.dataDir)).toEqual([upgradeBackup]);
    });

    it('should name the version it came from when an earlier start recorded it', async () => {
      const db = await databaseOfPreviousRelease();
      await start(db, PREVIOUS_RELEASE);
      await closeApp?.();
      closeApp = undefined;
      db.handle = (await import('../../src/db/connection')).openDatabase({ dataDir: db.dataDir });
      await start(db);
      const [backup] = listAllBackups(db.dataDir);
      const pkg = (await import('../../../package.json', { with: { type: 'json' } })).default as { version: string };
      expect(path.basename(backup ?? '')).toContain(`-before-upgrade-from-${pkg.version}-`);
    });
  }

  if (testDialect() === 'postgres') {
    it('should migrate without an embedded backup when the database is PostgreSQL', async () => {
      const db = await databaseOfPreviousRelease();
      const lines = await start(db);
      expect(lines).toEqual([]);
      expect(listAllBackups(db.dataDir)).toEqual([]);
      expect(await appliedMigrations(db.handle.db)).toEqual(NAMES);
    });
  }

  it('should stop the start, leave the database as it was and name the backup when a migration fails', async () => {
    const db = await databaseOfPreviousRelease();

    const failure = await start(db, FAILING_UPGRADE).then(
      () => null,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(DatabaseUpgradeError);
    const message = (failure as Error).message;
    expect(message).toContain('2099-01-01-901-test-throws');
    expect(message).toContain('test migration refuses');
    // Nothing of the run stays: not the last real migration, not the good test one, not the
    // failing one's first half.
    expect(await appliedMigrations(db.handle.db)).toEqual(NAMES.slice(0, -1));
    expect(await tableExists(db, 'upgrade_probe')).toBe(false);
    expect(await tableExists(db, 'upgrade_probe_two')).toBe(false);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM users WHERE username = 'kept_before_upgrade'`.execute(db.handle.db);
    expect(Number(rows[0]?.n)).toBe(1);

    if (testDialect() === 'sqlite') {
      const [backup] = listAllBackups(db.dataDir);
      expect(backup).toMatch(/-before-upgrade-.*-level-\d+\.sqlite$/);
      expect(message).toContain(backup);
      expect(message).toContain(`npm run restore -- "${backup}"`);
    } else {
      expect(listAllBackups(db.dataDir)).toEqual([]);
    }
  });
});
