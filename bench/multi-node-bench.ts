import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type Answer, freePort, percentile, send, waitUntilUp } from './http-clients';
import { type Kind, nextRequest, random } from './load-mix';
import { loadPostgresVoters } from './postgres-bulk-load';
import { benchAdminAuth } from './seed-database';
import { serverNodeFlags } from './server-node-flags';

// npm run bench:multi-node (issue 23, decision 043; docs/deployment.md): the tested deployment on
// this machine. A fresh PostgreSQL database of MULTI_NODE_VOTERS voters (default 100,000, COPY),
// a Redis of its own, MULTI_NODE_NODES app nodes (default 2; each the real server with its own
// PORT and DATA_DIR, APP_WORKERS=MULTI_NODE_WORKERS, default 1, and one shared DATABASE_URL,
// REDIS_URL and JWT_SECRET) and nginx from deploy/nginx.conf in front. LOAD_CLIENTS clients
// (default 100) run the load benchmark's mix (bench/load-mix.ts) through nginx for LOAD_SECONDS
// (default 40); at MULTI_NODE_KILL_AT seconds (default a third of the run) the last node is
// killed with SIGKILL, process group and all. Then, straight from PostgreSQL:
//   - every create that answered 2xx is in the voters table (no acknowledged write lost);
//   - each voter's mobile number is the last update that answered 2xx, or one sent after it whose
//     answer was lost with the node (each client updates voters of its own, one at a time);
//   - the voter count the app keeps equals count(*), and equals the seeded voters plus the
//     creates found.
// A write in flight on the killed node may fail (the client sees 502); it must not be answered
// 2xx and lost. Reads and PUTs are retried by nginx on the other node.
// Needs PostgreSQL on BENCH_POSTGRES_URL's server (default postgres://postgres@127.0.0.1:5432),
// redis-server and nginx (Debian: apt-get install -y redis-server nginx).

const TOTAL = Number(process.env.MULTI_NODE_VOTERS ?? 100_000);
const NODES = Number(process.env.MULTI_NODE_NODES ?? 2);
const WORKERS = Number(process.env.MULTI_NODE_WORKERS ?? 1);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 40);
const KILL_AT = Number(process.env.MULTI_NODE_KILL_AT ?? Math.round(SECONDS / 3));
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';
const MAIN = path.resolve(import.meta.dirname, '../server/src/main.ts');
const NGINX_TEMPLATE = path.resolve(import.meta.dirname, '../deploy/nginx.conf');
const DATABASE_NAME = 'vms_multi_node';
if (NODES < 2) throw new Error('MULTI_NODE_NODES must be 2 or more: one of them is killed');

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

interface Sample {
  kind: Kind;
  at: number;
  ms: number;
  ok: boolean;
  // The app's own back-pressure answer (503 with Retry-After: database busy), not the proxy's.
  busy: boolean;
}

// What one client's updates left: the last value answered 2xx, and the values sent after it
// whose answers never came (they may or may not have been saved).
interface UpdateTrail {
  acknowledged: string | null;
  unanswered: string[];
}

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(DATABASE_NAME);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

// Its own process group, so that killing the node kills its workers too, as a crashed machine would.
function startNode(index: number, env: Record<string, string>): { child: ChildProcess; port: number; dataDir: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `vms-node-${index}-`));
  const port = Number(env.PORT);
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return { child, port, dataDir };
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  console.log(
    `Multi-node test: ${NODES} nodes × ${WORKERS} process${WORKERS === 1 ? '' : 'es'} behind nginx, PostgreSQL (${TOTAL.toLocaleString('en-IN')} voters) and Redis; ` +
      `${CLIENTS} clients for ${SECONDS} s, node ${NODES} killed (SIGKILL) at ${KILL_AT} s`,
  );
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'vms-multi-node-'));
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  try {
    // 1. PostgreSQL: a fresh database, migrated and loaded with COPY.
    let phase = performance.now();
    const dbUrl = await freshDatabase();
    await loadPostgresVoters(dbUrl, TOTAL);
    console.log(`  database ready in ${((performance.now() - phase) / 1000).toFixed(1)} s`);

    // 2. Redis, in memory only.
    const redisPort = await freePort();
    const redis = spawn(REDIS_SERVER, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    children.push(redis);
    const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
    await waitForRedis(redisUrl);

    // 3. The nodes, one after the other (the first runs the migrations, if any are pending).
    phase = performance.now();
    const jwtSecret = randomBytes(48).toString('base64url');
    const nodes: { child: ChildProcess; port: number }[] = [];
    for (let index = 1; index <= NODES; index += 1) {
      const port = await freePort();
      const node = startNode(index, {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl,
        APP_WORKERS: String(WORKERS),
        JWT_SECRET: jwtSecret,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'error',
        SMS_GATEWAY: 'log',
      });
      children.push(node.child);
      dataDirs.push(node.dataDir);
      await waitUntilUp(`http://127.0.0.1:${port}`);
      nodes.push(node);
    }
    console.log(`  ${NODES} nodes up in ${((performance.now() - phase) / 1000).toFixed(1)} s`);

    // 4. nginx, from the repository's own configuration.
    const proxyPort = await freePort();
    mkdirSync(path.join(runDir, 'nginx'), { recursive: true });
    const conf = readFileSync(NGINX_TEMPLATE, 'utf8')
      .replaceAll('{{RUN_DIR}}', path.join(runDir, 'nginx'))
      .replaceAll('{{LISTEN}}', `127.0.0.1:${proxyPort}`)
      .replaceAll('{{UPSTREAM_SERVERS}}', nodes.map((node) => `    server 127.0.0.1:${node.port} max_fails=3 fail_timeout=5s;`).join('\n'));
    const confFile = path.join(runDir, 'nginx', 'nginx.conf');
    writeFileSync(confFile, conf);
    const nginx = spawn(NGINX, ['-p', path.join(runDir, 'nginx'), '-c', confFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(nginx);
    const base = `http://127.0.0.1:${proxyPort}`;
    await waitUntilUp(base, 60);

    // 5. The mix through nginx.
    const auth = await benchAdminAuth(base);
    const json = { ...auth, 'content-type': 'application/json' };
    const before = ((await (await fetch(`${base}/api/voters?limit=1`, { headers: auth })).json()) as { total: number }).total;

    const samples: Sample[] = [];
    const errors = new Map<string, number>();
    const acknowledgedCreates: string[] = [];
    const trails = new Map<number, UpdateTrail>();
    const runId = `MN${Date.now().toString(36).toUpperCase()}`;
    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    await Promise.all(agents.map((agent) => send(agent, `${base}/api/health`)));
    const load = loadAverage();
    let stopAt = Number.POSITIVE_INFINITY;
    let killedAt = Number.NaN;
    const started = performance.now();

    const client = async (clientIndex: number, agent: http.Agent) => {
      // Each client updates voters of its own (id ≡ clientIndex mod CLIENTS), one at a time, so
      // the last acknowledged value of each is known.
      const mix = {
        next: random(clientIndex + 1),
        clientIndex,
        counter: 0,
        runId,
        updateId: () => 1 + clientIndex + CLIENTS * Math.floor(mix.next() * Math.max(1, Math.floor(before / CLIENTS))),
      };
      while (performance.now() < stopAt) {
        const { kind, method, path: url, body } = nextRequest(mix);
        const at = performance.now();
        let ok = false;
        let answered = false;
        let busy = false;
        try {
          const response: Answer =
            body === undefined ? await send(agent, `${base}${url}`, { method, headers: auth }) : await send(agent, `${base}${url}`, { method, headers: json, body: JSON.stringify(body) });
          answered = response.ok;
          ok = response.ok || (kind === 'update' && response.status === 404);
          busy = response.status === 503;
          if (!ok) errors.set(`${kind} HTTP ${response.status}`, (errors.get(`${kind} HTTP ${response.status}`) ?? 0) + 1);
        } catch (error) {
          errors.set(`${kind} ${(error as Error).message}`, (errors.get(`${kind} ${(error as Error).message}`) ?? 0) + 1);
        }
        if (kind === 'create' && answered) acknowledgedCreates.push(String(body?.voter_id));
        if (kind === 'update') {
          const id = Number(url.split('/').pop());
          const trail = trails.get(id) ?? { acknowledged: null, unanswered: [] };
          const value = String(body?.mobile_number);
          if (answered) trails.set(id, { acknowledged: value, unanswered: [] });
          else if (!ok) trails.set(id, { acknowledged: trail.acknowledged, unanswered: [...trail.unanswered, value] });
        }
        samples.push({ kind, at: (at - started) / 1000, ms: performance.now() - at, ok, busy });
      }
    };
    stopAt = started + SECONDS * 1000;
    const victim = nodes[nodes.length - 1]!;
    const killer = setTimeout(() => {
      killedAt = (performance.now() - started) / 1000;
      if (victim.child.pid) process.kill(-victim.child.pid, 'SIGKILL');
    }, KILL_AT * 1000);
    await Promise.all(agents.map((agent, index) => client(index, agent)));
    clearTimeout(killer);
    const elapsed = (performance.now() - started) / 1000;
    for (const agent of agents) agent.destroy();

    // 6. The checks, straight from PostgreSQL.
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    let lostCreates: string[];
    let createsFound: number;
    let lostUpdates = 0;
    let updatesChecked = 0;
    let counted: number;
    try {
      const found = await check.query<{ voter_id: string }>('SELECT voter_id FROM voters WHERE voter_id LIKE $1', [`LD${runId}%`]);
      const saved = new Set(found.rows.map((row) => row.voter_id));
      createsFound = saved.size;
      lostCreates = acknowledgedCreates.filter((voterId) => !saved.has(voterId));
      const ids = [...trails.keys()];
      const mobiles = new Map<number, string | null>();
      for (let from = 0; from < ids.length; from += 5000) {
        const rows = await check.query<{ id: number; mobile_number: string | null }>('SELECT id, mobile_number FROM voters WHERE id = ANY($1::int[])', [ids.slice(from, from + 5000)]);
        for (const row of rows.rows) mobiles.set(Number(row.id), row.mobile_number);
      }
      for (const [id, trail] of trails) {
        if (trail.acknowledged === null || !mobiles.has(id)) continue;
        updatesChecked += 1;
        const now = mobiles.get(id) ?? null;
        if (now !== trail.acknowledged && !trail.unanswered.includes(now ?? '')) lostUpdates += 1;
      }
      counted = Number((await check.query<{ n: string }>('SELECT count(*) AS n FROM voters')).rows[0]?.n);
    } finally {
      await check.end();
    }
    const kept = ((await (await fetch(`${base}/api/voters?limit=1`, { headers: auth })).json()) as { total: number }).total;

    // 7. The tables.
    const phases: { name: string; from: number; to: number }[] = [
      { name: `before the kill (0–${killedAt.toFixed(1)} s)`, from: 0, to: killedAt },
      { name: `kill + 5 s`, from: killedAt, to: killedAt + 5 },
      { name: `after (${(killedAt + 5).toFixed(1)} s–end)`, from: killedAt + 5, to: Number.POSITIVE_INFINITY },
      { name: 'whole run', from: 0, to: Number.POSITIVE_INFINITY },
    ];
    const header = ['part of the run', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed', 'failed writes'];
    const rows = phases.map((part) => {
      const mine = samples.filter((sample) => sample.at >= part.from && sample.at < part.to);
      const seconds = Math.max(0.001, Math.min(part.to, elapsed) - part.from);
      const times = mine.map((sample) => sample.ms).sort((a, b) => a - b);
      const failed = mine.filter((sample) => !sample.ok);
      return [
        part.name,
        String(mine.length),
        (mine.length / seconds).toFixed(1),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        percentile(times, 99).toFixed(1),
        String(failed.length),
        String(failed.filter((sample) => sample.kind === 'create' || sample.kind === 'update').length),
      ];
    });
    printTable(header, rows);
    for (const [error, count] of errors) console.log(`  failed: ${error} × ${count}`);

    // Outside the kill and the 5 s after it, nearly every request must get through: a proxy that
    // marks every node down fails the run too. The app's own 503 (database busy, Retry-After:
    // the client tries again) is counted on its own line; it says the machine is overloaded.
    const steady = samples.filter((sample) => sample.at < killedAt - 1 || sample.at >= killedAt + 5);
    const steadyBusy = steady.filter((sample) => sample.busy).length;
    const steadyFailed = steady.filter((sample) => !sample.ok && !sample.busy).length;
    const steadyShare = steady.length === 0 ? 1 : steadyFailed / steady.length;
    const expected = before + createsFound;
    const savedUnanswered = createsFound - (acknowledgedCreates.length - lostCreates.length);
    printTable(
      ['check', 'result'],
      [
        ['creates answered 2xx', String(acknowledgedCreates.length)],
        ['… of them missing from the database', `${lostCreates.length} ${lostCreates.length === 0 ? '(none lost)' : 'LOST'}`],
        ['creates saved whose answer was lost with the node', String(savedUnanswered)],
        ['voters whose last acknowledged update was checked', String(updatesChecked)],
        ['updates whose acknowledged value was lost', `${lostUpdates} ${lostUpdates === 0 ? '(none lost)' : 'LOST'}`],
        ['503 "database busy" away from the kill (the app\'s back-pressure)', `${steadyBusy} of ${steady.length}`],
        ['other failures away from the kill (not within 1 s before to 5 s after)', `${steadyFailed} of ${steady.length} (${(steadyShare * 100).toFixed(2)}%) ${steadyShare <= 0.01 ? '(at most 1%)' : 'TOO MANY'}`],
        ['voters: seeded + creates found', `${before.toLocaleString('en-IN')} + ${createsFound} = ${expected.toLocaleString('en-IN')}`],
        ['voters: count(*)', `${counted.toLocaleString('en-IN')} ${counted === expected ? '(equal)' : 'MISMATCH'}`],
        ['voters: the count the app keeps (through nginx)', `${kept.toLocaleString('en-IN')} ${kept === counted ? '(equal)' : 'MISMATCH'}`],
        ['load average (1, 5, 15 min) at the start of the run', load],
        ['load average at the end', loadAverage()],
        ['whole benchmark (database, nodes, run, checks)', `${((performance.now() - benchStarted) / 1000).toFixed(1)} s`],
      ],
    );
    const good = lostCreates.length === 0 && lostUpdates === 0 && counted === expected && kept === counted && steadyShare <= 0.01;
    console.log(good ? '\nOK: no acknowledged write lost, counts exact.' : '\nFAILED: see the checks above.');
    if (!good) process.exitCode = 1;
  } catch (error) {
    // nginx's own account of what went wrong, before its directory goes.
    const nginxLog = path.join(runDir, 'nginx', 'error.log');
    if (existsSync(nginxLog)) console.error(`nginx's error log:\n${readFileSync(nginxLog, 'utf8').split('\n').slice(-20).join('\n')}`);
    throw error;
  } finally {
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        if (child.pid && child.spawnargs.includes(MAIN)) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      }
      await exited(child);
    }
    rmSync(runDir, { recursive: true, force: true });
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function waitForRedis(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      probe.disconnect();
    }
  }
  throw new Error(`Redis did not answer at ${url}`);
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
