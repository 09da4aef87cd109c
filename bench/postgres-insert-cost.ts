import pg from 'pg';
import { printTable } from './print-table';

// What each index and trigger of `voters` costs a voter saved on PostgreSQL, at the size of the
// database given (issue 23: an import of a million voters into ten million). Each row of the
// table inserts the same INSERT_ROWS voters (copies of existing ones under new voter IDs, booth
// by booth as an import of rolls does, STATEMENT_ROWS to a statement) inside a transaction that
// first drops one index (or disables one user trigger, or all), then rolls everything back: nothing is
// kept. A rolled-back insert still leaves its dead entries in every index, so each variant is
// paired with a run of everything just before it, and its saving is the difference of the pair.
// Run it on a copy, e.g. the `voters_import` that
// `BENCH_DB=postgres BENCH_IMPORT_TEMPLATE=voters_10m npx tsx bench/import-export.ts` leaves:
//
//   BENCH_INSERT_DATABASE_URL=postgres://postgres@127.0.0.1:5432/voters_import npx tsx bench/postgres-insert-cost.ts
//
// BENCH_INSERT_ROUNDS (default 2) repeats the whole table; each cell is the median of the rounds.
// BENCH_INSERT_ONLY=name,name measures only those indexes and triggers.
const DATABASE_URL = process.env.BENCH_INSERT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/voters_import';
const INSERT_ROWS = Number(process.env.BENCH_INSERT_ROWS ?? 50_000);
const STATEMENT_ROWS = Number(process.env.BENCH_INSERT_STATEMENT_ROWS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_INSERT_ROUNDS ?? 2);
const ONLY = process.env.BENCH_INSERT_ONLY?.split(',');

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
await client.query('SET statement_timeout = 0');

const { rows: indexes } = await client.query<{ name: string; method: string; bytes: string }>(
  `SELECT c.relname AS name, am.amname AS method, pg_relation_size(c.oid) AS bytes
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = 'voters'::regclass AND NOT i.indisprimary ORDER BY am.amname DESC, c.relname`,
);
const { rows: triggers } = await client.query<{ name: string }>(
  `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'voters'::regclass AND NOT tgisinternal ORDER BY tgname`,
);
const measured = ONLY ? indexes.filter(({ name }) => ONLY.includes(name)) : indexes;
const measuredTriggers = ONLY ? triggers.filter(({ name }) => ONLY.includes(name)) : triggers;
const { rows: columnRows } = await client.query<{ name: string }>(
  `SELECT attname AS name FROM pg_attribute WHERE attrelid = 'voters'::regclass AND attnum > 0 AND NOT attisdropped AND attname NOT IN ('id') ORDER BY attnum`,
);
const { rows: sizeRows } = await client.query<{ voters: string }>(`SELECT count(*) AS voters FROM voters`);
// The copies: voters from the middle of the table, by booth; a new voter ID each (the unique
// index holds live voter IDs) and new name terms with it, as an import computes them.
const copied = columnRows.map(({ name }) => {
  if (name === 'voter_id') return `'ZZ' || v.id AS voter_id`;
  if (name === 'full_name_terms') return `v.full_name_terms || ' zz' || v.id AS full_name_terms`;
  return `v.${name}`;
});
const columns = columnRows.map(({ name }) => name).join(', ');
// The voters copied, booth by booth from the middle of the list in booth order, as a roll file
// lists them: a statement's voters share a few booths, so the kept counts' statement trigger
// updates a few booths' rows (copies in id order, a random booth each, made it update most
// booths' rows every statement: 195 µs a voter at a million, against a few here).
await client.query(
  `CREATE TEMP TABLE copied_voters AS SELECT row_number() OVER (ORDER BY booth, id) AS n, id FROM ` +
    `(SELECT booth, id FROM voters ORDER BY booth, id OFFSET (SELECT count(*) / 2 FROM voters) LIMIT $1) middle`,
  [INSERT_ROWS],
);

async function insertSeconds(prepare: string[]): Promise<number> {
  await client.query('BEGIN');
  try {
    for (const statement of prepare) await client.query(statement);
    const started = performance.now();
    for (let offset = 0; offset < INSERT_ROWS; offset += STATEMENT_ROWS) {
      await client.query(
        `INSERT INTO voters (${columns}) SELECT ${copied.join(', ')} FROM copied_voters c JOIN voters v ON v.id = c.id WHERE c.n > $1 AND c.n <= $2 ORDER BY c.n`,
        [offset, offset + STATEMENT_ROWS],
      );
    }
    return (performance.now() - started) / 1000;
  } finally {
    await client.query('ROLLBACK');
  }
}

const variants: [string, string[]][] = [
  ...measured.map(({ name, method, bytes }): [string, string[]] => [`without ${name} (${method}, ${(Number(bytes) / 1e6).toFixed(0)} MB)`, [`DROP INDEX ${name}`]]),
  // The row trigger voter_change_mark reads the number voter_change_take set: without the
  // statement trigger, the transaction sets it once instead.
  ...measuredTriggers.map(({ name }): [string, string[]] => [
    `without trigger ${name}`,
    [...(name === 'voter_change_take' ? ["SELECT set_config('vms.voter_change_seq', '1', true)"] : []), `ALTER TABLE voters DISABLE TRIGGER ${name}`],
  ]),
  ['without the user triggers', ['ALTER TABLE voters DISABLE TRIGGER USER']],
  ['without any index but the key, nor user triggers', [...indexes.map(({ name }) => `DROP INDEX ${name}`), 'ALTER TABLE voters DISABLE TRIGGER USER']],
];
const pairs = new Map<string, { everything: number; without: number }[]>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, prepare] of variants) {
    const everything = await insertSeconds([]);
    const without = await insertSeconds(prepare);
    pairs.set(name, [...(pairs.get(name) ?? []), { everything, without }]);
    process.stdout.write('.');
  }
}
await client.end();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(`\n${INSERT_ROWS.toLocaleString('en-IN')} voters inserted into ${Number(sizeRows[0]!.voters).toLocaleString('en-IN')}, median of ${ROUNDS} rounds`);
printTable(
  ['what the voters update', 'everything, s', 'without it, s', 'saved, s', 'µs a voter'],
  variants.map(([name]) => {
    const runs = pairs.get(name)!;
    const saved = median(runs.map((run) => run.everything - run.without));
    return [name, median(runs.map((run) => run.everything)).toFixed(2), median(runs.map((run) => run.without)).toFixed(2), saved.toFixed(2), ((saved / INSERT_ROWS) * 1e6).toFixed(1)];
  }),
);
