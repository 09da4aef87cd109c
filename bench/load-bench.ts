import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Answer, type Connection, freePort, openConnection, percentile, waitUntilUp } from './http-clients';
import { type Kind, nextRequest, random } from './load-mix';
import { benchAdminAuth, seedDatabase } from './seed-database';
import { serverCpuMs } from './process-cpu';
import { serverNodeFlags } from './server-node-flags';

// npm run bench:load: LOAD_CLIENTS concurrent clients (default 200) for LOAD_SECONDS (default 60)
// against the real server, started as its own process on 127.0.0.1 over a copy of a seeded
// SQLite file of BENCH_VOTERS voters (default 1,000,000). The mix: list/search 70%, voter
// create/update 20%, analytics 10%. Prints throughput, p50/p95/p99 and errors per kind, then
// checks that the voter count equals the seeded count plus the creates that answered 2xx.
// LOAD_PROCESSES (default "1,<cores>") runs the whole test once per server process count
// (APP_WORKERS, issue 23), each on a fresh copy of the file, and prints them side by side; repeat
// counts (1,2,1,2) to interleave runs on a noisy machine.
// LOAD_THINK_MS (default 0: each client sends its next request as soon as the last is answered,
// the saturation case) makes each client pause a random 0 to 2 × LOAD_THINK_MS between
// requests, as a person reading the screen does.
// Each client keeps one connection of its own (keep-alive, through undici: the client shares the
// cores with the server, so it must cost little), as a browser tab does, and opens it before the
// clock starts. (fetch's pool opened extra connections mid-run, which a saturated server accepts
// late: a few requests waited for the whole run, a client artefact.) The table gives the CPU the
// server and this client used, in cores.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 1_000_000);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 0);
// The clients' thread runs at this nice value during the run (default 19, the lowest priority):
// on this machine the load generator shares the cores with the server it measures, and at the
// same priority it took 0.16 of a core at 600 requests a second, much of it waking for a few
// answers at a time; at 19 it takes what the server leaves, reads more answers a wake-up, and
// still keeps all clients' requests in flight (the server stays saturated: its CPU column).
// LOAD_CLIENT_NICE=0 measures as before. The server is started before, at normal priority.
const CLIENT_NICE = Number(process.env.LOAD_CLIENT_NICE ?? 19);

// Lowering one's priority is always allowed; raising it back (for the next run's server, started
// from this thread) needs root. Without it the clients stay at normal priority, and say so.
function clientNice(): number {
  if (CLIENT_NICE === 0) return 0;
  try {
    os.setPriority(1);
    os.setPriority(0);
    return CLIENT_NICE;
  } catch {
    console.log('The clients run at normal priority: raising a priority back needs root (LOAD_CLIENT_NICE=0 to silence this).');
    return 0;
  }
}
const MAIN = path.resolve(import.meta.dirname, '../server/src/main.ts');
const PROCESSES = (process.env.LOAD_PROCESSES ?? `1,${os.availableParallelism()}`).split(",").map((value) => Number(value.trim()));
if (PROCESSES.some((count) => !Number.isInteger(count) || count < 1)) throw new Error('LOAD_PROCESSES must list positive whole numbers, e.g. 1,2');

interface RunResult {
  processes: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  countsExact: boolean;
  load: string;
  // CPU used during the run, in cores (CPU seconds per second): the server's whole process tree,
  // and this client, which shares the machine's cores with it.
  serverCores: number | null;
  clientCores: number;
}

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const pacing = THINK_MS > 0 ? `, each pausing ${THINK_MS} ms on average between requests` : ', no pause between requests';
  console.log(`Load test: ${CLIENTS} clients for ${SECONDS} s on ${TOTAL.toLocaleString('en-IN')} voters (SQLite)${pacing}; server processes: ${PROCESSES.join(', ')}`);
  const seeded = await seedDatabase(TOTAL);
  const nice = clientNice();
  console.log(`The clients run at nice ${nice} during each run.`);
  const results: RunResult[] = [];
  for (const processes of PROCESSES) {
    const result = await runWith(seeded, processes, nice);
    if (result) results.push(result);
  }
  if (results.length < 2) return;
  const base = results[0]!;
  const header = ['processes', 'requests', 'req/s', 'vs first', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'counts', 'server CPU cores', 'client CPU cores', 'load average (1, 5, 15 min) at start'];
  const rows = results.map((result) => [
    String(result.processes),
    String(result.requests),
    result.perSecond.toFixed(1),
    `${(result.perSecond / base.perSecond).toFixed(2)}×`,
    result.p50.toFixed(1),
    result.p95.toFixed(1),
    result.p99.toFixed(1),
    String(result.errors),
    result.countsExact ? 'exact' : 'MISMATCH',
    result.serverCores === null ? '-' : result.serverCores.toFixed(2),
    result.clientCores.toFixed(2),
    result.load,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === header.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(`\nAll requests, by number of server processes:\n${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
}

async function runWith(seeded: string, processes: number, nice: number): Promise<RunResult | undefined> {
  const load = loadAverage();
  console.log(`\n${processes} server process${processes === 1 ? '' : 'es'} (APP_WORKERS=${processes}); load average at start ${load}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-load-'));
  copyFileSync(seeded, path.join(dataDir, 'voters.sqlite'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DATABASE_URL: '', APP_WORKERS: String(processes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // "running at" comes once every process listens (the primary waits for all of them), so the
  // clients' connections are shared among all of them.
  const running = new Promise<void>((resolve) => {
    let seen = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-500);
      if (seen.includes('is running at')) resolve();
    });
  });
  try {
    await running;
    await waitUntilUp(base);
    const auth = await benchAdminAuth(base);
    const json = { ...auth, 'content-type': 'application/json' };
    const before = ((await (await fetch(`${base}/api/voters?limit=1`, { headers: auth })).json()) as { total: number }).total;

    const samples: Sample[] = [];
    const errors = new Map<string, number>();
    let createdOk = 0;
    const runId = Date.now().toString(36).toUpperCase();
    // One connection per client, opened (and the server's accept queue emptied) before the clock starts.
    const connections = Array.from({ length: CLIENTS }, () => openConnection(base));
    await Promise.all(connections.map((connection) => connection.send('/api/health')));
    let stopAt = Number.POSITIVE_INFINITY;

    const client = async (clientIndex: number, connection: Connection) => {
      const mix = { next: random(clientIndex + 1), clientIndex, counter: 0, runId, updateId: () => 1 + Math.floor(mix.next() * Math.max(1, before)) };
      while (performance.now() < stopAt) {
        if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, mix.next() * 2 * THINK_MS));
        const { kind, method, path: url, body } = nextRequest(mix);
        const request = (): Promise<Answer> =>
          body === undefined ? connection.send(url, { method, headers: auth }) : connection.send(url, { method, headers: json, body: JSON.stringify(body) });
        const started = performance.now();
        let ok = false;
        try {
          const response = await request();
          // An update may land on a seeded id that does not exist; a 404 there is an answer, not an error.
          ok = response.ok || (kind === 'update' && response.status === 404);
          if (!ok) errors.set(`${kind} HTTP ${response.status}`, (errors.get(`${kind} HTTP ${response.status}`) ?? 0) + 1);
          if (kind === 'create' && response.ok) createdOk += 1;
        } catch (error) {
          errors.set(`${kind} ${(error as Error).message}`, (errors.get(`${kind} ${(error as Error).message}`) ?? 0) + 1);
        }
        samples.push({ kind, ms: performance.now() - started, ok });
      }
    };
    os.setPriority(nice);
    const serverCpuBefore = serverCpuMs(server.pid);
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    stopAt = started + SECONDS * 1000;
    await Promise.all(connections.map((connection, index) => client(index, connection)));
    const elapsed = (performance.now() - started) / 1000;
    const serverCpuAfter = serverCpuMs(server.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCores = serverCpuBefore === null || serverCpuAfter === null ? null : (serverCpuAfter - serverCpuBefore) / 1000 / elapsed;
    const clientCores = (clientCpu.user + clientCpu.system) / 1e6 / elapsed;
    os.setPriority(0);
    await Promise.all(connections.map((connection) => connection.close()));

    const after = ((await (await fetch(`${base}/api/voters?limit=1`, { headers: auth })).json()) as { total: number }).total;

    const kinds: (Kind | 'all')[] = ['list/search', 'create', 'update', 'analytics', 'all'];
    const header = ['kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
    const rows = kinds.map((kind) => {
      const mine = samples.filter((sample) => kind === 'all' || sample.kind === kind);
      const times = mine.map((sample) => sample.ms).sort((a, b) => a - b);
      return [kind, String(mine.length), (mine.length / elapsed).toFixed(1), percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1), percentile(times, 99).toFixed(1), String(mine.filter((sample) => !sample.ok).length)];
    });
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
    console.log(`\n${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
    for (const [error, count] of errors) console.log(`  error: ${error} × ${count}`);
    console.log(`CPU during the run, in cores: server ${serverCores === null ? 'unknown' : serverCores.toFixed(2)}, this client ${clientCores.toFixed(2)} (${((clientCores * 1e6) / Math.max(1, samples.length / elapsed)).toFixed(0)} µs per request)`);
    const expected = before + createdOk;
    console.log(`\nVoters: ${before.toLocaleString('en-IN')} before + ${createdOk} creates answered 2xx = ${expected.toLocaleString('en-IN')} expected; ${after.toLocaleString('en-IN')} found — ${after === expected ? 'OK, nothing lost or doubled' : 'MISMATCH'}`);
    if (after !== expected || errors.size > 0) process.exitCode = 1;
    const all = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      processes,
      requests: samples.length,
      perSecond: samples.length / elapsed,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      p99: percentile(all, 99),
      errors: samples.filter((sample) => !sample.ok).length,
      countsExact: after === expected,
      load,
      serverCores,
      clientCores,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
