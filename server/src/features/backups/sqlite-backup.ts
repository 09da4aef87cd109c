import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BackupFrequency } from '@shared/settings/settings-schema';
import { checkBackupFile, copyDatabaseFile } from '../../db/dialects/sqlite/sqlite-files';
import { SERVER_PID_FILE } from './server-pid';

// Online backups of the embedded database with SQLite's backup API: a consistent copy
// taken while the server keeps serving. PostgreSQL has its own tools (README, "Backups").
export const BACKUP_FILE_PATTERN = /^voters-\d{8}-\d{6}\.sqlite$/;
// Any backup, labelled ones included (before a restore, before an upgrade): what a restore lists.
export const ANY_BACKUP_FILE_PATTERN = /^voters-\d{8}-\d{6}(-[A-Za-z0-9.-]+)?\.sqlite$/;
export const DEFAULT_BACKUPS_KEPT = 7;
export const DATABASE_FILE_NAME = 'voters.sqlite';

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  // Names carry a UTC timestamp, so name order is time order.
  return readdirSync(dir)
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

// Every backup in the folder, oldest first: the scheduled ones and the labelled copies the app
// keeps for good (before a restore, before an upgrade's migrations).
export function listAllBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => ANY_BACKUP_FILE_PATTERN.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

// What can copy a live database into a file: the app's dialect, or an opened SQLite file.
export interface BackupSource {
  backup?: (file: string) => Promise<unknown>;
}

export async function createBackup(source: BackupSource, dataDir: string, options: { now?: Date; keep?: number; label?: string } = {}): Promise<string> {
  const now = options.now ?? new Date();
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  // A labelled copy (before a restore or an upgrade) does not match the pattern, so it is never pruned.
  let file = path.join(dir, `voters-${stamp(now)}${options.label ? `-${options.label}` : ''}.sqlite`);
  // Two backups in one second (by hand, say): the later one wins the name.
  if (existsSync(file)) rmSync(file);
  if (!source.backup) throw new Error('Only the embedded database is backed up by the app');
  await source.backup(file);
  if (!options.label) pruneBackups(dataDir, options.keep ?? DEFAULT_BACKUPS_KEPT);
  file = path.resolve(file);
  return file;
}

export function pruneBackups(dataDir: string, keep: number): void {
  const backups = listBackups(dataDir);
  for (const file of backups.slice(0, Math.max(0, backups.length - keep))) rmSync(file, { force: true });
}

const FREQUENCY_MS: Record<BackupFrequency, number> = {
  daily: 24 * 3_600_000,
  weekly: 7 * 24 * 3_600_000,
  monthly: 30 * 24 * 3_600_000,
};

// Due when the newest backup is older than the frequency allows (or there is none).
export function isBackupDue(frequency: BackupFrequency, lastBackupAt: Date | null, now: Date): boolean {
  if (!lastBackupAt) return true;
  return now.getTime() - lastBackupAt.getTime() >= FREQUENCY_MS[frequency];
}

export function lastBackupTime(dataDir: string): Date | null {
  const newest = listBackups(dataDir).at(-1);
  return newest ? statSync(newest).mtime : null;
}

// The server writes its process id beside the data while it runs, so a restore can
// refuse to replace the database under a live server.
export function runningServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

// Replaces the database with a backup. The server must be stopped; the current database
// is first saved as one more backup, so a restore can itself be undone.
export async function restoreBackup(backupFile: string, dataDir: string, options: { now?: Date } = {}): Promise<{ safetyCopy: string | null }> {
  const pid = runningServerPid(dataDir);
  if (pid !== null) throw new Error(`The server is running (process ${pid}). Stop it before restoring a backup.`);
  if (!existsSync(backupFile)) throw new Error(`No such backup file: ${backupFile}`);

  checkBackupFile(backupFile);
  const target = path.join(dataDir, DATABASE_FILE_NAME);
  let safetyCopy: string | null = null;
  if (existsSync(target)) {
    safetyCopy = await createBackup({ backup: (file) => copyDatabaseFile(target, file) }, dataDir, { now: options.now, label: 'before-restore' });
  }
  await copyDatabaseFile(backupFile, target, { readonly: true });
  return { safetyCopy };
}
