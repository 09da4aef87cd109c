import { copyFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import type { AppConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { hashPassword } from '../server/src/features/auth/passwords';
import { insertUser } from '../server/src/features/users/users-repository';
import { BENCH_ADMIN, BENCH_DATA_DIR, seedDatabase } from './seed-database';
import { printTable } from './print-table';
import { percentile } from './http-clients';

// npm run bench:households-duplicates: on the seeded SQLite file of BENCH_VOTERS voters (default
// 1,000,000; a copy, so the shared file stays as seeded), through the real server on 127.0.0.1:
// - the duplicate scan of the whole constituency, first run (every key written) and a rescan;
// - the review list (an Admin's, a Supervisor's of two booths);
// - a booth's household proposal, and its households list.
// The generator draws names from short lists, so its constituency holds far more namesakes
// (and so far more pairs) than a real roll: the scan's figures are an upper bound.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SUPERVISOR = { username: 'bench.supervisor', password: 'Bench-Supervisor-2026' };

async function measure(run: (index: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let index = 0; index < 3; index += 1) await run(index);
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  console.log(`Households and duplicates benchmark: ${TOTAL.toLocaleString('en-IN')} voters on SQLite, ${RUNS} runs per query`);
  const seeded = await seedDatabase(TOTAL);
  const sqliteFile = path.join(BENCH_DATA_DIR, `households-duplicates-${TOTAL}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
  copyFileSync(seeded, sqliteFile);
  if (existsSync(`${seeded}-wal`)) copyFileSync(`${seeded}-wal`, `${sqliteFile}-wal`);

  const database = openDatabase({ dataDir: BENCH_DATA_DIR, sqliteFile });
  const config: AppConfig = {
    port: 0, host: '127.0.0.1', dataDir: BENCH_DATA_DIR, databaseUrl: undefined, jwtSecret: 'bench-secret-that-is-long-enough-0123456789', adminUsername: 'admin',
    adminPassword: undefined, sessionTtlHours: 1, trustProxy: false, logLevel: 'silent', webDistDir: path.join(BENCH_DATA_DIR, 'no-web'),
  };
  const { app, ctx } = await buildApp({ config, database, logger: false });
  await insertUser(ctx.db, { username: SUPERVISOR.username, passwordHash: await hashPassword(SUPERVISOR.password), full_name: 'Bench Supervisor', role: 'Supervisor', booth_access: ['Booth-01', 'Booth-02'] });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = async (user: { username: string; password: string }) => {
    const response = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
    return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  };
  const admin = await signIn(BENCH_ADMIN);
  const supervisor = await signIn(SUPERVISOR);
  const call = async (headers: Record<string, string>, url: string, init: RequestInit = {}) => {
    const response = await fetch(`${address}${url}`, { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  // The scan, timed from the request to its end (polled as the screen polls it), and how long a
  // list request waits meanwhile (SQLite's one connection is shared with the scan's steps).
  const scans: string[][] = [];
  for (const run of ['first scan (every key written)', 'rescan (nothing changed)']) {
    const started = performance.now();
    await call(admin, '/api/duplicates/scan', { method: 'POST' });
    const waits: number[] = [];
    let scan: Record<string, unknown> = {};
    for (;;) {
      const asked = performance.now();
      await call(admin, '/api/voters?limit=30');
      waits.push(performance.now() - asked);
      scan = (await call(admin, '/api/duplicates/scan')).scan as Record<string, unknown>;
      if (scan.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (scan.status !== 'finished') throw new Error(`The scan ended ${String(scan.status)}`);
    waits.sort((a, b) => a - b);
    scans.push([
      run,
      ((performance.now() - started) / 1000).toFixed(1),
      Number(scan.voters_keyed).toLocaleString('en-IN'),
      Number(scan.pairs_found).toLocaleString('en-IN'),
      percentile(waits, 95).toFixed(0),
      Math.max(...waits).toFixed(0),
    ]);
  }

  const rows: string[][] = [];
  const row = async (name: string, run: (index: number) => Promise<unknown>) => {
    const timing = await measure(run);
    rows.push([name, timing.p50.toFixed(1), timing.p95.toFixed(1)]);
  };
  const open = (await call(admin, '/api/duplicates?limit=20')) as { total: number; totalPages: number };
  await row(`review list, Admin, page 1 (${open.total.toLocaleString('en-IN')} open pairs)`, () => call(admin, '/api/duplicates?limit=20'));
  await row('review list, Admin, a page far in', (index) => call(admin, `/api/duplicates?limit=20&page=${Math.max(1, Math.floor(open.totalPages / 2) + index)}`));
  await row('review list, Supervisor of 2 booths', () => call(supervisor, '/api/duplicates?limit=20'));
  const booth = (index: number) => `Booth-${String(1 + ((index * 37) % 396)).padStart(2, '0')}`;
  const proposals: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    const started = performance.now();
    await call(admin, '/api/households/propose', { method: 'POST', body: JSON.stringify({ booth: booth(index) }) });
    proposals.push(performance.now() - started);
  }
  proposals.sort((a, b) => a - b);
  rows.push(['propose a booth’s households (10 booths)', percentile(proposals, 50).toFixed(1), percentile(proposals, 95).toFixed(1)]);
  await row('households of a booth, page 1 (25 with members)', (index) => call(admin, `/api/households?booth=${booth(index % 10)}`));
  await row('one household', async (index) => {
    const list = (await call(admin, `/api/households?booth=${booth(index % 10)}&limit=1`)) as { households: { id: number }[] };
    return call(admin, `/api/households/${list.households[0]!.id}`);
  });
  await app.close();

  printTable(['duplicate scan', 'seconds', 'voters keyed', 'new pairs', 'list wait p95 ms', 'list wait max ms'], scans);
  printTable(['call (HTTP)', 'p50 ms', 'p95 ms'], rows);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
