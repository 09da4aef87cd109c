import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { sqliteDialect, sqliteKyselyDialect, openSqliteFile } from '../server/src/db/dialects/sqlite/sqlite-dialect';
import type { Database } from '../server/src/db/schema';
import { createSession, findSessionWithUser } from '../server/src/features/auth/sessions-repository';
import { listVoters } from '../server/src/features/voters/voters-repository';
import { freePort, openConnection, percentile, waitUntilUp } from './http-clients';
import { printTable } from './print-table';
import { serverCpuMs } from './process-cpu';
import { BENCH_ADMIN, benchAdminAuth, seedDatabase } from './seed-database';
import { serverNodeFlags } from './server-node-flags';

// npm run bench:request-cpu (issue 58): what a request costs the server's CPU beside its SQL.
// The real server (one process, `npm start`'s Node flags, LOG_LEVEL info as shipped) over a copy
// of a seeded SQLite file of BENCH_VOTERS voters (default 300,000: a request's own cost hardly
// depends on the count, and the first page's SQL reads 25 rows and a kept count) answers
// REQUEST_CPU_CONNECTIONS clients (default 10) for REQUEST_CPU_SECONDS (default 10) per call:
// the voter list's first page with its total (as the web app opens it), asked for compressed as a
// browser asks (Accept-Encoding: br, gzip) and uncompressed, and GET /api/auth/me (the floor
// every signed-in call pays). Its CPU from /proc divided by the answers is the CPU per
// request; beside it, the same SQL run directly on the file (better-sqlite3, statements prepared
// once: the physical limit) and through the repository (Kysely), CPU per call in this process.
// REQUEST_CPU_TREES (comma-separated checkouts, default this one) runs the server of each
// checkout in turn, REQUEST_CPU_ROUNDS times (default 3) interleaved, for a before/after on a
// noisy machine; medians are printed. REQUEST_CPU_PROFILE=<folder> writes a CPU profile of each
// server (node --cpu-prof) and prints the command that summarises its first-page window.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 300_000);
const CONNECTIONS = Number(process.env.REQUEST_CPU_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.REQUEST_CPU_SECONDS ?? 10);
const ROUNDS = Number(process.env.REQUEST_CPU_ROUNDS ?? 3);
const PROFILE_DIR = process.env.REQUEST_CPU_PROFILE ? path.resolve(process.env.REQUEST_CPU_PROFILE) : undefined;
const HERE = path.resolve(import.meta.dirname, '..');
const TREES = (process.env.REQUEST_CPU_TREES ?? HERE).split(',').map((tree) => path.resolve(tree.trim()));
const SQL_CALLS = 2000;
const WARM_UP_SECONDS = 2;

const CALLS = [
  { name: 'GET /api/auth/me (signed-in floor)', path: '/api/auth/me', encoding: 'br, gzip' },
  { name: 'voter list, first page + total, uncompressed', path: '/api/voters?page=1&limit=25', encoding: 'identity' },
  // Last: a profile's window for it runs from its start to the server's end.
  { name: 'voter list, first page + total, brotli', path: '/api/voters?page=1&limit=25', encoding: 'br, gzip' },
] as const;

interface CallResult {
  requests: number;
  perSecond: number;
  p50: number;
  cpuPerRequest: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

function treeLabel(tree: string): string {
  try {
    const commit = execFileSync('git', ['-C', tree, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', tree, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return `${commit}${dirty ? '+changes' : ''}`;
  } catch {
    return path.basename(tree);
  }
}

// One load run: CONNECTIONS clients each sending `url` as soon as the last answer arrived.
async function load(base: string, url: string, headers: Record<string, string>, seconds: number, pid: number | undefined): Promise<CallResult> {
  const connections = Array.from({ length: CONNECTIONS }, () => openConnection(base));
  await Promise.all(connections.map((connection) => connection.send('/api/health')));
  const times: number[] = [];
  let failed = '';
  const cpuBefore = serverCpuMs(pid);
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < stopAt) {
        const sent = performance.now();
        const answer = await connection.send(url, { headers });
        if (!answer.ok) failed = `HTTP ${answer.status}`;
        times.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = serverCpuMs(pid);
  await Promise.all(connections.map((connection) => connection.close()));
  if (failed) throw new Error(`${url} answered ${failed}`);
  times.sort((a, b) => a - b);
  return { requests: times.length, perSecond: times.length / elapsed, p50: percentile(times, 50), cpuPerRequest: cpuBefore === null || cpuAfter === null ? Number.NaN : (cpuAfter - cpuBefore) / times.length };
}

async function runServer(tree: string, seeded: string, label: string, round: number): Promise<Map<string, CallResult>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-request-cpu-'));
  copyFileSync(seeded, path.join(dataDir, 'voters.sqlite'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profileFlags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `${label}-round${round}`)}`] : [];
  const spawnedAt = performance.now();
  const server: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), ...profileFlags, '--import', 'tsx', path.join(tree, 'server/src/main.ts')], {
    cwd: tree,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', APP_WORKERS: '1' },
    // The request log goes where a real server's goes: written out, here to nowhere.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const results = new Map<string, CallResult>();
  try {
    await waitUntilUp(base);
    const auth = await benchAdminAuth(base);
    for (const call of CALLS) {
      const headers = { ...auth, 'accept-encoding': call.encoding };
      await load(base, call.path, headers, WARM_UP_SECONDS, server.pid);
      const from = (performance.now() - spawnedAt) / 1000;
      results.set(call.name, await load(base, call.path, headers, SECONDS, server.pid));
      if (PROFILE_DIR && call === CALLS.at(-1)) console.log(`  profile window (main thread): npx tsx bench/cpu-profile-summary.ts ${path.join(PROFILE_DIR, `${label}-round${round}`)}/CPU.*.0.0*.cpuprofile 40 ${from.toFixed(1)}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

// CPU per call in this process, over SQL_CALLS calls, after a few unmeasured.
async function cpuPerCall(run: () => unknown): Promise<number> {
  for (let index = 0; index < 50; index += 1) await run();
  const before = process.cpuUsage();
  for (let index = 0; index < SQL_CALLS; index += 1) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / SQL_CALLS;
}

// The first page's SQL and the session lookup: through the repository (Kysely), and the same
// statements, as Kysely wrote them, prepared once and run directly.
async function measureSql(seeded: string): Promise<{ name: string; ms: number }[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-request-cpu-sql-'));
  const file = path.join(dataDir, 'voters.sqlite');
  copyFileSync(seeded, file);
  const sqlite = openSqliteFile(file);
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  let recording = false;
  const db = new Kysely<Database>({
    dialect: sqliteKyselyDialect(sqlite, openSqliteFile(file)),
    log: (event) => {
      if (recording && event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const dialect = sqliteDialect(sqlite);
  // A session of the seeded Admin, as signing in makes one.
  const admin = await db.selectFrom('users').select('id').where('username', '=', BENCH_ADMIN.username).executeTakeFirstOrThrow();
  const sessionId = (await createSession(db, { userId: admin.id, ttlHours: 1, ipAddress: '127.0.0.1', userAgent: 'bench' })).id;
  const firstPage = () => listVoters(db, { filters: {}, scope: { kind: 'all' }, dialect, page: 1, limit: 25 });
  const sessionLookup = () => findSessionWithUser(db, sessionId);
  recording = true;
  await firstPage();
  const pageStatements = statements.splice(0);
  await sessionLookup();
  const sessionStatements = statements.splice(0);
  recording = false;
  const direct = new SQLite(file, { readonly: true });
  const prepared = (list: typeof statements) => list.map((one) => ({ statement: direct.prepare(one.sql), parameters: one.parameters }));
  const runAll = (list: ReturnType<typeof prepared>) => () => {
    for (const { statement, parameters } of list) statement.all(...parameters);
  };
  const pageDirect = prepared(pageStatements);
  const sessionDirect = prepared(sessionStatements);
  const rows = [
    { name: `first page + total, SQL alone (${pageStatements.length} statements, better-sqlite3)`, ms: await cpuPerCall(runAll(pageDirect)) },
    { name: 'session lookup, SQL alone', ms: await cpuPerCall(runAll(sessionDirect)) },
    { name: 'first page + total through the repository (Kysely)', ms: await cpuPerCall(firstPage) },
    { name: 'session lookup through the repository (Kysely)', ms: await cpuPerCall(sessionLookup) },
  ];
  direct.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

async function main(): Promise<void> {
  const labels = TREES.map(treeLabel);
  console.log(`Request CPU benchmark (issue 58): ${TOTAL.toLocaleString('en-IN')} voters (SQLite), ${CONNECTIONS} connections × ${SECONDS} s per call, ${ROUNDS} rounds; servers: ${labels.join(', ')}; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const seeded = await seedDatabase(TOTAL);
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const byTree = TREES.map(() => new Map<string, CallResult[]>());
  const sqlRounds: { name: string; ms: number }[][] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, tree] of TREES.entries()) {
      console.log(`round ${round}: ${labels[index]} (load average ${os.loadavg()[0]!.toFixed(2)})`);
      const results = await runServer(tree, seeded, labels[index]!, round);
      for (const [name, result] of results) byTree[index]!.set(name, [...(byTree[index]!.get(name) ?? []), result]);
      for (const [name, result] of results) console.log(`  ${name}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, server CPU ${result.cpuPerRequest.toFixed(3)} ms a request`);
    }
    sqlRounds.push(await measureSql(seeded));
  }
  const sql = sqlRounds[0]!.map((row, index) => ({ name: row.name, ms: median(sqlRounds.map((rows) => rows[index]!.ms)) }));
  const pageSql = sql[0]!.ms + sql[1]!.ms;
  printTable(
    ['server', 'call', 'req/s', 'p50 ms', 'server CPU ms a request', 'beyond its SQL (page + session) ms'],
    TREES.flatMap((_, index) =>
      CALLS.map((call) => {
        const results = byTree[index]!.get(call.name) ?? [];
        const cpu = median(results.map((result) => result.cpuPerRequest));
        const sqlOf = call.path.startsWith('/api/voters') ? pageSql : sql[1]!.ms;
        return [labels[index]!, call.name, median(results.map((result) => result.perSecond)).toFixed(0), median(results.map((result) => result.p50)).toFixed(2), cpu.toFixed(3), (cpu - sqlOf).toFixed(3)];
      }),
    ),
  );
  printTable(['the same SQL in this process', 'CPU ms a call'], sql.map((row) => [row.name, row.ms.toFixed(3)]));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
