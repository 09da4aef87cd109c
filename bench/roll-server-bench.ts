import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { requireRollSamples, ROLL_SAMPLES } from '../server/src/features/rolls/reader/roll-samples';
import { mb, memorySampler, startServer, upload } from './bench-server';
import { percentile } from './http-clients';
import { printTable } from './print-table';
import { repeatedRollPage, scannedRollPage } from './repeated-roll-page';
import { benchAdminAuth, BENCH_DATA_DIR, seedDatabase } from './seed-database';

// `npm run bench:roll-server`: a real roll read by the real server, as an office uploads it: the
// English sample part (36 pages, ../shared/rolls or ROLLS_DIR) into a copy of the seeded SQLite
// file of BENCH_VOTERS voters (default 300,000), the server started as `npm start` starts it
// (APP_WORKERS as set, default one process per core). It prints the reading's speed, the
// server's peak memory (the process reading the roll, and all its processes together), and the
// p50/p95 of another user's voter list page asked every 50 ms meanwhile. The import is then
// cancelled, so nothing is committed. ROLL_SERVER_SAMPLE=marathi or hindi reads that one-page
// sample instead, as a roll of ROLL_BENCH_REPEAT copies of its page (default 20);
// marathi-scanned the Marathi ward list printed and scanned (repeated-roll-page.ts), so copied.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 300_000);
const REQUESTED = process.env.ROLL_SERVER_SAMPLE ?? 'english';
const SCANNED = REQUESTED === 'marathi-scanned';
const SAMPLE_NAME = (SCANNED ? 'marathi' : REQUESTED) as keyof typeof ROLL_SAMPLES;
if (!(SAMPLE_NAME in ROLL_SAMPLES)) throw new Error(`ROLL_SERVER_SAMPLE: one of ${Object.keys(ROLL_SAMPLES).join(', ')}, marathi-scanned`);
const SAMPLE_FILE = path.join(requireRollSamples(), ROLL_SAMPLES[SAMPLE_NAME]);
const PAGE_FILE = SCANNED ? await scannedRollPage(SAMPLE_FILE) : SAMPLE_FILE;
const SAMPLE = SAMPLE_NAME === 'english' ? SAMPLE_FILE : await repeatedRollPage(PAGE_FILE, Number(process.env.ROLL_BENCH_REPEAT ?? 20));

interface ImportState {
  id: number;
  state: string;
  pages_done: number;
  page_count: number | null;
  voters_found: number;
  error: string | null;
}

async function main(): Promise<void> {
  const seeded = await seedDatabase(TOTAL);
  const dataDir = path.join(BENCH_DATA_DIR, 'roll-server');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(seeded, path.join(dataDir, 'voters.sqlite'));
  if (existsSync(`${seeded}-wal`)) copyFileSync(`${seeded}-wal`, path.join(dataDir, 'voters.sqlite-wal'));

  const port = 3400 + Math.floor(Math.random() * 500);
  const address = `http://127.0.0.1:${port}`;
  const server = await startServer({ port, dataDir, env: { LOG_LEVEL: 'error' } });
  const memory = memorySampler(server.pid as number);
  const headers = await benchAdminAuth(address);
  const token = headers.authorization.replace('Bearer ', '');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = memory.peaks();

  // Another user's voter list, every 50 ms while the roll is read.
  const times: number[] = [];
  let running = true;
  const lister = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${address}/api/voters?page=7`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`voter list: HTTP ${response.status}`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const started = performance.now();
  const uploaded = await upload(address, token, SAMPLE, path.basename(SAMPLE), {}, '/api/rolls/imports');
  if (uploaded.status !== 202) throw new Error(`upload: HTTP ${uploaded.status} ${uploaded.body}`);
  const { imports } = JSON.parse(uploaded.body) as { imports: ImportState[] };
  const id = (imports[0] as ImportState).id;
  let state: ImportState;
  for (;;) {
    state = (await (await fetch(`${address}/api/rolls/imports/${id}`, { headers })).json()) as ImportState;
    if (state.state !== 'queued' && state.state !== 'reading') break;
    process.stderr.write(`\r  ${state.pages_done}/${state.page_count ?? '?'} pages, ${state.voters_found} voters`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write('\n');
  running = false;
  await lister;
  const reading = memory.peaks();
  if (state.state !== 'review') throw new Error(`the import ended in ${state.state}: ${state.error}`);
  await fetch(`${address}/api/rolls/imports/${id}/cancel`, { method: 'POST', headers });
  memory.stop();
  server.kill('SIGTERM');
  await once(server, 'exit');

  times.sort((a, b) => a - b);
  const processes = process.env.APP_WORKERS || String(os.availableParallelism());
  console.log(`\nRoll reading through the server: ${path.basename(SAMPLE)} into ${TOTAL.toLocaleString('en-IN')} voters on SQLite, ${processes} server process(es) on ${os.availableParallelism()} cores`);
  printTable(
    ['pages', 'voters', 'time', 's/page', 'reading process peak (private)', 'whole server peak (private / with mapped file)', 'whole server idle before', 'voter list p50 / p95 meanwhile (n)'],
    [[String(state.pages_done), String(state.voters_found), `${seconds.toFixed(1)} s`, (seconds / Math.max(1, state.pages_done)).toFixed(2), mb(reading.largest), `${mb(reading.anon)} / ${mb(reading.all)}`, mb(idle.anon), `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} ms (${times.length})`]],
  );
  console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} at the end; Node ${process.version}`);
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
