import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'kysely';
import { VOTER_INPUT_COLUMNS } from '@shared/voters/voter-schema';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { hashPassword } from '../server/src/features/auth/passwords';
import { insertUser } from '../server/src/features/users/users-repository';
import { toColumns } from '../server/src/features/voters/voter-rows';
import { BENCH_ADMIN, BENCH_DATA_DIR } from './seed-database';
import { createVoterGenerator, voterInputOf } from './voter-generator';

// Issue 23: TOTAL generated voters into a PostgreSQL database of their own, with COPY, in minutes.
// Each row is what the app saves for that voter: the form's columns through the app's own
// toColumns (flags as 0/1, the name search terms and phonetic keys of migration 020), and the
// bookkeeping the bulk path writes. The triggers stay on (the kept counts of migration 006,
// the change numbers of migration 030, the name vocabulary of migration 039, once per COPY), so
// the database is the one the app would have built.
// The secondary indexes of voters are dropped for the load and built again after it from their
// own definitions (kept in a file until rebuilt, so a load cut short rebuilds them next time).
// Re-running fills the database up to TOTAL; it never drops it.

const COPY_ROWS = 500_000;
const COPY_COLUMNS = [...VOTER_INPUT_COLUMNS, 'full_name_terms', 'father_husband_name_terms', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;

// PostgreSQL's text COPY format: tab between columns, \N for NULL, backslash escapes.
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!) : text;
}

// The database named in the URL is created when missing (through the server's postgres database).
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`  created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export const POSTGRES_SETTINGS = { work_mem: '32MB', random_page_cost: '1.1', effective_cache_size: '12GB', jit: 'off', max_parallel_workers_per_gather: '0' };

interface IndexDefinition {
  name: string;
  definition: string;
}

export async function loadPostgresVoters(databaseUrl: string, total: number): Promise<void> {
  await ensureDatabase(databaseUrl);
  const handle = openDatabase({ dataDir: BENCH_DATA_DIR, databaseUrl, timeouts: { statementMs: 600_000, bulkStatementMs: 0, connectMs: 10_000, idleInTransactionMs: 600_000 } });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  const indexFile = path.join(BENCH_DATA_DIR, `postgres-${new URL(databaseUrl).pathname.slice(1)}-voter-indexes.json`);
  try {
    await migrateToLatest(handle.bulkDb);
    // The settings docs/scale.md recommends for a database this size, on this database only
    // (sessions opened from now on): bitmaps of a common name's matches stay exact in memory,
    // and the planner knows the table is cached rather than on a spinning disk.
    const name = new URL(databaseUrl).pathname.slice(1).replaceAll('"', '""');
    for (const [setting, value] of Object.entries(POSTGRES_SETTINGS)) await client.query(`ALTER DATABASE "${name}" SET ${setting} = '${value}'`);
    const admin = await handle.db.selectFrom('users').select('id').where('username', '=', BENCH_ADMIN.username).executeTakeFirst();
    const adminId = admin?.id ?? (await insertUser(handle.db, { username: BENCH_ADMIN.username, passwordHash: await hashPassword(BENCH_ADMIN.password), full_name: 'Bench Admin', role: 'Admin', booth_access: ['Admin'] })).id;
    const have = Number((await client.query('SELECT count(*) AS count FROM voters')).rows[0].count);
    if (have >= total && !existsSync(indexFile)) {
      console.log(`Using the ${have.toLocaleString('en-IN')} voters already in the PostgreSQL database.`);
      return;
    }

    // Every secondary index of voters, as PostgreSQL itself writes it back (pg_get_indexdef).
    let indexes: IndexDefinition[];
    if (existsSync(indexFile)) {
      indexes = JSON.parse(readFileSync(indexFile, 'utf8')) as IndexDefinition[];
    } else {
      const found = await client.query<IndexDefinition>(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE i.indrelid = 'voters'::regclass AND NOT i.indisprimary ORDER BY c.relname`,
      );
      indexes = found.rows;
      writeFileSync(indexFile, JSON.stringify(indexes, null, 2));
    }
    const started = performance.now();
    if (have < total) {
      for (const index of indexes) await client.query(`DROP INDEX IF EXISTS "${index.name}"`);
      // The load's own session: a lost last second on a crash costs a re-run, not data.
      await client.query('SET synchronous_commit = off');
      const next = createVoterGenerator();
      for (let index = 0; index < have; index += 1) next(index);
      const now = new Date().toISOString();
      for (let from = have; from < total; from += COPY_ROWS) {
        const to = Math.min(from + COPY_ROWS, total);
        await client.query('BEGIN');
        const copy = client.query(copyFrom(`COPY voters (${COPY_COLUMNS.join(', ')}) FROM STDIN`));
        await pipeline(
          Readable.from(
            (function* lines() {
              let chunk = '';
              for (let index = from; index < to; index += 1) {
                const row: Record<string, unknown> = { ...toColumns(voterInputOf(next(index))), created_at: now, updated_at: now, created_by: adminId, updated_by: adminId };
                chunk += `${COPY_COLUMNS.map((column) => copyValue(row[column])).join('\t')}\n`;
                if (chunk.length > 256 * 1024) {
                  yield chunk;
                  chunk = '';
                }
              }
              if (chunk) yield chunk;
            })(),
          ),
          copy,
        );
        await client.query('COMMIT');
        const seconds = (performance.now() - started) / 1000;
        process.stdout.write(`\r  loaded ${to.toLocaleString('en-IN')} voters in ${seconds.toFixed(0)} s (${Math.round((to - have) / seconds).toLocaleString('en-IN')} a second)`);
      }
      console.log('');
    }
    const loaded = performance.now();
    // Index builds: more memory for the sort (this session only), one index at a time.
    await client.query(`SET maintenance_work_mem = '1GB'`);
    for (const index of indexes) {
      const indexStarted = performance.now();
      await client.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      console.log(`  index ${index.name}: ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
    }
    rmSync(indexFile, { force: true });
    const built = performance.now();
    await sql`VACUUM (ANALYZE) voters`.execute(handle.bulkDb);
    await sql`ANALYZE`.execute(handle.bulkDb);
    console.log(
      `  ${total.toLocaleString('en-IN')} voters: COPY ${((loaded - started) / 1000).toFixed(0)} s, indexes ${((built - loaded) / 1000).toFixed(0)} s, VACUUM ANALYZE ${((performance.now() - built) / 1000).toFixed(0)} s`,
    );
  } finally {
    await client.end();
    await handle.close();
  }
}

// The benchmark's own database on the local server for that many voters: voters_10m, voters_1m, voters_250000.
export function postgresBenchUrl(total: number): string {
  const name = total % 1_000_000 === 0 ? `voters_${total / 1_000_000}m` : `voters_${total}`;
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

// npm run bench:postgres-load: BENCH_VOTERS (default 10,000,000) into BENCH_DATABASE_URL (default
// postgresBenchUrl: voters_10m on the local server).
if (import.meta.url === `file://${process.argv[1]}`) {
  const total = Number(process.env.BENCH_VOTERS ?? 10_000_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL || postgresBenchUrl(total);
  console.log(`Loading ${total.toLocaleString('en-IN')} voters into ${new URL(databaseUrl).pathname.slice(1)} with COPY`);
  loadPostgresVoters(databaseUrl, total).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
