import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeHeavyDrawingPdf, writeHugeImagePdf, writeHugePagePdf, writeManyPagesPdf } from '../server/src/features/rolls/reader/hostile-pdf.test-helper';
import { mb, memorySampler, signInAdmin, startServer, upload } from './bench-server';
import { printTable } from './print-table';
import { BENCH_DATA_DIR } from './seed-database';

// `npm run bench:roll-hostile` (issue 54): the roll PDFs an attacker could send, uploaded to the
// real server as `npm start` runs it (APP_WORKERS as set, default one process per core) over an
// empty database. For each: how it ended and how long that took, the whole server's peak private
// memory meanwhile (every process: primary, workers, roll readers), and its memory 30 s after,
// beside its memory idle before. Then a cancel: the page of drawing commands cancelled after 2 s
// of reading through a new connection (node:cluster hands it to the next process), and how long
// until no reader process is left. Targets: each file ended within 20 s, the server under
// 1.5 GB meanwhile, back within 600 MB of idle 30 s later, a cancel idle within 10 s.
const SETTLE_SECONDS = Number(process.env.HOSTILE_SETTLE_SECONDS ?? 30);
const ONLY = process.env.HOSTILE_FILES?.split(',');

interface ImportState {
  id: number;
  state: string;
  pages_done: number;
  error: string | null;
}

const FILES: { name: string; what: string; write: (file: string) => Promise<void> }[] = [
  { name: 'page-5000.pdf', what: 'one page of 5,000 × 5,000 points', write: (file) => writeHugePagePdf(file, 5000) },
  { name: 'page-7000.pdf', what: 'one page of 7,000 × 7,000 points', write: (file) => writeHugePagePdf(file, 7000) },
  { name: 'image-12000.pdf', what: 'an A4 page drawing a 12,000 × 12,000 image', write: (file) => writeHugeImagePdf(file, 12000) },
  { name: 'pages-3000.pdf', what: '3,000 blank pages', write: (file) => writeManyPagesPdf(file, 3000) },
  { name: 'drawing-300mb.pdf', what: 'a page of 300 MB of drawing commands', write: (file) => writeHeavyDrawingPdf(file, 300) },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isReader = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('roll-page-worker');
  } catch {
    return false;
  }
};

// A request on a connection of its own: node:cluster gives each new connection to the next
// server process, so a cancel goes to another process than the upload's when there are several.
function postOnNewConnection(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-length': 0 } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

async function main(): Promise<void> {
  const dataDir = path.join(BENCH_DATA_DIR, 'roll-hostile');
  const filesDir = path.join(BENCH_DATA_DIR, 'roll-hostile-files');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(filesDir, { recursive: true });
  const chosen = FILES.filter((file) => !ONLY || ONLY.includes(file.name));
  for (const file of chosen) await file.write(path.join(filesDir, file.name));

  const port = 3400 + Math.floor(Math.random() * 500);
  const address = `http://127.0.0.1:${port}`;
  const server = await startServer({ port, dataDir, env: { LOG_LEVEL: 'error' } });
  const memory = memorySampler(server.pid as number);
  const token = await signInAdmin(address);
  const headers = { authorization: `Bearer ${token}` };
  await sleep(3000);
  const idle = memory.current();
  const readersNow = () => memory.processes().filter(isReader);
  const stateOf = async (id: number) => (await (await fetch(`${address}/api/rolls/imports/${id}`, { headers })).json()) as ImportState;

  const rows: string[][] = [];
  for (const file of chosen) {
    const filePath = path.join(filesDir, file.name);
    memory.peaks();
    const started = performance.now();
    const uploaded = await upload(address, token, filePath, file.name, {}, '/api/rolls/imports');
    if (uploaded.status !== 202) throw new Error(`upload of ${file.name}: HTTP ${uploaded.status} ${uploaded.body}`);
    const id = (JSON.parse(uploaded.body) as { imports: ImportState[] }).imports[0]!.id;
    let state = await stateOf(id);
    while (state.state === 'queued' || state.state === 'reading') {
      await sleep(100);
      state = await stateOf(id);
    }
    const seconds = (performance.now() - started) / 1000;
    // The reader's process ends with the import; wait for it to be gone before measuring.
    while (readersNow().length > 0 && performance.now() - started < 60_000) await sleep(100);
    const peak = memory.peaks().anon;
    await sleep(SETTLE_SECONDS * 1000);
    const after = memory.current();
    rows.push([file.what, `${(statSync(filePath).size / 1024).toFixed(0)} KB`, state.state, `${seconds.toFixed(1)} s`, mb(peak), mb(after), `${mb(Math.max(0, after - idle))}`, state.error ?? '']);
    process.stderr.write(`${file.name}: ${state.state} in ${seconds.toFixed(1)} s\n`);
  }

  // The cancel: the drawing page read for 2 s, then cancelled through a new connection.
  let cancelRow: string[] | null = null;
  if (!ONLY || ONLY.includes('cancel')) {
    const filePath = path.join(filesDir, 'drawing-300mb.pdf');
    if (!chosen.some((file) => file.name === 'drawing-300mb.pdf')) await writeHeavyDrawingPdf(filePath, 300);
    memory.peaks();
    const uploaded = await upload(address, token, filePath, 'drawing-300mb.pdf', {}, '/api/rolls/imports');
    const id = (JSON.parse(uploaded.body) as { imports: ImportState[] }).imports[0]!.id;
    while (readersNow().length === 0) await sleep(50);
    await sleep(2000);
    const readersAtCancel = readersNow().length;
    const cancelledAt = performance.now();
    const status = await postOnNewConnection(`${address}/api/rolls/imports/${id}/cancel`, token);
    while (readersNow().length > 0 && performance.now() - cancelledAt < 60_000) await sleep(50);
    const seconds = (performance.now() - cancelledAt) / 1000;
    const peak = memory.peaks().anon;
    await sleep(SETTLE_SECONDS * 1000);
    cancelRow = [`cancel answered ${status}`, String(readersAtCancel), `${seconds.toFixed(1)} s`, mb(peak), mb(memory.current()), (await stateOf(id)).state];
  }

  memory.stop();
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });

  const processes = process.env.APP_WORKERS || String(os.availableParallelism());
  console.log(`\nHostile roll PDFs through the server: ${processes} server process(es) on ${os.availableParallelism()} cores, whole server idle ${mb(idle)} (private)`);
  printTable(['file', 'size', 'ended', 'time to end', 'whole server peak', `${SETTLE_SECONDS} s after`, 'above idle', 'message'], rows);
  if (cancelRow) {
    console.log('\nA page of 300 MB of drawing commands cancelled after 2 s of reading, through a new connection:');
    printTable(['cancel', 'readers at cancel', 'until no reader is left', 'whole server peak', `${SETTLE_SECONDS} s after`, 'import'], [cancelRow]);
  }
  console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} at the end; Node ${process.version}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
