import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { ROLL_MAX_PAGES } from '@shared/rolls/roll-types';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/database-timeouts';

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
  // Which proxies' X-Forwarded-For entries to believe (see parseTrustProxy).
  trustProxy: TrustProxy;
  logLevel: string;
  webDistDir: string;
  // Largest voter import upload, in MB (issue 5); unset means 250.
  importMaxMb?: number;
  // Largest roll PDF upload, in MB (issue 19); unset means 300.
  rollImportMaxMb?: number;
  // The most pages a roll may have (ROLL_MAX_PAGES unless set).
  rollImportMaxPages?: number;
  // The scheduled jobs' first run this long after start (SCHEDULED_JOBS_FIRST_RUN_MS); unset
  // means a minute.
  scheduledJobsFirstRunMs?: number;
  // How often a node without the scheduled jobs' lock tries it again (JOBS_LEADER_RETRY_MS,
  // PostgreSQL only); unset means 15 s.
  jobsLeaderRetryMs?: number;
  // Redis shared by several app nodes (REDIS_URL, decision 043): sign-in limits, rate limits
  // and two-factor challenges live there. Unset: in the database, as on one node.
  redisUrl?: string;
  // Put before every key this app writes in Redis (REDIS_KEY_PREFIX), so that one Redis can
  // serve several deployments; unset means "vms:".
  redisKeyPrefix?: string;
  // How long an unanswered Idempotency-Key claim holds without being renewed
  // (IDEMPOTENCY_LEASE_MS, decision 059); unset means 15 s.
  idempotencyLeaseMs?: number;
  // Failed sign-ins from unknown devices one address may make per 15 minutes
  // (SIGN_IN_FAILURES_PER_ADDRESS, decision 062); unset means 100.
  signInFailuresPerAddress?: number;
  // Heavy prints and exports one server process runs at once (HEAVY_WORK_PER_PROCESS,
  // decision 063); unset means 2. One user runs one at a time whatever this says.
  heavyWorkPerProcess?: number;
  // The secret a gateway puts in its reply and opt-out callbacks (SMS_INBOUND_TOKEN, issue 60);
  // unset: the callback route refuses every call.
  smsInboundToken?: string;
  // Messages a second the SMS gateway takes (SMS_RATE_PER_SECOND, issue 60); unset means 10.
  smsRatePerSecond?: number;
  // What one WhatsApp template message costs, in paise (WHATSAPP_PRICE_PAISE, decision 079);
  // unset means 80 (about Meta's Indian price of a marketing message in 2025).
  whatsappPricePaise?: number;
  // A name search whose matches the database estimates above this many gets that estimate as
  // its total instead of a count (ESTIMATED_TOTAL_ABOVE, PostgreSQL only, decision 089); unset
  // means 10,000.
  estimatedTotalAbove?: number;
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

// false: no proxy, request.ip is the peer address. A number: that many proxies in front
// (the client is that many entries from the right of X-Forwarded-For). A list: the
// proxies' addresses or CIDR ranges; the client is the right-most entry not in it. Either
// way the client-written left end of the header is never believed (issue 17).
export type TrustProxy = false | number | string[];

const TRUE_REFUSED =
  'TRUST_PROXY=true is no longer accepted: it believed the left-most X-Forwarded-For entry, which the client writes. ' +
  'Set TRUST_PROXY to the number of proxies in front of the server (usually 1) or to their addresses (for example 10.0.0.5 or 10.0.0.0/8).';

function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  // proxy-addr also takes an IPv4 netmask after the slash.
  if (family === 4 && isIP(bits) === 4) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  // Refused rather than read as 1: the setting changed meaning, and a silent guess could
  // record the proxy's address for everyone (two proxies) or keep trusting too much.
  if (value === 'true') throw new Error(TRUE_REFUSED);
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be false, a number of proxies (1, 2) or comma-separated proxy addresses or CIDR ranges; "${bad ?? value}" is none of these`);
  }
  return entries;
}

// Fastify's trustProxy for a TrustProxy. Fastify reads a bare number as "trust nothing", so
// a hop count becomes the function Express uses: the first n addresses from the socket
// inwards are proxies. It is only safe when the app is reachable through the proxies alone
// (HOST=127.0.0.1 behind them); otherwise list their addresses.
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
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
    lockMs: positiveInt('DB_LOCK_TIMEOUT_MS', env.DB_LOCK_TIMEOUT_MS, defaults.lockMs),
    idleInTransactionMs: positiveInt('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, defaults.idleInTransactionMs),
    requestMs: positiveInt('DB_REQUEST_TIMEOUT_MS', env.DB_REQUEST_TIMEOUT_MS, defaults.requestMs),
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

function redisUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^rediss?:\/\//.test(raw.trim())) throw new Error('REDIS_URL must be a redis:// or rediss:// URL (leave it unset on a single node)');
  return raw.trim();
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    importMaxMb: positiveInt('IMPORT_MAX_MB', env.IMPORT_MAX_MB, 250),
    rollImportMaxMb: positiveInt('ROLL_IMPORT_MAX_MB', env.ROLL_IMPORT_MAX_MB, 300),
    rollImportMaxPages: positiveInt('ROLL_IMPORT_MAX_PAGES', env.ROLL_IMPORT_MAX_PAGES, ROLL_MAX_PAGES),
    scheduledJobsFirstRunMs: wholeNumber('SCHEDULED_JOBS_FIRST_RUN_MS', env.SCHEDULED_JOBS_FIRST_RUN_MS, 60_000),
    jobsLeaderRetryMs: positiveInt('JOBS_LEADER_RETRY_MS', env.JOBS_LEADER_RETRY_MS, 15_000),
    idempotencyLeaseMs: positiveInt('IDEMPOTENCY_LEASE_MS', env.IDEMPOTENCY_LEASE_MS, 15_000),
    heavyWorkPerProcess: positiveInt('HEAVY_WORK_PER_PROCESS', env.HEAVY_WORK_PER_PROCESS, 2),
    signInFailuresPerAddress: positiveInt('SIGN_IN_FAILURES_PER_ADDRESS', env.SIGN_IN_FAILURES_PER_ADDRESS, 100),
    smsInboundToken: env.SMS_INBOUND_TOKEN || undefined,
    smsRatePerSecond: positiveInt('SMS_RATE_PER_SECOND', env.SMS_RATE_PER_SECOND, 10),
    whatsappPricePaise: positiveInt('WHATSAPP_PRICE_PAISE', env.WHATSAPP_PRICE_PAISE, 80),
    estimatedTotalAbove: positiveInt('ESTIMATED_TOTAL_ABOVE', env.ESTIMATED_TOTAL_ABOVE, 10_000),
    redisUrl: redisUrlFrom(env.REDIS_URL),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'vms:',
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(import.meta.dirname, '../../web/dist')),
  };
}
