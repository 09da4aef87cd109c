import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { BOOTHS } from '../shared/reference/booths';
import { VILLAGES_BY_TALUKA } from '../shared/reference/voter-lists';
import { PROGRAM_KINDS, type VillageProgramQuery } from '../shared/village-programs/village-program-schema';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { getProgram, listPrograms, notVisited } from '../server/src/features/village-programs/village-programs-use-cases';
import { BENCH_DATA_DIR } from './seed-database';

// Issue 59, village programs (decision 072): BENCH_PROGRAMS programs (default 10,000) over the
// 335 villages of the list and the last three years, 1-3 booths each, and BENCH_REQUESTS service
// requests (default 100,000), a fifth raised at a program. Times, through the use cases the
// routes call (no HTTP), the list's first page, a filtered list, a field user's list (3 booths),
// a program's detail and the not-visited list: p50 / p95 of 50 runs, one at a time. SQLite by
// default; PostgreSQL with BENCH_DATABASE_URL (an empty database: the tables are made here).
const PROGRAMS = Number(process.env.BENCH_PROGRAMS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const RUNS = 50;

async function main() {
  const sqliteFile = path.join(BENCH_DATA_DIR, 'village-programs-bench.sqlite');
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  if (!process.env.BENCH_DATABASE_URL) rmSync(sqliteFile, { force: true });
  const handle = openDatabase({ dataDir: BENCH_DATA_DIR, sqliteFile, databaseUrl: process.env.BENCH_DATABASE_URL });
  const { db } = handle;
  await migrateToLatest(handle.bulkDb);
  const villages = Object.entries(VILLAGES_BY_TALUKA).flatMap(([taluka, names]) => names.map((village) => ({ taluka, village })));
  const started = performance.now();
  const already = await db.selectFrom('village_programs').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(already.count) === 0) {
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (let at = 0; at < PROGRAMS; at += 500) {
        const rows = [];
        for (let index = at; index < Math.min(PROGRAMS, at + 500); index += 1) {
          const place = villages[(index * 7) % villages.length] ?? { taluka: 'Digras', village: 'Arambhi' };
          const day = new Date(Date.now() - ((index * 37) % 1095) * 86_400_000).toISOString().slice(0, 10);
          rows.push({ title: `Program ${index}`, kind: PROGRAM_KINDS[index % PROGRAM_KINDS.length] ?? 'visit', program_date: day, program_time: '10:00', ...place, organiser: 'Bench', expected_attendance: 100, actual_attendance: null, notes: null, created_at: now, updated_at: now });
        }
        const ids = await trx.insertInto('village_programs').values(rows).returning('id').execute();
        const booths = ids.flatMap(({ id }) => Array.from({ length: (id % 3) + 1 }, (_, offset) => ({ program_id: id, booth: BOOTHS[(id * 5 + offset * 11) % BOOTHS.length] ?? 'Booth-01' })));
        await trx.insertInto('village_program_booths').values(booths).execute();
      }
      for (let at = 0; at < REQUESTS; at += 500) {
        const rows = [];
        for (let index = at; index < Math.min(REQUESTS, at + 500); index += 1) {
          rows.push({ receipt_no: `SR-2026-${index}`, voter_id: null, citizen_name: `Citizen ${index}`, citizen_mobile: null, category: 'water', department: null, description: 'Bench', booth: BOOTHS[index % BOOTHS.length] ?? null, village: null, priority: 'Medium', status: 'New', assigned_to: null, due_date: null, created_by: null, created_by_name: 'Bench', created_at: now, updated_at: now, resolved_at: null, program_id: index % 5 === 0 ? (index % PROGRAMS) + 1 : null });
        }
        await trx.insertInto('service_requests').values(rows).execute();
      }
    });
    await sql`ANALYZE`.execute(db);
  }
  console.log(`seeded ${PROGRAMS} programs and ${REQUESTS} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const measure = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(RUNS / 2)] ?? 0, p95: times[Math.floor(RUNS * 0.95)] ?? 0 };
  };
  const query = (filters: Partial<VillageProgramQuery> = {}): VillageProgramQuery => ({ page: 1, limit: 25, village: null, ...filters });
  const field = { kind: 'booths', booths: ['Booth-05', 'Booth-17', 'Booth-230'] } as const;
  const today = new Date().toISOString().slice(0, 10);
  const rows = [
    ['list, first page (office)', await measure(() => listPrograms(db, { kind: 'all' }, query()))],
    ['list, page 100 (office)', await measure(() => listPrograms(db, { kind: 'all' }, query({ page: 100 })))],
    ['filtered: Ner, camps, this year', await measure(() => listPrograms(db, { kind: 'all' }, query({ taluka: 'Ner', kind: 'camp', from: `${today.slice(0, 4)}-01-01`, to: today })))],
    ['filtered: one village', await measure(() => listPrograms(db, { kind: 'all' }, query({ village: 'Loni' })))],
    ['list, first page (field user, 3 booths)', await measure(() => listPrograms(db, field, query()))],
    ['detail with its requests', await measure(() => getProgram(db, { kind: 'all' }, 5))],
    ['not visited in 90 days, all talukas', await measure(() => notVisited(db, { days: 90 }))],
  ] as const;
  console.log(`\n${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${PROGRAMS} programs, ${REQUESTS} requests, one at a time\n`);
  console.log('| read | p50 ms | p95 ms |\n|---|---:|---:|');
  for (const [name, { p50, p95 }] of rows) console.log(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
  await handle.close();
}

void main();
