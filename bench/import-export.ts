import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { VOTER_FIELD_LABELS } from '@shared/voters/voter-schema';
import { openDatabase } from '../server/src/db/connection';
import { voterPageAfter } from '../server/src/features/voters/voters-repository';
import { mb, memorySampler, signInAdmin, startServer, upload } from './bench-server';
import { BENCH_ADMIN } from './seed-database';
import { createVoterGenerator, type GeneratedVoter } from './voter-generator';

// npm run bench (second part), or npm run bench:import-export: the server runs as its own
// process on a fresh SQLite database; through HTTP it imports a BENCH_CSV_ROWS-row .csv
// (default 1,000,000), then a BENCH_XLSX_ROWS-row .xlsx (default 100,000) on top, then exports
// everything. The server's memory is sampled throughout. The limits: for each import, the time
// the server itself spent in the database (saving batches, building deferred indexes), from its
// log of that same import; for the export, every voter read straight from the same database
// file by the export's keyset pages, with no spreadsheet or HTTP in the way.
// Files list voters booth by booth, as electoral rolls do; BENCH_ORDER=random scatters them.
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const RANDOM_ORDER = process.env.BENCH_ORDER === 'random';
// BENCH_IMPORT_DATABASE_URL (postgres://), or BENCH_DB=postgres for voters_import on the local
// server: the server runs on that PostgreSQL database instead, dropped and created afresh for
// each run (it must be one of the benchmark's own).
const DATABASE_URL = process.env.BENCH_IMPORT_DATABASE_URL || (process.env.BENCH_DB === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/voters_import' : undefined);
// PostgreSQL only: the fresh database starts as a copy of this one (BENCH_IMPORT_TEMPLATE=voters_10m
// after npm run bench:postgres-load), so the import goes into a table that already holds its
// voters and keeps its indexes. The template is copied, never written.
const TEMPLATE = process.env.BENCH_IMPORT_TEMPLATE;
// BENCH_XLSX_ROWS=0 leaves the .xlsx out; BENCH_IMPORT_ONLY=true leaves the export out (issue 58:
// the .csv import alone, repeated). BENCH_SERVER_PROFILE=<folder> writes the server's CPU profile
// there (node --cpu-prof, every 5 ms), one file per thread (the file reader is a worker thread):
// npx tsx bench/cpu-profile-summary.ts <file> 40.
const IMPORT_ONLY = process.env.BENCH_IMPORT_ONLY === 'true';
const PROFILE_DIR = process.env.BENCH_SERVER_PROFILE ? path.resolve(process.env.BENCH_SERVER_PROFILE) : undefined;
const dataDir = path.resolve(import.meta.dirname, '.data', 'import-export');

const FIELDS = ['voter_no', 'full_name', 'voter_id', 'age', 'gender', 'father_husband_name', 'religion', 'mobile_number', 'house_no', 'ward_area', 'village', 'booth', 'district', 'taluka', 'present_in_city', 'category', 'caste', 'sub_caste', 'political_preference', 'occupation'] as const;
const cells = (voter: GeneratedVoter) => FIELDS.map((field) => (field === 'present_in_city' ? (voter.present_in_city ? 'Yes' : 'No') : (voter[field] ?? '')));
const csvCell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));
const generator = (seed: number, from: number, count: number) => createVoterGenerator(seed, RANDOM_ORDER ? undefined : { from, count });

async function writeCsv(file: string, from: number, count: number): Promise<void> {
  const next = generator(7, from, count);
  const out = createWriteStream(file);
  out.write(`${FIELDS.map((field) => VOTER_FIELD_LABELS[field]).join(',')}\n`);
  for (let index = from; index < from + count; index += 1) {
    if (!out.write(`${cells(next(index)).map(csvCell).join(',')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function writeXlsx(file: string, from: number, count: number): Promise<void> {
  const next = generator(11, from, count);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Voters');
  sheet.addRow(FIELDS.map((field) => VOTER_FIELD_LABELS[field])).commit();
  for (let index = from; index < from + count; index += 1) sheet.addRow(cells(next(index))).commit();
  sheet.commit();
  await workbook.commit();
}

interface ImportTimings {
  savingMs: number;
  indexBuildMs: number;
  waitingForReaderMs: number;
  indexesDeferred: boolean;
}

// The server's log lines, as JSON; each import logs where its time went.
function importTimingsOf(child: ChildProcess): ImportTimings[] {
  const found: ImportTimings[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { msg?: string; import?: ImportTimings };
        if (entry.msg === 'voter import finished' && entry.import) found.push(entry.import);
      } catch {
        // not a log line
      }
    }
  });
  return found;
}

function download(address: string, token: string): Promise<{ firstByteMs: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${address}/api/voters/export/excel`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        let first = 0;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) first = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ firstByteMs: first, bytes }));
      })
      .on('error', reject);
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - started) / 1000 };
}

// The export's limit: every voter of the server's database read by the export's keyset pages.
async function keysetRead(): Promise<{ seconds: number; read: number }> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  await database.dialect.startUp(database.db, { repair: true });
  const read = await timed(async () => {
    let afterId = 0;
    let count = 0;
    for (;;) {
      const page = await voterPageAfter(database.db, { filters: {}, scope: { kind: 'all' }, dialect: database.dialect, afterId, limit: 2000 });
      if (page.length === 0) return count;
      count += page.length;
      afterId = page[page.length - 1]!.id;
    }
  });
  await database.close();
  return { seconds: read.seconds, read: read.result };
}

// An empty database of that name, or a copy of TEMPLATE (through the server's postgres database).
async function freshPostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (['postgres', 'test', 'template0', 'template1'].includes(name)) throw new Error(`BENCH_IMPORT_DATABASE_URL must name a database of its own, not ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
    const template = TEMPLATE ? ` TEMPLATE "${TEMPLATE.replaceAll('"', '""')}"` : '';
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"${template}`);
  } finally {
    await client.end();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const order = RANDOM_ORDER ? 'random booths' : 'booth by booth';
  if (DATABASE_URL) await freshPostgresDatabase(DATABASE_URL);
  const into = TEMPLATE ? `, into a copy of ${TEMPLATE}` : '';
  console.log(`Import/export benchmark on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${CSV_ROWS.toLocaleString('en-IN')}-row .csv, ${XLSX_ROWS.toLocaleString('en-IN')}-row .xlsx (${order})${into}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const csvFile = path.join(dataDir, 'voters.csv');
  const xlsxFile = path.join(dataDir, 'voters.xlsx');
  await writeCsv(csvFile, 0, CSV_ROWS);
  if (XLSX_ROWS > 0) await writeXlsx(xlsxFile, CSV_ROWS, XLSX_ROWS);
  console.log(`  files: .csv ${mb(statSync(csvFile).size)}${XLSX_ROWS > 0 ? `, .xlsx ${mb(statSync(xlsxFile).size)}` : ''}`);

  const port = 3400 + Math.floor(Math.random() * 500);
  const address = `http://127.0.0.1:${port}`;
  const profile = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-interval=5000', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL, nodeFlags: profile });
  const timings = importTimingsOf(server);
  const memory = memorySampler(server.pid!);
  // A copied database has its users already: the loader's Admin (the server adds its own only to an empty one).
  const token = await signInAdmin(address, TEMPLATE ? BENCH_ADMIN : undefined);
  const rows: [string, string, string, string][] = [['started, signed in', '', '', memory.peak()]];

  const csv = await timed(() => upload(address, token, csvFile, 'voters.csv'));
  rows.push([`import .csv, ${CSV_ROWS.toLocaleString('en-IN')} rows`, `${csv.seconds.toFixed(1)} s`, csv.result.body.slice(0, 60), memory.peak()]);
  if (XLSX_ROWS > 0) {
    const xlsx = await timed(() => upload(address, token, xlsxFile, 'voters.xlsx'));
    rows.push([`import .xlsx, ${XLSX_ROWS.toLocaleString('en-IN')} rows on top`, `${xlsx.seconds.toFixed(1)} s`, xlsx.result.body.slice(0, 60), memory.peak()]);
  }
  // Into a copy of a large database, the export and the keyset read would read the template's
  // millions too: only the imports are measured there.
  if (!TEMPLATE && !IMPORT_ONLY) {
    const exported = await timed(() => download(address, token));
    const total = CSV_ROWS + XLSX_ROWS;
    rows.push([`export .xlsx, ${total.toLocaleString('en-IN')} voters`, `${exported.seconds.toFixed(1)} s`, `first bytes ${exported.result.firstByteMs.toFixed(0)} ms, ${mb(exported.result.bytes)}`, memory.peak()]);
  }
  memory.stop();
  server.kill('SIGTERM');
  await once(server, 'exit');

  for (const [label, timing] of [['.csv', timings[0]], ['.xlsx', timings[1]]] as const) {
    if (!timing) continue;
    const database = timing.savingMs + timing.indexBuildMs;
    const how = `saving ${seconds(timing.savingMs)}${timing.indexesDeferred ? ` + index build ${seconds(timing.indexBuildMs)}` : ''}; waiting for the reader ${seconds(timing.waitingForReaderMs)}`;
    rows.push([`limit: the ${label} import's database work`, seconds(database), how, '']);
  }
  if (!TEMPLATE && !IMPORT_ONLY) {
    const read = await keysetRead();
    rows.push([`limit: keyset read, ${read.read.toLocaleString('en-IN')} voters`, `${read.seconds.toFixed(1)} s`, 'the export\'s reads alone', '']);
  }
  console.table(rows.map(([work, time, result, rss]) => ({ work, time, result, 'server peak memory (private / with mapped file)': rss })));
  if (process.env.BENCH_KEEP !== 'true') rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
