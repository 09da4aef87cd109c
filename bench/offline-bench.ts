import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { SyncPage } from '@shared/sync/sync-schema';
import { voterOfSyncRow } from '@shared/sync/sync-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { buildApp } from '../server/src/app';
import type { AppConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { hashPassword } from '../server/src/features/auth/passwords';
import { insertUser } from '../server/src/features/users/users-repository';
import { insertVoters } from '../server/src/features/voters/voters-repository';
import { createVoterGenerator, voterInputOf } from './voter-generator';
import { printTable } from './print-table';
import { percentile } from './http-clients';

// npm run bench:offline (issue 21): a Karyakarta's phone copy of their booth.
// - First sync of OFFLINE_VOTERS voters (default 10,000; 5,000 more in another booth), page by
//   page as the app asks, with a browser's Accept-Encoding: the JSON's size, the bytes sent
//   (brotli quality 4) and what a gzip-only browser would get (level 6), and the time at 1.6 Mbps
//   with a 150 ms round trip per page: round trips + bytes at 1.6 Mbps + the server's own time.
// - A later sync after 50 edits, and one with nothing changed.
// - Search over the copy in Chromium with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate):
//   loading the copy from IndexedDB and building the index once, then each search (p50/p95/max).
const VOTERS = Number(process.env.OFFLINE_VOTERS ?? 10_000);
const OTHERS = Math.round(VOTERS / 2);
const SEARCHES = Number(process.env.OFFLINE_SEARCHES ?? 200);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BITS_PER_SECOND = 1_600_000;
const ROUND_TRIP_S = 0.15;
const KARYAKARTA = { username: 'bench.karyakarta', password: 'Bench-Karyakarta-2026' };

// What the page holds (bench/offline-search-entry.ts), typed for the evaluated functions.
interface BenchTable {
  bulkPut: (rows: unknown[]) => Promise<unknown>;
  toArray: () => Promise<unknown[]>;
}
interface BenchDb {
  version: (number: number) => { stores: (schema: Record<string, string>) => void };
  voters: BenchTable;
}
interface BenchGlobals {
  offlineBench: {
    Dexie: new (name: string) => BenchDb;
    withTerms: (voter: unknown) => unknown;
    entryOf: (voter: unknown) => unknown;
    newestFirst: (a: unknown, b: unknown) => number;
    searchEntries: (entries: unknown[], query: { search?: string; page: number; limit: number }) => { total: number };
  };
  benchDb: BenchDb;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface SyncRun {
  pages: number;
  rows: number;
  removed: number;
  raw: number;
  gzip: number;
  brotli: number;
  serverMs: number;
  cursor: string;
  voters: Voter[];
}

// One GET as a browser sends it (Accept-Encoding: gzip, deflate, br), the bytes as they came.
function getWire(url: string, headers: Record<string, string>, encoding: string): Promise<{ status: number; encoding: string | undefined; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], wire: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function syncRun(address: string, headers: Record<string, string>, cursor?: string): Promise<SyncRun> {
  const run: SyncRun = { pages: 0, rows: 0, removed: 0, raw: 0, gzip: 0, brotli: 0, serverMs: 0, cursor: cursor ?? '', voters: [] };
  for (;;) {
    const url = `${address}/api/sync/voters${run.cursor ? `?cursor=${run.cursor}` : ''}`;
    const started = performance.now();
    const sent = await getWire(url, headers, 'gzip, deflate, br');
    run.serverMs += performance.now() - started;
    const body = sent.encoding === 'br' ? brotliDecompressSync(sent.wire) : sent.encoding === 'gzip' ? gunzipSync(sent.wire) : sent.wire;
    if (sent.status !== 200) throw new Error(`sync: HTTP ${sent.status} ${body.toString()}`);
    run.pages += 1;
    run.raw += body.length;
    run.brotli += sent.wire.length;
    // What a browser that takes gzip only would receive (the server's gzip, level 6).
    run.gzip += gzipSync(body, { level: 6 }).length;
    const page = JSON.parse(body.toString()) as SyncPage;
    run.rows += page.rows.length;
    run.removed += page.removed.length;
    run.voters.push(...page.rows.map((row) => voterOfSyncRow(page.columns, row)));
    run.cursor = page.cursor;
    if (!page.more) return run;
  }
}

const seconds = (run: SyncRun, bytes: number) => run.pages * ROUND_TRIP_S + (bytes * 8) / BITS_PER_SECOND + run.serverMs / 1000;

async function main(): Promise<void> {
  console.log(`Offline benchmark: ${VOTERS.toLocaleString('en-IN')} voters in the Karyakarta's booth (+${OTHERS.toLocaleString('en-IN')} elsewhere), SQLite`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'offline-bench-'));
  const database = openDatabase({ dataDir });
  const config: AppConfig = {
    port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, jwtSecret: 'bench-secret-that-is-long-enough-0123456789', adminUsername: 'admin',
    adminPassword: 'Bench-Admin-2026', sessionTtlHours: 1, trustProxy: false, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web'),
  };
  const { app, ctx } = await buildApp({ config, database, logger: false });
  try {
    const next = createVoterGenerator(20261124);
    const inputs = Array.from({ length: VOTERS + OTHERS }, (_, index) => ({ ...voterInputOf(next(index)), booth: index < VOTERS ? 'Booth-01' : 'Booth-02' }));
    await insertVoters(ctx.db, ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    const karyakarta = await insertUser(ctx.db, { username: KARYAKARTA.username, passwordHash: await hashPassword(KARYAKARTA.password), full_name: 'Bench Karyakarta', role: 'Karyakarta', booth_access: ['Booth-01'] });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(KARYAKARTA) });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

    const first = await syncRun(address, headers);
    if (first.rows !== VOTERS) throw new Error(`first sync gave ${first.rows} voters, not ${VOTERS}`);
    const edited = first.voters.slice(0, 50);
    for (const [at, voter] of edited.entries()) {
      const response = await fetch(`${address}/api/voters/${voter.id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ mobile_number: `98${String(at).padStart(8, '0')}`, version: voter.version }),
      });
      if (!response.ok) throw new Error(`edit: HTTP ${response.status}`);
    }
    const later = await syncRun(address, headers, first.cursor);
    if (later.rows !== 50) throw new Error(`later sync gave ${later.rows} voters, not 50`);
    const quiet = await syncRun(address, headers, later.cursor);

    const syncRows = [first, later, quiet].map((run, at) => [
      ['first sync', 'after 50 edits', 'nothing changed'][at]!,
      String(run.pages),
      String(run.rows),
      kb(run.raw),
      kb(run.brotli),
      kb(run.gzip),
      run.serverMs.toFixed(0),
      seconds(run, run.brotli).toFixed(1),
      seconds(run, run.gzip).toFixed(1),
    ]);
    printTable(['sync (Karyakarta, 1 booth)', 'pages', 'voters', 'JSON', 'sent (brotli)', 'gzip-only browser', 'server ms', 's at 1.6 Mbps (brotli)', 's at 1.6 Mbps (gzip)'], syncRows);
    console.log(`Target: first sync under 2 MB and 20 s at 1.6 Mbps (150 ms round trip per page; user #${karyakarta.id}).`);

    // Search in Chromium, CPU 4x slower.
    const bundle = await build({
      entryPoints: [path.join(import.meta.dirname, 'offline-search-entry.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      minify: true,
      tsconfig: path.join(import.meta.dirname, '..', 'tsconfig.json'),
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      // The health answer gives an origin for IndexedDB; its CSP is set aside for the test script.
      const page = await (await browser.newContext({ bypassCSP: true })).newPage();
      await page.goto(`${address}/api/health`);
      await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
      await page.evaluate(async (voters) => {
        const globals = globalThis as unknown as BenchGlobals;
        const { Dexie, withTerms } = globals.offlineBench;
        const db = new Dexie('bench-offline');
        db.version(1).stores({ voters: 'id, booth' });
        // Stored as the app stores them: with their names' search terms (offline-voters.ts).
        await db.voters.bulkPut(voters.map(withTerms));
        globals.benchDb = db;
      }, first.voters);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const terms = ['rahul', 'राहुल', 'patil', 'पाटील', 'sunita jadhav', 'सुनीता', 'deshmukh', 'गायकवाड', 'ra', 'ganesh shinde', 'kamble', 'कांबळे', '98', 'ABC', 'pawar', 'vijay'];
      const result = await page.evaluate(
        async ({ terms, searches }) => {
          const globals = globalThis as unknown as BenchGlobals;
          const { entryOf, newestFirst, searchEntries } = globals.offlineBench;
          const db = globals.benchDb;
          const loads: number[] = [];
          let entries: unknown[] = [];
          for (let run = 0; run < 3; run += 1) {
            const started = performance.now();
            const voters = await db.voters.toArray();
            entries = voters.map(entryOf).sort(newestFirst);
            loads.push(performance.now() - started);
          }
          const times: number[] = [];
          let found = 0;
          for (let at = 0; at < searches; at += 1) {
            const started = performance.now();
            found += searchEntries(entries, { search: terms[at % terms.length], page: 1, limit: 25 }).total;
            times.push(performance.now() - started);
          }
          return { loads, times, found };
        },
        { terms, searches: SEARCHES },
      );
      const times = [...result.times].sort((a, b) => a - b);
      printTable(
        ['offline search, CPU x4', `${VOTERS.toLocaleString('en-IN')} voters`],
        [
          ['load copy from IndexedDB + build index (once, median of 3)', `${[...result.loads].sort((a, b) => a - b)[1]!.toFixed(0)} ms`],
          [`search p50 (${SEARCHES} searches, Latin/Devanagari/digits)`, `${percentile(times, 50).toFixed(1)} ms`],
          ['search p95', `${percentile(times, 95).toFixed(1)} ms`],
          ['search max', `${times.at(-1)!.toFixed(1)} ms`],
          ['matches per search (mean)', (result.found / SEARCHES).toFixed(0)],
        ],
      );
      console.log('Target: offline search under 100 ms on a 4x slowed CPU.');
    } finally {
      await browser.close();
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
