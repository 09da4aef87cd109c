import { type Kysely, sql } from 'kysely';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import type { AppConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import type { Database } from '../server/src/db/schema';
import type { DatabaseDialect } from '../server/src/db/dialects/database-dialect';
import { ESTIMATED_TOTAL_ABOVE, insertVoters, listVoters } from '../server/src/features/voters/voters-repository';
import { voterListQuerySchema } from '@shared/voters/voter-schema';
import { benchAnalytics } from './analytics-bench';
import { benchConcurrentNameSearch, NAME_SEARCH_CASES, substringSearchPage } from './name-search-bench';
import { benchCoverage, seedFieldWork } from './coverage-bench';
import { loadPostgresVoters, postgresBenchUrl } from './postgres-bulk-load';
import { BENCH_ADMIN, BENCH_DATA_DIR, seedDatabase, seededFile } from './seed-database';
import { printTable } from './print-table';
import { createVoterGenerator, voterInputOf } from './voter-generator';
import { percentile } from './http-clients';

// npm run bench: loads BENCH_VOTERS voters (default 1,000,000) into a SQLite file, starts the
// real server on 127.0.0.1, and prints p50/p95 of GET /api/voters through HTTP next to the
// same query run directly on the database (the repository call, no HTTP); then the name
// searches across scripts with BENCH_CONNECTIONS clients at once (default 10) against the
// server as its own process. BENCH_DATABASE_URL (postgres://) runs it all on PostgreSQL instead,
// filling that database up to BENCH_VOTERS voters with COPY (postgres-bulk-load.ts); BENCH_DB=postgres
// names the benchmark's own database on the local server (voters_10m for 10,000,000 voters).
// "total answered" says whether a list answered its exact total or the database's estimate
// (decision 089: a name search alone above ESTIMATED_TOTAL_ABOVE matches on PostgreSQL).
const TOTAL = Number(process.env.BENCH_VOTERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || (process.env.BENCH_DB === 'postgres' ? postgresBenchUrl(TOTAL) : undefined);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REQUESTS_PER_CONNECTION = Number(process.env.BENCH_CONCURRENT_REQUESTS ?? 40);
// BENCH_ONLY=coverage: only the booth page and coverage views (issue 20). BENCH_ONLY=list: only
// the voter list and analytics, without the field work the coverage views need (seeding it
// rewrites every voter: minutes at ten million).
const ONLY_COVERAGE = process.env.BENCH_ONLY === 'coverage';
const ONLY_LIST = process.env.BENCH_ONLY === 'list';
const PAGE_SIZE = 30;
// Invented words no generated name holds: the rare names of a real roll's long tail.
const RARE_NAME = 'Quorvan Ilzeth Dravokar';
const RARE_NAME_SEARCHES = ['dravokar', 'quorvan dravokar', 'ilzeth'];

// Three voters named RARE_NAME, once per database (the bench's databases are kept and reused),
// anywhere in the list order: with three matches a search newest first can stop nowhere.
async function addRareNames(ctx: { db: Kysely<Database>; dialect: DatabaseDialect }): Promise<void> {
  // Looked for by voter ID among live voters (the unique index holds only those): by name, or
  // without the live condition, a scan over the 3 s statement limit at ten million voters.
  const found = await ctx.db.selectFrom('voters').select('id').where('voter_id', '=', 'QRV0000001').where('deleted_at', 'is', null).executeTakeFirst();
  if (found) return;
  const next = createVoterGenerator(7);
  const voters = [1, 2, 3].map((n) => ({ ...voterInputOf(next(n)), full_name: RARE_NAME, voter_id: `QRV000000${n}` }));
  await insertVoters(ctx.db, ctx.dialect, voters, { userId: 1, now: new Date().toISOString() });
}
const dataDir = BENCH_DATA_DIR;
const ADMIN = BENCH_ADMIN;
let sqliteFile = seededFile(TOTAL);

async function measure(run: (index: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let index = 0; index < 3; index += 1) await run(index);
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  console.log(`Voter list benchmark: ${TOTAL.toLocaleString('en-IN')} voters on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${RUNS} runs per query (load average ${loadavg().map((load) => load.toFixed(2)).join(', ')})`);
  if (DATABASE_URL) await loadPostgresVoters(DATABASE_URL, TOTAL);
  else sqliteFile = await seedDatabase(TOTAL);

  const database = openDatabase({ dataDir, sqliteFile, databaseUrl: DATABASE_URL });
  const config: AppConfig = {
    port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, jwtSecret: 'bench-secret-that-is-long-enough-0123456789', adminUsername: 'admin',
    adminPassword: undefined, sessionTtlHours: 1, trustProxy: false, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web'),
  };
  const { app, ctx } = await buildApp({ config, database, logger: false });
  // PostgreSQL's page cache decides what a name search's total costs (docs/scale.md).
  if (DATABASE_URL) console.log(`shared_buffers ${(await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(ctx.db)).rows[0]?.shared_buffers}`);
  // The bulk connection: on PostgreSQL its statements may run for minutes (a million serials).
  if (!ONLY_LIST) await seedFieldWork(database.bulkDb, PAGE_SIZE);
  await addRareNames(ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const first = ONLY_COVERAGE
    ? { totalPages: 1, total: 0, voters: [] }
    : ((await (await fetch(`${address}/api/voters?limit=30`, { headers })).json()) as { totalPages: number; total: number; voters: { voter_id: string }[] });
  const voterIds = first.voters.map((voter) => voter.voter_id);
  // Each query cycles through a few values so the runs are not one cached answer.
  const cases: [string, (index: number) => string][] = [
    ['unfiltered page 1', () => 'page=1'],
    ['3 filters (caste, gender, party)', (i) => `caste=${['Kunbi', 'Maratha', 'Banjara', 'Mali'][i % 4]}&gender=Female&political_preference=BJP`],
    // Locations with a gender, a caste or a party: totals from the kept counts.
    ['gender alone', (i) => `gender=${['Female', 'Male'][i % 2]}`],
    ['taluka + caste', (i) => `taluka=${['Digras', 'Darwha', 'Ner'][i % 3]}&caste=${['Kunbi', 'Maratha', 'Banjara', 'Mali'][i % 4]}`],
    ['booth + gender + age range', (i) => `booth=Booth-${String(1 + ((i * 37) % 396)).padStart(2, '0')}&gender=Male&age_min=30&age_max=45`],
    ['name search, Latin', (i) => `search=${encodeURIComponent(['sunita shivaji', 'rahul vitthal', 'priya ganesh', 'sachin balaji'][i % 4]!)}`],
    ['name search, Devanagari', (i) => `search=${encodeURIComponent(['सुनीता शिवाजी', 'राहुल विठ्ठल', 'प्रिया गणेश', 'सचिन बालाजी'][i % 4]!)}`],
    ...NAME_SEARCH_CASES,
    // Decision 089: a surname's later page (read from the top while its total is an estimate),
    // and the same search with the exact count asked for ("Count exactly").
    ['surname typed in Latin, page 2', (i) => `search=${['patil', 'deshmukh', 'shinde', 'chavan', 'kamble'][i % 5]}&page=2`],
    ['surname typed in Latin, exact total asked', (i) => `search=${['patil', 'deshmukh', 'shinde', 'chavan', 'kamble'][i % 5]}&exactTotal=true`],
    // Words that three voters' names hold and nobody else's (addRareNames): the planner knows
    // no word it has no statistics for, and guessed such a search meets 30 matches soon.
    ['rare name (3 voters)', (i) => `search=${encodeURIComponent(RARE_NAME_SEARCHES[i % RARE_NAME_SEARCHES.length]!)}`],
    ['mobile search (5 digits)', (i) => `search=${['98765', '87012', '70454', '93211'][i % 4]}`],
    // Letters and digits: a name's words (the voter ID is one of them) or part of a voter ID (decision 051).
    ['voter ID typed whole', (i) => `search=${voterIds[i % voterIds.length]}`],
    ['part of a voter ID, letters and digits', (i) => `search=${voterIds[i % voterIds.length]!.slice(1, 7)}`],
    ['last page', () => `page=${first.totalPages}`],
    // Issue 20: the roll-state filter (one in ten seeded voters lives away) and the support filter.
    ['shifted voters of a booth', (i) => `voter_status=shifted&booth=Booth-${String(1 + ((i * 53) % 396)).padStart(2, '0')}`],
    ['shifted voters, count', () => 'voter_status=shifted'],
    // Nearly every voter: the kept total less the shifted, deceased and missing.
    ['active voters', () => 'voter_status=active'],
    ['active voters of a taluka', (i) => `voter_status=active&taluka=${['Digras', 'Darwha', 'Ner'][i % 3]}`],
    ['with a mobile number', () => 'mobile_filter=with_mobile'],
    // The seed records no contacts: a level matches none, "unknown" every voter (its count reads the whole index).
    ['support level (a level)', (i) => `support_level=${['strong_supporter', 'opposed', 'undecided', 'leaning_away'][i % 4]}`],
    ['support level unknown', () => 'support_level=unknown'],
  ];

  const rows: string[][] = [];
  for (const [name, query] of ONLY_COVERAGE ? [] : cases) {
    // A query over the server's statement limit answers 503: the row says so and the run goes on.
    try {
      rows.push(await measureCase(name, query));
    } catch (error) {
      rows.push([name, '-', '-', `failed: ${error instanceof Error ? error.message.slice(0, 60) : String(error)}`, '-', '-', '-', '-']);
    }
  }
  async function measureCase(name: string, query: (index: number) => string): Promise<string[]> {
    const http = await measure(async (index) => {
      const response = await fetch(`${address}/api/voters?${query(index)}`, { headers });
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    });
    // As the route calls it: an estimated total where the list may have one (decision 089).
    const direct = await measure(async (index) => {
      const { page, limit, exactTotal, ...filters } = voterListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query(index))));
      return listVoters(ctx.db, { filters, scope: { kind: 'all' }, dialect: ctx.dialect, page, limit, estimateAbove: exactTotal ? undefined : ESTIMATED_TOTAL_ABOVE });
    });
    // The matches counted, and the total the list answered: the same, or its estimate.
    const answered = async (extra: string) => (await (await fetch(`${address}/api/voters?${query(0)}${extra}`, { headers })).json()) as { total: number; totalEstimated?: true };
    const sample = await answered('');
    const matches = sample.totalEstimated ? (await answered('&exactTotal=true')).total : sample.total;
    const total = sample.totalEstimated ? `about ${sample.total.toLocaleString('en-IN')}` : 'exact';
    return [name, matches.toLocaleString('en-IN'), total, http.p50.toFixed(1), http.p95.toFixed(1), direct.p50.toFixed(1), direct.p95.toFixed(1), (http.p95 / direct.p95).toFixed(2)];
  }
  // The same surnames as a substring search, as every search was before issue 18 (no HTTP route
  // answers it any more for a name). SQLite only: PostgreSQL keeps no trigram index of the names
  // since migration 042.
  if (ctx.dialect.name === 'sqlite') {
    const substring = await measure((index) => substringSearchPage(ctx.db, ctx.dialect, ['patil', 'deshmukh', 'shinde', 'chavan', 'kamble'][index % 5]!)).catch(() => undefined);
    rows.push(['surname as a substring, Latin only (before issue 18)', '-', 'exact', '-', '-', substring?.p50.toFixed(1) ?? 'failed', substring?.p95.toFixed(1) ?? '-', '-']);
  }
  // The floor every call pays (token check with its session and user lookups, routing, HTTP).
  const floor = await measure(async () => (await fetch(`${address}/api/auth/me`, { headers })).json());
  const analyticsRows = ONLY_COVERAGE ? [] : await benchAnalytics(address, headers, ctx.db, measure);
  const coverageRows = ONLY_LIST ? [] : await benchCoverage(address, headers, ctx.db, measure, PAGE_SIZE);
  await app.close();
  const concurrent = ONLY_COVERAGE || ONLY_LIST ? [] : await benchConcurrentNameSearch({ sqliteFile: DATABASE_URL ? undefined : sqliteFile, databaseUrl: DATABASE_URL, connections: CONNECTIONS, requestsPerConnection: REQUESTS_PER_CONNECTION });

  if (!ONLY_COVERAGE) {
    printTable(['query', 'matches', 'total answered', 'HTTP p50 ms', 'HTTP p95 ms', 'direct p50 ms', 'direct p95 ms', 'HTTP/direct p95'], rows);
    printTable(['analytics call', 'HTTP p50 ms', 'HTTP p95 ms', 'direct p50 ms', 'direct p95 ms'], analyticsRows);
    if (!ONLY_LIST) {
      console.log(`\nName searches across scripts, ${CONNECTIONS} connections at once, server in its own process:`);
      printTable(['name search', 'matches', 'connections', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'], concurrent);
    }
  }
  console.log(`\nFixed cost of any signed-in call (GET /api/auth/me): p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms.`);
  if (!ONLY_LIST) printTable(['booth page and coverage call (issue 20)', 'HTTP p50 ms', 'HTTP p95 ms', 'direct p50 ms', 'direct p95 ms'], coverageRows);
  if (process.env.BENCH_KEEP !== 'true' && process.env.BENCH_CLEAN === 'true') rmSync(sqliteFile, { force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
