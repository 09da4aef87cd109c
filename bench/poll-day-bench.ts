import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { BOOTHS } from '@shared/reference/booths';
import { openDatabase } from '../server/src/db/connection';
import { writeSettings } from '../server/src/features/settings/settings-repository';
import { type Answer, freePort, percentile, send, waitUntilUp } from './http-clients';
import { benchAdminAuth, seedDatabase } from './seed-database';
import { serverNodeFlags } from './server-node-flags';
import { serverCpuMs } from './process-cpu';

// npm run bench:poll-day (issue 22, docs/poll-day.md): poll day at full size. One runner per
// booth (396) marks one voter a second, each by part serial with an Idempotency-Key, for
// POLL_MINUTES (default 10; POLL_RUNNERS sets fewer runners), while an office client reads the turnout dashboard every
// POLL_DASHBOARD_MS (default 1000; the screen itself refreshes every 10 s). One mark in
// POLL_REPLAY_EVERY (default 25) is sent a second time with the same key, as a phone's outbox
// does after a lost answer. The real server runs as its own process over a copy of the seeded
// SQLite file of BENCH_VOTERS voters (default 300,000: the daily size), each voter given a part
// serial in their booth. Prints marks, errors, p50/p95/p99 of a mark, the dashboard's p95, and
// the turnout counted against the marks (they must be equal).
const TOTAL = Number(process.env.BENCH_VOTERS ?? 300_000);
const MINUTES = Number(process.env.POLL_MINUTES ?? 10);
const DASHBOARD_MS = Number(process.env.POLL_DASHBOARD_MS ?? 1000);
const REPLAY_EVERY = Number(process.env.POLL_REPLAY_EVERY ?? 25);
// Marks a second per runner (default 1, poll day's pace): 2 or 3 find the server's headroom.
const RATE = Number(process.env.POLL_MARKS_PER_SECOND ?? 1);
// Fewer runners (the first POLL_RUNNERS booths) show the latency below saturation.
const RUNNERS = Math.min(BOOTHS.length, Number(process.env.POLL_RUNNERS ?? BOOTHS.length));
const ELECTION = '2029-10-20';
const MAIN = path.resolve(import.meta.dirname, '../server/src/main.ts');
// Extra Node flags for the server process, e.g. POLL_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=prof"
// to profile it under this load (the profile is written when the server stops).
const SERVER_FLAGS = (process.env.POLL_SERVER_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');

interface Sample {
  ms: number;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// Every live voter gets a part serial in their booth (roll order = id order), the election is
// set, and the booth sizes are read for the runners.
async function prepare(file: string): Promise<Map<string, number>> {
  const dataDir = path.dirname(file);
  const handle = openDatabase({ dataDir, sqliteFile: file });
  try {
    await sql`CREATE TEMP TABLE serials (id INTEGER PRIMARY KEY, serial INTEGER NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO serials SELECT id, row_number() OVER (PARTITION BY booth ORDER BY id) FROM voters WHERE deleted_at IS NULL AND booth IS NOT NULL`.execute(handle.db);
    await sql`UPDATE voters SET part_serial = (SELECT serial FROM serials WHERE serials.id = voters.id) WHERE id IN (SELECT id FROM serials)`.execute(handle.db);
    await writeSettings(handle.db, { poll_date: ELECTION, poll_start: '07:00', poll_end: '18:00', poll_booths: '' });
    const rows = await sql<{ booth: string; voters: number }>`SELECT booth, count(*) AS voters FROM voters WHERE deleted_at IS NULL AND duplicate_of IS NULL AND booth IS NOT NULL GROUP BY booth`.execute(handle.db);
    return new Map(rows.rows.map((row) => [row.booth, Number(row.voters)]));
  } finally {
    await handle.close();
  }
}

async function countsInFile(file: string): Promise<{ marks: number; counted: number }> {
  const handle = openDatabase({ dataDir: path.dirname(file), sqliteFile: file });
  try {
    const marks = await sql<{ n: number }>`SELECT count(*) AS n FROM poll_marks WHERE election = ${ELECTION}`.execute(handle.db);
    const counted = await sql<{ n: number }>`SELECT coalesce(sum(marks), 0) AS n FROM poll_turnout WHERE election = ${ELECTION}`.execute(handle.db);
    return { marks: Number(marks.rows[0]?.n ?? 0), counted: Number(counted.rows[0]?.n ?? 0) };
  } finally {
    await handle.close();
  }
}


function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  return `${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|\n${rows.map(line).join('\n')}`;
}

async function main(): Promise<void> {
  console.log(`Poll-day load: ${RUNNERS} runners marking ${RATE === 1 ? 'a voter a second' : `${RATE} voters a second`} each for ${MINUTES} min on ${TOTAL.toLocaleString('en-IN')} voters (SQLite); dashboard read every ${DASHBOARD_MS} ms`);
  const seeded = await seedDatabase(TOTAL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-poll-'));
  const file = path.join(dataDir, 'voters.sqlite');
  copyFileSync(seeded, file);
  const sizes = await prepare(file);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), ...SERVER_FLAGS, '--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.POLL_LOG_LEVEL ?? 'error', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(base);
    const auth = await benchAdminAuth(base);

    const marks: Sample[] = [];
    const replays: Sample[] = [];
    const dashboard: Sample[] = [];
    const errors = new Map<string, number>();
    const noteError = (kind: string, what: string) => errors.set(`${kind} ${what}`, (errors.get(`${kind} ${what}`) ?? 0) + 1);
    // The voters answered 2xx: booth and serial.
    const marked = new Set<string>();
    const agents = BOOTHS.slice(0, RUNNERS).map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const officeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await Promise.all([...agents, officeAgent].map((agent) => send(agent, `${base}/api/health`)));
    const runId = Date.now().toString(36);
    const cpuBefore = serverCpuMs(server.pid);
    const started = performance.now();
    const stopAt = started + MINUTES * 60_000;

    const timed = async (samples: Sample[], kind: string, request: () => Promise<Answer>): Promise<boolean> => {
      const at = performance.now();
      let ok = false;
      try {
        const answer = await request();
        ok = answer.ok;
        if (!ok) noteError(kind, `HTTP ${answer.status}`);
      } catch (error) {
        noteError(kind, (error as Error).message);
      }
      samples.push({ ms: performance.now() - at, ok });
      return ok;
    };

    const runner = async (index: number) => {
      const booth = BOOTHS[index]!;
      const size = sizes.get(booth) ?? 0;
      if (size === 0) return;
      const agent = agents[index]!;
      // Runners start spread over the first second, then one mark a second each (a runner waits for
      // the answer, as the screen does: a slow server gets fewer marks, and the table says so).
      const every = 1000 / RATE;
      let due = started + (index / RUNNERS) * every;
      for (let count = 0; ; count += 1) {
        await sleep(due - performance.now());
        if (performance.now() >= stopAt) return;
        const serial = (count % size) + 1;
        const key = `bench-${runId}-${index}-${count}`;
        const request = () =>
          send(agent, `${base}/api/poll/booths/${index + 1}/marks`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ serials: [serial] }) });
        if (await timed(marks, 'mark', request)) marked.add(`${booth}:${serial}`);
        if (REPLAY_EVERY > 0 && count % REPLAY_EVERY === REPLAY_EVERY - 1) await timed(replays, 'replay', request);
        due += every;
      }
    };
    const office = async () => {
      while (performance.now() < stopAt) {
        const due = performance.now() + DASHBOARD_MS;
        await timed(dashboard, 'dashboard', () => send(officeAgent, `${base}/api/poll/turnout`, { headers: auth }));
        await sleep(due - performance.now());
      }
    };
    const progress = setInterval(() => process.stdout.write(`\r  ${((performance.now() - started) / 1000).toFixed(0)} s: ${marks.length.toLocaleString('en-IN')} marks sent`), 5000);
    await Promise.all([...agents.map((_, index) => runner(index)), office()]);
    clearInterval(progress);
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = serverCpuMs(server.pid);
    for (const agent of [...agents, officeAgent]) agent.destroy();

    const turnout = (await (await fetch(`${base}/api/poll/turnout`, { headers: auth })).json()) as { totals: { voted: number } };
    const row = (name: string, samples: Sample[]) => {
      const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      return [name, samples.length.toLocaleString('en-IN'), (samples.length / elapsed).toFixed(1), percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1), percentile(times, 99).toFixed(1), times.at(-1)?.toFixed(1) ?? '-', String(samples.filter((sample) => !sample.ok).length)];
    };
    console.log(`\n\n${table(['request', 'count', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'], [row('mark', marks), row('mark replayed (same key)', replays), row('dashboard', dashboard)])}`);
    for (const [error, count] of errors) console.log(`  error: ${error} × ${count}`);
    // The server's own CPU per request answers "how many could one process take", whatever
    // else the machine was doing (the latencies above do depend on it).
    if (cpuBefore !== null && cpuAfter !== null) {
      const requests = marks.length + replays.length + dashboard.length;
      const cpu = cpuAfter - cpuBefore;
      const perRequest = cpu / Math.max(1, requests);
      console.log(
        `\n${table(
          ['server CPU (all its processes)', 'busy (of one core)', 'CPU ms per request', 'requests/s one core could answer'],
          [[`${(cpu / 1000).toFixed(1)} s`, `${((100 * cpu) / (elapsed * 1000)).toFixed(0)} %`, perRequest.toFixed(2), (1000 / perRequest).toFixed(0)]],
        )}`,
      );
    }
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    const stored = await countsInFile(file);
    const equal = turnout.totals.voted === marked.size && stored.marks === marked.size && stored.counted === marked.size;
    console.log(
      `\n${table(
        ['voters marked (2xx, distinct)', 'turnout on the dashboard', 'poll_marks rows', 'poll_turnout sum', 'equal'],
        [[marked.size.toLocaleString('en-IN'), turnout.totals.voted.toLocaleString('en-IN'), stored.marks.toLocaleString('en-IN'), stored.counted.toLocaleString('en-IN'), equal ? 'yes' : 'NO']],
      )}`,
    );
    if (!equal || errors.size > 0) process.exitCode = 1;
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
