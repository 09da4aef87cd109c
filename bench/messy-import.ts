import { once } from 'node:events';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { mb, memorySampler, signInAdmin, startServer, upload } from './bench-server';
import { MESSY_RATES, writeMessyCsv } from './messy-voter-file';

// npm run bench:messy-import: a messy, realistic spreadsheet (bench/messy-voter-file.ts) of
// BENCH_MESSY_ROWS rows (default 1,000,000) imported through HTTP into the real server on a
// fresh database, then its first BENCH_MESSY_UPDATE_ROWS voters (default 50,000), typed again
// (other spellings and mistakes), imported with "update existing". BENCH_DB=postgres runs it on PostgreSQL
// (a fresh database `bench_messy_import` made through BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). Target: at least 99% of the rows saved.
const ROWS = Number(process.env.BENCH_MESSY_ROWS ?? 1_000_000);
const UPDATE_ROWS = Math.min(ROWS, Number(process.env.BENCH_MESSY_UPDATE_ROWS ?? 50_000));
const ON_POSTGRES = process.env.BENCH_DB === 'postgres';
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'bench_messy_import';
const TARGET_SHARE = 0.99;
const dataDir = path.resolve(import.meta.dirname, '.data', 'messy-import');
const SEED = 18;

async function freshPostgresDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function dropPostgresDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  await admin.end();
}

const count = (value: number) => value.toLocaleString('en-IN');
const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

async function main(): Promise<void> {
  const database = ON_POSTGRES ? 'PostgreSQL' : 'SQLite';
  console.log(`Messy import benchmark on ${database}: ${count(ROWS)} rows, then ${count(UPDATE_ROWS)} of them again with "update existing"`);
  console.log(
    `  problems written in: unknown occupation ${percent(MESSY_RATES.unknownOccupation)}, party ${percent(MESSY_RATES.unknownParty)}, caste ${percent(MESSY_RATES.unknownCaste)}, village ${percent(MESSY_RATES.unknownVillage)}, ` +
      `sub-caste of another caste ${percent(MESSY_RATES.subcasteOfAnotherCaste)} (warnings); no name ${percent(MESSY_RATES.missingName)}, repeated voter ID ${percent(MESSY_RATES.repeatedVoterId)}, ` +
      `impossible age ${percent(MESSY_RATES.impossibleAge)}, short mobile ${percent(MESSY_RATES.shortMobile)} (errors)`,
  );
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const mainFile = path.join(dataDir, 'messy-voters.csv');
  const updateFile = path.join(dataDir, 'messy-voters-again.csv');
  const writing = performance.now();
  await writeMessyCsv(mainFile, { seed: SEED, messSeed: 1, count: ROWS });
  // The same voters in the same booths, typed again (other spellings, other mistakes).
  if (UPDATE_ROWS > 0) await writeMessyCsv(updateFile, { seed: SEED, messSeed: 2, count: UPDATE_ROWS, rollCount: ROWS });
  console.log(`  files written in ${((performance.now() - writing) / 1000).toFixed(1)} s: ${mb(statSync(mainFile).size)}${UPDATE_ROWS > 0 ? `, ${mb(statSync(updateFile).size)}` : ''}`);

  const databaseUrl = ON_POSTGRES ? await freshPostgresDatabase() : undefined;
  const port = 3400 + Math.floor(Math.random() * 500);
  const address = `http://127.0.0.1:${port}`;
  const server = await startServer({ port, dataDir, databaseUrl });
  const memory = memorySampler(server.pid!);
  const token = await signInAdmin(address);
  memory.peak();

  const runs: { work: string; rows: number; file: string; fields?: Record<string, string> }[] = [{ work: 'import, empty database', rows: ROWS, file: mainFile }];
  if (UPDATE_ROWS > 0) runs.push({ work: 'again, update existing', rows: UPDATE_ROWS, file: updateFile, fields: { update_existing: 'true' } });
  const table: Record<string, string>[] = [];
  const results: ImportResult[] = [];
  let failed = false;
  for (const run of runs) {
    const started = performance.now();
    const response = await upload(address, token, run.file, path.basename(run.file), run.fields);
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 200) throw new Error(`${run.work}: ${response.status} ${response.body.slice(0, 300)}`);
    const result = JSON.parse(response.body) as ImportResult;
    results.push(result);
    const share = (result.imported + result.updated) / run.rows;
    failed ||= share < TARGET_SHARE;
    table.push({
      work: run.work,
      database,
      rows: count(run.rows),
      imported: count(result.imported),
      updated: count(result.updated),
      warnings: count(result.warnings),
      errors: count(result.errors),
      saved: percent(share),
      time: `${seconds.toFixed(1)} s`,
      'server peak memory (private / with mapped file)': memory.peak(),
    });
  }
  memory.stop();
  server.kill('SIGTERM');
  await once(server, 'exit');
  if (ON_POSTGRES) await dropPostgresDatabase();

  console.table(table);
  const first = results[0]!;
  console.log('First warnings of the first import:');
  console.table(first.warningDetails.slice(0, 8).map(({ row, column, value, savedAs }) => ({ row, column, value, 'saved as': savedAs ?? '(empty)' })));
  console.log('First errors of the first import:');
  console.table(first.errorDetails.slice(0, 6));
  console.log(`Target: at least ${percent(TARGET_SHARE)} of each file's rows saved: ${failed ? 'NOT MET' : 'met'}.`);
  if (process.env.BENCH_KEEP !== 'true') rmSync(dataDir, { recursive: true, force: true });
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
