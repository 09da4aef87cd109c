import { sql } from 'kysely';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { SERVER_PID_FILE } from '../../src/features/backups/server-pid';
import { createBackup, isBackupDue, listBackups, restoreBackup } from '../../src/features/backups/sqlite-backup';
import { runScheduledBackup } from '../../src/features/maintenance/scheduled-jobs';
import { trackImport } from '../../src/features/voters/import/import-activity';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('backup schedule', () => {
  it('should be due when there is no backup or the newest is older than the frequency', () => {
    const now = new Date('2026-03-31T00:00:00Z');
    expect(isBackupDue('daily', null, now)).toBe(true);
    expect(isBackupDue('daily', new Date('2026-03-30T01:00:00Z'), now)).toBe(false);
    expect(isBackupDue('daily', new Date('2026-03-30T00:00:00Z'), now)).toBe(true);
    expect(isBackupDue('weekly', new Date('2026-03-25T00:00:00Z'), now)).toBe(false);
    expect(isBackupDue('weekly', new Date('2026-03-24T00:00:00Z'), now)).toBe(true);
    expect(isBackupDue('monthly', new Date('2026-03-02T00:00:00Z'), now)).toBe(false);
    expect(isBackupDue('monthly', new Date('2026-03-01T00:00:00Z'), now)).toBe(true);
  });
});

// Backups of the embedded database are SQLite's own feature; on PostgreSQL the README
// documents pg_dump / pg_restore, and the scheduled job says it does not apply. Each run
// defines only the suite of its own database, so nothing is reported as skipped.
if (testDialect() === 'postgres') describe('backups on PostgreSQL', () => {
  it('should report that the embedded backup does not apply', async () => {
    expect(t.ctx.dialect.backup).toBeUndefined();
    expect(await runScheduledBackup(t.ctx)).toEqual({ status: 'not-sqlite' });
    expect(listBackups(t.ctx.config.dataDir)).toEqual([]);
  });
});

if (testDialect() === 'sqlite') describe('backups on SQLite', () => {
  it('should back up on schedule, keep the last seven, and restore the same data', async () => {
    const sqlite = t.ctx.dialect;
    if (!sqlite.backup) throw new Error('expected the embedded database');
    const dataDir = t.ctx.config.dataDir;
    const kept = await createUser(t.ctx, { full_name: 'Kept In Backup' });

    // A due backup waits while an import runs...
    let release = () => {};
    const importing = trackImport(() => new Promise<void>((resolve) => (release = resolve)));
    expect(await runScheduledBackup(t.ctx, new Date())).toEqual({ status: 'import-running' });
    release();
    await importing;
    expect(listBackups(dataDir)).toEqual([]);

    // ...then the scheduled job backs up once, and waits for the frequency to pass.
    const first = await runScheduledBackup(t.ctx, new Date());
    expect(first.status).toBe('created');
    expect((await runScheduledBackup(t.ctx, new Date())).status).toBe('not-due');
    const backupFile = first.file ?? '';
    expect(path.dirname(backupFile)).toBe(path.join(dataDir, 'backups'));

    // Only the newest seven are kept.
    for (let day = 1; day <= 9; day += 1) await createBackup(sqlite, dataDir, { now: new Date(Date.UTC(2020, 0, day)) });
    const all = listBackups(dataDir);
    expect(all).toHaveLength(7);
    expect(all.at(-1)).toBe(backupFile);

    // Changes after the backup...
    const lost = await createUser(t.ctx, { full_name: 'Added After Backup' });
    await t.ctx.db.updateTable('users').set({ full_name: 'Renamed After Backup' }).where('id', '=', kept.id).execute();

    // ...are refused while a server runs on the folder...
    writeFileSync(path.join(dataDir, SERVER_PID_FILE), `${process.pid}\n`);
    await expect(restoreBackup(backupFile, dataDir)).rejects.toThrow(/The server is running \(process \d+\)\. Stop it before restoring a backup\./);

    // ...and undone once it is stopped.
    writeFileSync(path.join(dataDir, SERVER_PID_FILE), '999999999\n');
    await t.app.close();
    const { safetyCopy } = await restoreBackup(backupFile, dataDir);
    expect(safetyCopy && existsSync(safetyCopy)).toBe(true);

    const reopened = openDatabase({ dataDir });
    try {
      const names = await reopened.db.selectFrom('users').select(['id', 'full_name']).orderBy('id').execute();
      expect(names.find((row) => row.id === kept.id)?.full_name).toBe('Kept In Backup');
      expect(names.find((row) => row.id === lost.id)).toBeUndefined();
    } finally {
      await reopened.close();
    }
  });

  it('should refuse a file that is not a backup of this application', async () => {
    const dataDir = t.ctx.config.dataDir;
    const stranger = path.join(dataDir, 'stranger.sqlite');
    const other = openDatabase({ dataDir, sqliteFile: stranger });
    await sql`CREATE TABLE t (x integer)`.execute(other.db);
    await other.close();
    await expect(restoreBackup(stranger, dataDir)).rejects.toThrow('This file is not a backup of this application');
    await expect(restoreBackup(path.join(dataDir, 'missing.sqlite'), dataDir)).rejects.toThrow('No such backup file');
  });
});
