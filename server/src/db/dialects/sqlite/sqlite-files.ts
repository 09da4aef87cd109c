import SQLite from 'better-sqlite3';

// SQLite files handled as files (backups, restores), apart from the app's open database.

// Refuses a file that is damaged or is not a database of this application.
export function checkBackupFile(file: string): void {
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = source.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The backup file is damaged: ${String(check)}`);
    const migrations = source.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get() as { n: number };
    if (migrations.n === 0) throw new Error('This file is not a backup of this application');
  } finally {
    source.close();
  }
}

// Copies one database file into another with SQLite's backup API: page by page, through the
// target's own journal, so leftover WAL content cannot mix with the copied pages.
export async function copyDatabaseFile(from: string, to: string, options: { readonly?: boolean } = {}): Promise<void> {
  const source = new SQLite(from, { readonly: options.readonly ?? false, fileMustExist: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
}
