import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { createBackup, isBackupDue, lastBackupTime } from '../backups/sqlite-backup';
import { runRetention } from '../retention/retention';
import { importInProgress } from '../voters/import/import-activity';
import { readSettings } from '../settings/settings-repository';
import { forgetExpiredHits } from '../../plugins/rate-limit-repository';

export interface ScheduledBackupResult {
  status: 'created' | 'not-due' | 'not-sqlite' | 'import-running';
  file?: string;
}

// One check of the backup_frequency setting: back up when the newest backup is old enough
// and no import is running.
// On PostgreSQL the database's own tools do this job (README, "Backups").
export async function runScheduledBackup(ctx: AppContext, now: Date = new Date()): Promise<ScheduledBackupResult> {
  if (!ctx.dialect.backup) return { status: 'not-sqlite' };
  const { backup_frequency } = await readSettings(ctx.db);
  if (!isBackupDue(backup_frequency, lastBackupTime(ctx.config.dataDir), now)) return { status: 'not-due' };
  // Still due at the next hourly check.
  if (importInProgress()) return { status: 'import-running' };
  return { status: 'created', file: await createBackup(ctx.dialect, ctx.config.dataDir, { now }) };
}

const HOUR_MS = 3_600_000;
// The appointments' reminders: a pass every ten minutes finds tomorrow's new bookings soon and
// waits out the night (decision 091).
const REMINDER_PASS_MS = 10 * 60_000;
const DAY_MS = 24 * HOUR_MS;

// Started by the server (not by tests), in one process of several (decision 039): the retention purge daily, a backup check hourly
// (so a changed frequency applies within the hour), the appointments' reminder SMS every ten
// minutes. All run once shortly after start.
export function startScheduledJobs(ctx: AppContext, log: FastifyBaseLogger, options: { firstRunDelayMs?: number } = {}): () => void {
  const retention = async () => {
    try {
      const result = await runRetention(ctx.bulkDb, { photos: ctx.photos });
      // Rate-limit counters whose window ended (plugins/shared-rate-limit.ts).
      await forgetExpiredHits(ctx.db, new Date().toISOString());
      log.info({ retention: result }, 'retention purge finished');
    } catch (error) {
      log.error({ err: error }, 'retention purge failed');
    }
  };
  const backup = async () => {
    try {
      const result = await runScheduledBackup(ctx);
      if (result.status === 'created') log.info({ file: result.file }, 'database backup created');
    } catch (error) {
      log.error({ err: error }, 'database backup failed');
    }
  };
  const reminders = async () => {
    try {
      const result = await ctx.appointmentReminders.runOnce();
      if (result.sent + result.skipped + result.failed > 0) log.info({ reminders: result }, 'appointment reminders sent');
    } catch (error) {
      log.error({ err: error }, 'appointment reminders failed');
    }
  };
  const delay = options.firstRunDelayMs ?? 60_000;
  const timers = [
    setTimeout(() => void retention(), delay),
    setTimeout(() => void backup(), delay),
    setTimeout(() => void reminders(), delay),
    setInterval(() => void retention(), DAY_MS),
    setInterval(() => void backup(), HOUR_MS),
    setInterval(() => void reminders(), REMINDER_PASS_MS),
  ];
  // Timers never keep the process alive on their own.
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
