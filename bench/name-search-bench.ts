import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseDialect, Executor } from '../server/src/db/dialects/database-dialect';
import { freePort, percentile, send, waitUntilUp } from './http-clients';
import { benchAdminAuth } from './seed-database';
import { serverNodeFlags } from './server-node-flags';

// Issue 18's figures: a name search across scripts with its exact total, through HTTP, with
// several clients at once, each on a keep-alive connection of its own, against the real server
// started as its own process on the benchmark's database (so the clients do not share its
// thread). Each client sends its next request as soon as the last is answered.
const MAIN = path.resolve(import.meta.dirname, '../server/src/main.ts');

const SURNAMES_LATIN = ['patil', 'deshmukh', 'shinde', 'chavan', 'kamble'];
const SURNAMES_DEVANAGARI = ['पाटील', 'देशमुख', 'शिंदे', 'चव्हाण', 'कांबळे'];
const FULL_NAMES = ['sunita patil', 'राहुल देशमुख', 'ganesh shinde', 'प्रिया चव्हाण', 'vitthal kamble'];
const pick = (list: readonly string[], index: number) => encodeURIComponent(list[index % list.length] ?? '');

// The name searches measured, each cycling through a few values so the runs are not one cached answer.
export const NAME_SEARCH_CASES: [string, (index: number) => string][] = [
  ['surname typed in Latin (finds both scripts)', (i) => `search=${pick(SURNAMES_LATIN, i)}`],
  ['surname typed in Devanagari (finds both scripts)', (i) => `search=${pick(SURNAMES_DEVANAGARI, i)}`],
  ['first name + surname, either script', (i) => `search=${pick(FULL_NAMES, i)}`],
  ['surname + booth filter', (i) => `search=${pick(SURNAMES_LATIN, i)}&booth=Booth-${String(1 + ((i * 37) % 396)).padStart(2, '0')}`],
  ['father/husband name, search tab', (i) => `father_husband_name=${pick(SURNAMES_DEVANAGARI, i + 2)}`],
];

// The search as it was before issue 18, for the same words: "contains the term" over full name,
// mobile and voter ID, from the search index alone where it can answer (decision 005), with its
// count and first page of 30, read directly on the database.
export async function substringSearchPage(db: Executor, dialect: DatabaseDialect, term: string): Promise<number[]> {
  const columns = ['full_name', 'mobile_number', 'voter_id'] as const;
  const index = dialect.searchIndexQuery(columns, term);
  if (index) {
    await index.count(db);
    return index.pageIds(db, { descending: true, limit: 30, offset: 0 });
  }
  const matching = () => db.selectFrom('voters').where('deleted_at', 'is', null).where((eb) => dialect.containsText(eb, columns, term));
  await matching().select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return (await matching().select('id').orderBy('id', 'desc').limit(30).execute()).map((row) => row.id);
}

export interface ConcurrentOptions {
  // SQLite: the seeded file; PostgreSQL: the database's URL.
  sqliteFile?: string;
  databaseUrl?: string;
  connections: number;
  requestsPerConnection: number;
}

// Starts the server as its own process, signs in, runs each case with `connections` clients
// and prints nothing: returns the table's rows.
export async function benchConcurrentNameSearch(options: ConcurrentOptions): Promise<string[][]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-names-'));
  // The server opens DATA_DIR/voters.sqlite: a link to the seeded file, not a copy of it.
  if (options.sqliteFile) symlinkSync(options.sqliteFile, path.join(dataDir, 'voters.sqlite'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DATABASE_URL: options.databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const agents = Array.from({ length: options.connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    await waitUntilUp(base);
    const headers = await benchAdminAuth(base);
    const rows: string[][] = [];
    for (const [name, query] of NAME_SEARCH_CASES) {
      const sample = (await (await fetch(`${base}/api/voters?${query(0)}`, { headers })).json()) as { total: number };
      const times: number[] = [];
      let failed = 0;
      const client = async (clientIndex: number, agent: http.Agent) => {
        // A few warm-up requests per connection, not timed.
        for (let index = 0; index < 3; index += 1) await send(agent, `${base}/api/voters?${query(clientIndex + index)}`, { headers });
        for (let index = 0; index < options.requestsPerConnection; index += 1) {
          const started = performance.now();
          const answer = await send(agent, `${base}/api/voters?${query(clientIndex * options.requestsPerConnection + index)}`, { headers });
          times.push(performance.now() - started);
          if (!answer.ok) failed += 1;
        }
      };
      const started = performance.now();
      await Promise.all(agents.map((agent, index) => client(index, agent)));
      const seconds = (performance.now() - started) / 1000;
      if (failed > 0) throw new Error(`${name}: ${failed} requests failed`);
      times.sort((a, b) => a - b);
      rows.push([
        name,
        sample.total.toLocaleString('en-IN'),
        String(options.connections),
        String(times.length),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        percentile(times, 99).toFixed(1),
        (times.length / seconds).toFixed(0),
      ]);
    }
    return rows;
  } finally {
    for (const agent of agents) agent.destroy();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
