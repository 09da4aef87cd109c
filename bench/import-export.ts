import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { type VoterInput, voterInputSchema, VOTER_FIELD_LABELS } from '@shared/voters/voter-schema';
import { buildApp } from '../server/src/app';
import type { AppConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { hashPassword } from '../server/src/features/auth/passwords';
import { insertUser } from '../server/src/features/users/users-repository';
import { insertVoters, voterPageAfter } from '../server/src/features/voters/voter-bulk-repository';
import { createVoterGenerator, type GeneratedVoter } from './voter-generator';

// npm run bench (second part), or npm run bench:import-export: imports a BENCH_CSV_ROWS-row
// .csv (default 1,000,000) and a BENCH_XLSX_ROWS-row .xlsx (default 100,000) through HTTP
// into a fresh SQLite database, exports everything back, and prints each time next to the
// same work done directly on the database, with the process's peak memory.
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const DIRECT_ROWS = Number(process.env.BENCH_DIRECT_ROWS ?? XLSX_ROWS);
const dataDir = path.resolve(import.meta.dirname, '.data', 'import-export');
const ADMIN = { username: 'bench.admin', password: 'Bench-Admin-2026' };

const FIELDS = ['voter_no', 'full_name', 'voter_id', 'age', 'gender', 'father_husband_name', 'religion', 'mobile_number', 'house_no', 'ward_area', 'village', 'booth', 'district', 'taluka', 'present_in_city', 'category', 'caste', 'sub_caste', 'political_preference', 'occupation'] as const;
const cells = (voter: GeneratedVoter) => FIELDS.map((field) => (field === 'present_in_city' ? (voter.present_in_city ? 'Yes' : 'No') : (voter[field] ?? '')));
const csvCell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
function phasePeak(): number {
  const peak = Math.max(peakRss, process.memoryUsage.rss());
  peakRss = 0;
  return peak;
}

async function writeCsv(file: string, from: number, count: number): Promise<void> {
  const next = createVoterGenerator(7);
  const out = createWriteStream(file);
  out.write(`${FIELDS.map((field) => VOTER_FIELD_LABELS[field]).join(',')}\n`);
  for (let index = from; index < from + count; index += 1) {
    if (!out.write(`${cells(next(index)).map(csvCell).join(',')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function writeXlsx(file: string, from: number, count: number): Promise<void> {
  const next = createVoterGenerator(11);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Voters');
  sheet.addRow(FIELDS.map((field) => VOTER_FIELD_LABELS[field])).commit();
  for (let index = from; index < from + count; index += 1) sheet.addRow(cells(next(index))).commit();
  sheet.commit();
  await workbook.commit();
}

// A multipart upload streamed from disk, as a browser sends it (the client never holds the file).
function upload(address: string, token: string, file: string, name: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(`${address}/api/voters/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + statSync(file).size + tail.length },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.write(head);
    const input = createReadStream(file);
    input.pipe(request, { end: false });
    input.on('end', () => request.end(tail));
  });
}

function download(address: string, token: string): Promise<{ firstByteMs: number; totalMs: number; bytes: number }> {
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
        response.on('end', () => resolve({ firstByteMs: first, totalMs: performance.now() - started, bytes }));
      })
      .on('error', reject);
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; peak: number }> {
  phasePeak();
  const started = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - started) / 1000, peak: phasePeak() };
}

async function main(): Promise<void> {
  console.log(`Import/export benchmark on SQLite: ${CSV_ROWS.toLocaleString('en-IN')}-row .csv, ${XLSX_ROWS.toLocaleString('en-IN')}-row .xlsx`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const csvFile = path.join(dataDir, 'voters.csv');
  const xlsxFile = path.join(dataDir, 'voters.xlsx');
  await writeCsv(csvFile, 0, CSV_ROWS);
  await writeXlsx(xlsxFile, CSV_ROWS, XLSX_ROWS);
  console.log(`  files: .csv ${mb(statSync(csvFile).size)}, .xlsx ${mb(statSync(xlsxFile).size)}`);

  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await insertUser(database.db, { username: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), full_name: 'Bench Admin', role: 'Admin', booth_access: ['Admin'] });
  const config: AppConfig = {
    port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, jwtSecret: 'bench-secret-that-is-long-enough-0123456789', adminUsername: 'admin',
    adminPassword: undefined, sessionTtlHours: 2, trustProxy: false, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web'), importMaxMb: 1024,
  };
  const { app, ctx } = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };

  const lines: string[] = [`baseline RSS with the server up and the files written: ${mb(process.memoryUsage.rss())}`];
  const csv = await timed(() => upload(address, token, csvFile, 'voters.csv'));
  lines.push(`import .csv  ${CSV_ROWS.toLocaleString('en-IN')} rows: ${csv.seconds.toFixed(1)} s, peak RSS ${mb(csv.peak)} -> ${csv.result.body.slice(0, 120)}`);
  const xlsx = await timed(() => upload(address, token, xlsxFile, 'voters.xlsx'));
  lines.push(`import .xlsx ${XLSX_ROWS.toLocaleString('en-IN')} rows: ${xlsx.seconds.toFixed(1)} s, peak RSS ${mb(xlsx.peak)} -> ${xlsx.result.body.slice(0, 120)}`);
  const exported = await timed(() => download(address, token));
  const total = CSV_ROWS + XLSX_ROWS;
  lines.push(`export .xlsx ${total.toLocaleString('en-IN')} voters: ${exported.seconds.toFixed(1)} s, first bytes after ${exported.result.firstByteMs.toFixed(0)} ms, ${mb(exported.result.bytes)}, peak RSS ${mb(exported.peak)}`);

  // The limit: the same rows straight into the database (validated, batches of 1,000 in
  // transactions) and the same keyset read with no spreadsheet written.
  const next = createVoterGenerator(13);
  const direct = await timed(async () => {
    for (let from = 0; from < DIRECT_ROWS; from += 1000) {
      const batch: VoterInput[] = [];
      for (let index = from; index < Math.min(from + 1000, DIRECT_ROWS); index += 1) {
        const voter = next(10_000_000 + index);
        batch.push(voterInputSchema.parse(Object.fromEntries(FIELDS.map((field) => [field, voter[field] === null ? '' : String(voter[field])]))));
      }
      await ctx.db.transaction().execute((trx) => insertVoters(trx, batch, { userId: 1 }));
    }
  });
  lines.push(`direct insert ${DIRECT_ROWS.toLocaleString('en-IN')} rows (schema + batched INSERTs): ${direct.seconds.toFixed(1)} s`);
  const read = await timed(async () => {
    let afterId = 0;
    let rows = 0;
    for (;;) {
      const page = await voterPageAfter(ctx.db, { filters: {}, scope: { kind: 'all' }, dialect: 'sqlite', afterId, limit: 2000 });
      if (page.length === 0) return rows;
      rows += page.length;
      afterId = page[page.length - 1]!.id;
    }
  });
  lines.push(`direct keyset read of ${read.result.toLocaleString('en-IN')} voters: ${read.seconds.toFixed(1)} s`);
  await app.close();
  clearInterval(sampler);
  console.log(lines.join('\n'));
  console.log(`peak RSS of the whole run (generator, client and server in one process): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  if (process.env.BENCH_KEEP !== 'true') rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
