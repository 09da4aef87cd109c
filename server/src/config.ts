import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/connection';

// Every setting comes from the environment; the README lists each one with its default.
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  // PostgreSQL's limits (issue 17); unset means DEFAULT_DATABASE_TIMEOUTS.
  databaseTimeouts?: DatabaseTimeouts;
  jwtSecret: string;
  adminUsername: string;
  adminPassword: string | undefined;
  sessionTtlHours: number;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  // Largest voter import upload, in MB (issue 5); unset means 250.
  importMaxMb?: number;
  // Not environment settings: tests lower these to cover the large-file paths of an import
  // with small files (see voter-import.ts).
  importTuning?: ImportTuning;
}

export interface ImportTuning {
  // Files from this size on are read on a worker thread.
  workerMinBytes?: number;
  // Files expected to hold at least this many rows (SQLite) build the filter indexes at the end.
  deferIndexesMinRows?: number;
  // The most batches that share a transaction (SQLite).
  batchesPerTransaction?: number;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (0 or more), got "${raw}"`);
  return value;
}

function databaseTimeoutsFrom(env: NodeJS.ProcessEnv): DatabaseTimeouts {
  const defaults = DEFAULT_DATABASE_TIMEOUTS;
  return {
    statementMs: positiveInt('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, defaults.statementMs),
    bulkStatementMs: wholeNumber('DB_BULK_STATEMENT_TIMEOUT_MS', env.DB_BULK_STATEMENT_TIMEOUT_MS, defaults.bulkStatementMs),
    connectMs: positiveInt('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, defaults.connectMs),
    idleInTransactionMs: positiveInt('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, defaults.idleInTransactionMs),
  };
}

// A secret generated once and kept beside the data, so tokens survive restarts
// without anyone having to invent a secret for a first run.
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
  }
  const jwtSecret = env.JWT_SECRET || loadOrCreateSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  return {
    port: positiveInt('PORT', env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    databaseTimeouts: databaseTimeoutsFrom(env),
    jwtSecret,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionTtlHours: positiveInt('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 12),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    importMaxMb: positiveInt('IMPORT_MAX_MB', env.IMPORT_MAX_MB, 250),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(import.meta.dirname, '../../web/dist')),
  };
}
