import os from 'node:os';

// What one server process does besides answering requests (issue 23, decision 039). With one
// process it does everything; with several, the primary gives each worker its part.
export interface ProcessRole {
  // Once per start of the service, before the other processes start: migrations, repairs left
  // by a crash (filter indexes an import left unbuilt), jobs a stop cut short (slip jobs, roll
  // imports), leftover uploads, the first Super Admin.
  startsService: boolean;
  // The timers: retention purge, backups, SMS dispatch. Exactly one process runs them.
  runsJobs: boolean;
}

export const SINGLE_PROCESS: ProcessRole = { startsService: true, runsJobs: true };

// APP_WORKERS (or WEB_CONCURRENCY, the name many hosts set): how many processes serve
// requests. Unset: one per core. 1: one process, as before issue 23.
export function processCount(env: NodeJS.ProcessEnv = process.env, cores: number = os.availableParallelism()): number {
  const raw = env.APP_WORKERS || env.WEB_CONCURRENCY;
  if (raw === undefined || raw === '') return Math.max(1, cores);
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`APP_WORKERS must be a positive whole number (1 for a single process), got "${raw}"`);
  return value;
}
