import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { hashPassword } from '../server/src/features/auth/passwords';
import { insertUser } from '../server/src/features/users/users-repository';
import { insertVoters } from '../server/src/features/voters/voters-repository';
import { createVoterGenerator, voterInputOf } from './voter-generator';

// A seeded SQLite file of TOTAL generated voters plus one Admin, shared by the benchmarks;
// made once per size under bench/.data and reused.
const BATCH = 10_000;
export const BENCH_DATA_DIR = path.resolve(import.meta.dirname, '.data');
export const BENCH_ADMIN = { username: 'bench.admin', password: 'Bench-Admin-2026' };

// Signs the benchmark's Admin in on a running server: the header every later call sends.
export async function benchAdminAuth(base: string): Promise<{ authorization: string }> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
  if (!login.ok) throw new Error(`sign-in failed: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

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

  // Bulk load through the database's own fastest path (the import's), one transaction per
  // batch: search index and kept counts are brought up to date per batch.
  await sql`PRAGMA synchronous = OFF`.execute(handle.db);
  await sql`PRAGMA cache_size = -200000`.execute(handle.db);
  const next = createVoterGenerator();
  const started = performance.now();
  const now = new Date().toISOString();
  for (let from = 0; from < TOTAL; from += BATCH) {
    const voters = [];
    for (let index = from; index < Math.min(from + BATCH, TOTAL); index += 1) voters.push(voterInputOf(next(index)));
    await insertVoters(handle.db, handle.dialect, voters, { userId: 1, now });
    if ((from / BATCH) % 10 === 9) process.stdout.write(`\r  loaded ${(from + BATCH).toLocaleString('en-IN')} voters`);
  }
  await sql`ANALYZE`.execute(handle.db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
  await handle.close();
  const seconds = (performance.now() - started) / 1000;
  const megabytes = statSync(sqliteFile).size / 1024 / 1024;
  console.log(`\r  loaded ${TOTAL.toLocaleString('en-IN')} voters in ${seconds.toFixed(1)} s (${megabytes.toFixed(0)} MB file)`);
  return sqliteFile;
}
