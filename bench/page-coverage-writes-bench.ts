import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { insertVoters } from '../server/src/features/voters/voters-repository';
import { createVoterGenerator, voterInputOf } from './voter-generator';
import { printTable } from './print-table';

// What the kept per-page coverage counters (migration 033, decision 038) cost the writes that
// keep them: the same writes with the counters and without them (migration 033's triggers
// dropped and its page size row removed, so SQLite's bulk path finds no size and counts nothing;
// the app's code needs the table to exist), interleaved: without, with, without, with.
// - a bulk load of BENCH_VOTERS voters with part serials (the import's path, 10,000 a batch);
// - BENCH_CONTACTS contacts, one voter's last_contact_at and support level a transaction;
// - one roll revision: the serials of 10 booths renumbered in one statement.
// SQLite by default; BENCH_DATABASE_URL (a role allowed to create databases) runs PostgreSQL.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const BATCH = 10_000;
const TRIGGERS = ['page_coverage_insert', 'page_coverage_delete', 'page_coverage_update'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-page-coverage-bench-'));
  if (!DATABASE_URL) return { handle: openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `vms_page_coverage_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ dataDir, databaseUrl: url.toString(), timeouts: { statementMs: 600_000, bulkStatementMs: 0 } });
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function run(counters: boolean): Promise<string[]> {
  const { handle, drop } = await freshDatabase();
  try {
    await migrateToLatest(handle.bulkDb);
    if (!counters) {
      for (const name of TRIGGERS) await sql.raw(`DROP TRIGGER ${name}${DATABASE_URL ? ' ON voters' : ''}`).execute(handle.db);
      await handle.db.deleteFrom('page_coverage_size').execute();
    }
    const next = createVoterGenerator();
    const serials = new Map<string, number>();
    const now = new Date().toISOString();
    let started = performance.now();
    for (let from = 0; from < TOTAL; from += BATCH) {
      const voters = [];
      for (let index = from; index < Math.min(from + BATCH, TOTAL); index += 1) {
        const voter = voterInputOf(next(index));
        const serial = (serials.get(voter.booth ?? '') ?? 0) + 1;
        serials.set(voter.booth ?? '', serial);
        voters.push({ ...voter, part_serial: serial });
      }
      await insertVoters(handle.bulkDb, handle.dialect, voters, { userId: null, now });
    }
    const loadSeconds = (performance.now() - started) / 1000;

    const ids = (await handle.db.selectFrom('voters').select('id').orderBy('id').execute()).map((row) => row.id);
    const times: number[] = [];
    for (let index = 0; index < CONTACTS; index += 1) {
      const id = ids[(index * 7919) % ids.length]!;
      started = performance.now();
      await handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('voters').set({ last_contact_at: new Date().toISOString(), support_level: index % 2 === 0 ? 'strong_supporter' : 'undecided' }).where('id', '=', id).execute();
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);

    started = performance.now();
    await sql`UPDATE voters SET part_serial = part_serial + 1 WHERE booth IN ('Booth-01', 'Booth-02', 'Booth-03', 'Booth-04', 'Booth-05', 'Booth-06', 'Booth-07', 'Booth-08', 'Booth-09', 'Booth-10')`.execute(handle.db);
    const revisionMs = performance.now() - started;
    return [counters ? 'with page_coverage' : 'without', loadSeconds.toFixed(1), percentile(times, 50).toFixed(2), percentile(times, 95).toFixed(2), revisionMs.toFixed(0)];
  } finally {
    await handle.close();
    await drop();
  }
}

async function main(): Promise<void> {
  console.log(`Page coverage counters, cost to writes: ${TOTAL.toLocaleString('en-IN')} voters, ${CONTACTS.toLocaleString('en-IN')} contacts on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
  const rows = [await run(false), await run(true), await run(false), await run(true)];
  printTable(['database', 'bulk load s', 'contact p50 ms', 'contact p95 ms', 'roll revision (10 booths) ms'], rows);
}

await main();
