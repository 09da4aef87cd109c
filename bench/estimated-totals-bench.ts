import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/src/db/connection';
import { dialectForNameSearches, onlyNameSearch } from '../server/src/features/voters/voter-filters';
import { countVoters, ESTIMATED_TOTAL_ABOVE, estimateQuery, listVoters } from '../server/src/features/voters/voters-repository';
import { percentile } from './http-clients';
import { postgresBenchUrl } from './postgres-bulk-load';
import { printTable } from './print-table';
import { BENCH_DATA_DIR } from './seed-database';

// npm run bench:estimates: how close a name search's estimated total (decision 089) comes to its
// count, and what each costs, on the PostgreSQL database the voters bench loaded
// (BENCH_DATABASE_URL, else BENCH_VOTERS' database on the local server: voters_1m by default).
// Every search is estimated here, whatever the threshold; the list shows an estimate only above it.
// Then the list's first page (the repository call) with the estimate where it applies and with the
// count, BENCH_RUNS times each, taken in turns so that a shared machine's load falls on both alike.
const TOTAL = Number(process.env.BENCH_VOTERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || postgresBenchUrl(TOTAL);

const SURNAMES = ['patil', 'deshmukh', 'shinde', 'chavan', 'kamble', 'pawar', 'jadhav', 'more', 'gaikwad', 'shaikh'];
const FIRST_NAMES = ['sunita', 'rahul', 'priya', 'sachin', 'ganesh', 'vitthal', 'asha', 'anil', 'vijay'];
const SEARCHES: [string, Record<string, string>][] = [
  ...SURNAMES.map((name): [string, Record<string, string>] => ['surname', { search: name }]),
  ...['पाटील', 'देशमुख', 'शिंदे'].map((name): [string, Record<string, string>] => ['surname in Devanagari', { search: name }]),
  ...FIRST_NAMES.map((name): [string, Record<string, string>] => ['first name', { search: name }]),
  ...['p', 'pa', 's', 'su', 'sun', 'd'].map((start): [string, Record<string, string>] => ['start of a name', { search: start }]),
  ...FIRST_NAMES.map((name, index): [string, Record<string, string>] => ['first name + surname', { search: `${name} ${SURNAMES[index]}` }]),
  ...['sunita shivaji', 'rahul vitthal', 'priya ganesh', 'sachin balaji'].map((name): [string, Record<string, string>] => ['first name + father', { search: name }]),
  ...['पाटील', 'शिंदे'].map((name): [string, Record<string, string>] => ['father/husband name', { father_husband_name: name }]),
];

async function main(): Promise<void> {
  const database = openDatabase({ dataDir: BENCH_DATA_DIR, databaseUrl: DATABASE_URL });
  if (database.dialect.name !== 'postgres') throw new Error('Estimated totals are PostgreSQL only');
  const rows: string[][] = [];
  for (const [kind, filters] of SEARCHES) {
    const name = onlyNameSearch(filters);
    if (!name) continue;
    // The estimate as the list takes it: the vocabulary and statistics lookup, then EXPLAIN.
    let started = performance.now();
    const dialect = await dialectForNameSearches(database.db, filters, database.dialect);
    const estimate = await dialect.estimateMatches?.(estimateQuery(database.db, filters, { kind: 'all' }, dialect), [name]);
    const estimateMs = performance.now() - started;
    started = performance.now();
    const count = await countVoters(database.db, filters, { kind: 'all' }, database.dialect);
    const countMs = performance.now() - started;
    const ratio = estimate === undefined || count === 0 ? '-' : (estimate / count).toFixed(2);
    rows.push([kind, Object.values(filters).join(' '), Math.round(estimate ?? 0).toLocaleString('en-IN'), count.toLocaleString('en-IN'), ratio, estimateMs.toFixed(1), countMs.toFixed(1)]);
  }
  printTable(['search', 'typed', 'estimate', 'count', 'estimate / count', 'estimate ms', 'count ms'], rows);

  // The first page both ways, in turns: [estimated where it may be, always counted].
  const timings: string[][] = [];
  for (const [kind, filters] of SEARCHES) {
    const times: [number[], number[]] = [[], []];
    let answered = '';
    for (let run = -1; run < RUNS; run += 1) {
      for (const way of [0, 1] as const) {
        const started = performance.now();
        const page = await listVoters(database.db, { filters, scope: { kind: 'all' }, dialect: database.dialect, page: 1, limit: 30, estimateAbove: way === 0 ? ESTIMATED_TOTAL_ABOVE : undefined });
        // The first run of each warms the caches and is not timed.
        if (run >= 0) times[way].push(performance.now() - started);
        if (way === 0) answered = page.totalEstimated ? `about ${page.total.toLocaleString('en-IN')}` : 'exact';
      }
    }
    const [estimated, counted] = times.map((list) => list.sort((a, b) => a - b));
    timings.push([kind, Object.values(filters).join(' '), answered, ...[estimated!, counted!].flatMap((list) => [percentile(list, 50).toFixed(1), percentile(list, 95).toFixed(1)])]);
  }
  await database.close();
  printTable(['search', 'typed', 'total answered', 'first page p50 ms', 'p95 ms', 'counted: p50 ms', 'p95 ms'], timings);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
