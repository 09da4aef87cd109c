import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { hashPassword } from '../server/src/features/auth/passwords';
import { insertUser } from '../server/src/features/users/users-repository';
import { insertVotersInBulk } from '../server/src/features/voters/voter-bulk-repository';
import { createVoterGenerator, voterInputOf } from './voter-generator';

// A seeded SQLite file of TOTAL generated voters plus one Admin, shared by the benchmarks;
// made once per size under bench/.data and reused.
const BATCH = 10_000;
export const BENCH_DATA_DIR = path.resolve(import.meta.dirname, '.data');
export const BENCH_ADMIN = { username: 'bench.admin', password: 'Bench-Admin-2026' };

export function seededFile(total: number): string {
  return path.join(BENCH_DATA_DIR, `voters-${total}.sqlite`);
}

export async function seedDatabase(TOTAL: number): Promise<string> {
  const dataDir = BENCH_DATA_DIR;
  const sqliteFile = seededFile(TOTAL);
  const ADMIN = BENCH_ADMIN;
  if (existsSync(sqliteFile)) {
    console.log(`Using the existing ${path.relative(process.cwd(), sqliteFile)} (delete it to regenerate).`);
    return sqliteFile;
  }
  mkdirSync(dataDir, { recursive: true });
  const handle = openDatabase({ dataDir, sqliteFile });
  await migrateToLatest(handle.db);
  await insertUser(handle.db, { username: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), full_name: 'Bench Admin', role: 'Admin', booth_access: ['Admin'] });
  await handle.close();

  // Bulk load straight through better-sqlite3, one transaction per batch, on the import's bulk
  // path: search index and kept counts are brought up to date per batch.
  const sqlite = new SQLite(sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -200000');
  const next = createVoterGenerator();
  const started = performance.now();
  const now = new Date().toISOString();
  const insertBatch = sqlite.transaction((from: number, to: number) => {
    const voters = [];
    for (let index = from; index < to; index += 1) voters.push(voterInputOf(next(index)));
    insertVotersInBulk(sqlite, voters, { userId: 1, now });
  });
  for (let from = 0; from < TOTAL; from += BATCH) {
    insertBatch(from, Math.min(from + BATCH, TOTAL));
    if ((from / BATCH) % 10 === 9) process.stdout.write(`\r  loaded ${(from + BATCH).toLocaleString('en-IN')} voters`);
  }
  sqlite.exec('ANALYZE');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  const seconds = (performance.now() - started) / 1000;
  const megabytes = statSync(sqliteFile).size / 1024 / 1024;
  console.log(`\r  loaded ${TOTAL.toLocaleString('en-IN')} voters in ${seconds.toFixed(1)} s (${megabytes.toFixed(0)} MB file)`);
  return sqliteFile;
}
