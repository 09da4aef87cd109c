import { copyFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import type { AppConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { box, cover, fakeRollPdf, fakeRollReader, rollOfBoxes } from '../server/test/rolls/fake-roll-reader';
import { benchAdminAuth, BENCH_DATA_DIR, seedDatabase } from './seed-database';
import { printTable } from './print-table';
import { percentile } from './http-clients';

// npm run bench:roll-import: the roll import's own work, apart from reading (the reader's
// benchmark measures that), on a copy of the seeded SQLite file of BENCH_VOTERS voters (default
// 300,000, the daily size), through the real server on 127.0.0.1:
// - storing the boxes of a part as its pages arrive (the API tests' reader yields them at once),
// - the review's comparison (GET the import, a page of rows),
// - the commit of the part (new voters), and a revision of it (changes, deletions ticked),
// - and the p50/p95 of a voter list page asked meanwhile, every 50 ms, as another user would.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 300_000);
const BOXES = Number(process.env.BENCH_ROLL_BOXES ?? 1500);
const PER_PAGE = 30;

function partRoll(revision: boolean) {
  const boxes = [];
  for (let serial = 1; serial <= BOXES; serial += 1) {
    // The revision: every 20th voter a year older, every 50th marked deleted, 30 new at the end.
    if (revision && serial % 50 === 0) boxes.push(box(serial, { page: 3 + Math.floor((serial - 1) / PER_PAGE), partNo: 390, epic: `BRI${String(1000000 + serial)}`, deleted: true }));
    else boxes.push(box(serial, { page: 3 + Math.floor((serial - 1) / PER_PAGE), partNo: 390, epic: `BRI${String(1000000 + serial)}`, fullName: `बेंच मतदार ${serial}`, age: 30 + (serial % 40) + (revision && serial % 20 === 0 ? 1 : 0) }));
  }
  if (revision) for (let serial = BOXES + 1; serial <= BOXES + 30; serial += 1) boxes.push(box(serial, { page: 3 + Math.floor((serial - 1) / PER_PAGE), partNo: 390, epic: `BRI${String(1000000 + serial)}`, fullName: `नवीन मतदार ${serial}` }));
  return rollOfBoxes(boxes, cover({ partNo: 390, pollingStationNumber: 390 }));
}

async function main(): Promise<void> {
  console.log(`Roll import benchmark: a part of ${BOXES.toLocaleString('en-IN')} boxes into ${TOTAL.toLocaleString('en-IN')} voters on SQLite`);
  const seeded = await seedDatabase(TOTAL);
  const sqliteFile = path.join(BENCH_DATA_DIR, `roll-import-${TOTAL}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
  copyFileSync(seeded, sqliteFile);
  if (existsSync(`${seeded}-wal`)) copyFileSync(`${seeded}-wal`, `${sqliteFile}-wal`);
  const database = openDatabase({ dataDir: BENCH_DATA_DIR, sqliteFile });
  const config: AppConfig = {
    port: 0, host: '127.0.0.1', dataDir: BENCH_DATA_DIR, databaseUrl: undefined, jwtSecret: 'bench-secret-that-is-long-enough-0123456789', adminUsername: 'admin',
    adminPassword: undefined, sessionTtlHours: 1, trustProxy: false, logLevel: 'silent', webDistDir: path.join(BENCH_DATA_DIR, 'no-web'),
  };
  const { app } = await buildApp({ config, database, logger: false, upgradeLog: () => {}, rollReader: fakeRollReader });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const auth = await benchAdminAuth(address);
  const call = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(`${address}${url}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  // Another user's voter list, every 50 ms while a step runs.
  const listWhile = async <T>(step: () => Promise<T>): Promise<{ value: T; ms: number; p50: number; p95: number; n: number }> => {
    const times: number[] = [];
    let running = true;
    const lister = (async () => {
      while (running) {
        const started = performance.now();
        await call('/api/voters?page=7');
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const value = await step();
    const ms = performance.now() - started;
    running = false;
    await lister;
    times.sort((a, b) => a - b);
    return { value, ms, p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
  };

  const rows: string[][] = [];
  const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(0));
  for (const [label, revision] of [['first import of the part', false], ['revision of the part', true]] as const) {
    const pdf = fakeRollPdf(partRoll(revision));
    const stored = await listWhile(async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'part-390.pdf');
      const answer = (await call('/api/rolls/imports', { method: 'POST', body: form })) as { imports: { id: number }[] };
      const id = answer.imports[0]!.id;
      for (;;) {
        const current = await call(`/api/rolls/imports/${id}`);
        if (current.state !== 'queued' && current.state !== 'reading') return id;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    rows.push([`${label}: upload and store the boxes`, fmt(stored.ms), fmt(stored.p50), fmt(stored.p95), String(stored.n)]);
    const id = stored.value;
    const review = await listWhile(async () => {
      await call(`/api/rolls/imports/${id}`);
      await call(`/api/rolls/imports/${id}/voters?filter=changed`);
      return (await call(`/api/rolls/imports/${id}/absent`)) as { voters: { id: number }[] };
    });
    rows.push([`${label}: review (summary, changed rows, absent)`, fmt(review.ms), fmt(review.p50), fmt(review.p95), String(review.n)]);
    if (revision) {
      const deleted = (await call(`/api/rolls/imports/${id}/voters?filter=deleted&limit=200`)) as { rows: { n: number }[] };
      for (const row of deleted.rows) await call(`/api/rolls/imports/${id}/voters/${row.n}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apply: true }) });
    }
    const commit = await listWhile(() => call(`/api/rolls/imports/${id}/commit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delete_voter_ids: [] }) }));
    const result = (commit.value as { result: Record<string, number> }).result;
    rows.push([`${label}: commit (${result.created} new, ${result.updated} updated, ${result.deleted} deleted)`, fmt(commit.ms), fmt(commit.p50), fmt(commit.p95), String(commit.n)]);
  }
  const quiet = await listWhile(() => new Promise((resolve) => setTimeout(resolve, 2000)));
  rows.push(['nothing running (for comparison)', '-', fmt(quiet.p50), fmt(quiet.p95), String(quiet.n)]);
  printTable(['step', 'ms', 'list p50 ms', 'list p95 ms', 'lists'], rows);
  await app.close();
}

await main();
