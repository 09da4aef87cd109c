import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Answer, freePort, percentile, send, waitUntilUp } from './http-clients';
import { BENCH_ADMIN, seedDatabase } from './seed-database';
import { serverNodeFlags } from './server-node-flags';

// npm run bench:load: LOAD_CLIENTS concurrent clients (default 200) for LOAD_SECONDS (default 60)
// against the real server, started as its own process on 127.0.0.1 over a copy of a seeded
// SQLite file of BENCH_VOTERS voters (default 1,000,000). The mix: list/search 70%, voter
// create/update 20%, analytics 10%. Prints throughput, p50/p95/p99 and errors per kind, then
// checks that the voter count equals the seeded count plus the creates that answered 2xx.
// LOAD_THINK_MS (default 0: each client sends its next request as soon as the last is answered,
// the saturation case) makes each client pause a random 0 to 2 × LOAD_THINK_MS between
// requests, as a person reading the screen does.
// Each client keeps one connection of its own (node:http, keep-alive), as a browser tab does,
// and opens it before the clock starts. (fetch's pool opened extra connections mid-run, which a
// saturated server accepts late: a few requests waited for the whole run, a client artefact.)
const TOTAL = Number(process.env.BENCH_VOTERS ?? 1_000_000);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 0);
const MAIN = path.resolve(import.meta.dirname, '../server/src/main.ts');

type Kind = 'list/search' | 'create' | 'update' | 'analytics';

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

// A deterministic random stream per client, so runs are comparable.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SEARCHES = ['sunita', 'rahul vitthal', 'सुनीता', 'priya ganesh', '98765', 'patil', 'गणेश'];
const ANALYTICS = ['dashboard', 'gender', 'age-groups', 'areas', 'caste', 'political-preference', 'caste-political-cross'];

async function main(): Promise<void> {
  const pacing = THINK_MS > 0 ? `, each pausing ${THINK_MS} ms on average between requests` : ', no pause between requests';
  console.log(`Load test: ${CLIENTS} clients for ${SECONDS} s on ${TOTAL.toLocaleString('en-IN')} voters (SQLite)${pacing}`);
  const seeded = await seedDatabase(TOTAL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-load-'));
  copyFileSync(seeded, path.join(dataDir, 'voters.sqlite'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(base);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    if (!login.ok) throw new Error(`sign-in failed: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const before = ((await (await fetch(`${base}/api/voters?limit=1`, { headers: auth })).json()) as { total: number }).total;

    const samples: Sample[] = [];
    const errors = new Map<string, number>();
    let createdOk = 0;
    const runId = Date.now().toString(36).toUpperCase();
    // One connection per client, opened (and the server's accept queue emptied) before the clock starts.
    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    await Promise.all(agents.map((agent) => send(agent, `${base}/api/health`)));
    let stopAt = Number.POSITIVE_INFINITY;

    const client = async (clientIndex: number, agent: http.Agent) => {
      const next = random(clientIndex + 1);
      let counter = 0;
      while (performance.now() < stopAt) {
        if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, next() * 2 * THINK_MS));
        const roll = next();
        let kind: Kind;
        let request: () => Promise<Answer>;
        if (roll < 0.7) {
          kind = 'list/search';
          const pick = next();
          const query =
            pick < 0.4
              ? `search=${encodeURIComponent(SEARCHES[Math.floor(next() * SEARCHES.length)] ?? 'a')}`
              : pick < 0.7
                ? `booth=Booth-${String(1 + Math.floor(next() * 396)).padStart(2, '0')}&gender=Female`
                : `page=${1 + Math.floor(next() * 50)}`;
          request = () => send(agent, `${base}/api/voters?${query}`, { headers: auth });
        } else if (roll < 0.8) {
          kind = 'create';
          counter += 1;
          const body = { voter_no: `L-${clientIndex}-${counter}`, full_name: `Load Voter ${clientIndex} ${counter}`, voter_id: `LD${runId}${clientIndex}X${counter}`, booth: 'Booth-07', gender: 'Female', age: 30 };
          request = () => send(agent, `${base}/api/voters`, { method: 'POST', headers: json, body: JSON.stringify(body) });
        } else if (roll < 0.9) {
          kind = 'update';
          const id = 1 + Math.floor(next() * Math.max(1, before));
          request = () =>
            send(agent, `${base}/api/voters/${id}`, { method: 'PUT', headers: json, body: JSON.stringify({ mobile_number: `98${String(Math.floor(next() * 1e8)).padStart(8, '0')}` }) });
        } else {
          kind = 'analytics';
          request = () => send(agent, `${base}/api/analytics/${ANALYTICS[Math.floor(next() * ANALYTICS.length)]}`, { headers: auth });
        }
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
    const started = performance.now();
    stopAt = started + SECONDS * 1000;
    await Promise.all(agents.map((agent, index) => client(index, agent)));
    const elapsed = (performance.now() - started) / 1000;
    for (const agent of agents) agent.destroy();

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
    const expected = before + createdOk;
    console.log(`\nVoters: ${before.toLocaleString('en-IN')} before + ${createdOk} creates answered 2xx = ${expected.toLocaleString('en-IN')} expected; ${after.toLocaleString('en-IN')} found — ${after === expected ? 'OK, nothing lost or doubled' : 'MISMATCH'}`);
    if (after !== expected || errors.size > 0) process.exitCode = 1;
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
