import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { listInbox, listMyNotifications } from '../server/src/features/notifications/notifications-repository';
import { BENCH_DATA_DIR } from './seed-database';

// Issue 21, the inbox: does reading one user's received messages need an index beyond
// notification_recipients_user_idx (user_id, read_at)? A busy year of an office's messages:
// BENCH_MESSAGES notifications (default 5,000), each to BENCH_RECIPIENTS users (default 300) of
// 1,000, so one user holds ~1,500 of ~1.5 million deliveries. Times the inbox's first and a
// deep page and the bell's latest 50, p50 / p95 of 50 runs. SQLite by default; PostgreSQL with
// BENCH_DATABASE_URL (an empty database: the tables are made here).
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 300);
const USERS = 1000;
const RUNS = 50;

async function main() {
  const sqliteFile = path.join(BENCH_DATA_DIR, 'inbox-bench.sqlite');
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  if (!process.env.BENCH_DATABASE_URL) rmSync(sqliteFile, { force: true });
  const handle = openDatabase({ dataDir: BENCH_DATA_DIR, sqliteFile, databaseUrl: process.env.BENCH_DATABASE_URL });
  const { db } = handle;
  await migrateToLatest(handle.bulkDb);
  const started = performance.now();
  const already = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(already.count) === 0) {
    await db.transaction().execute(async (trx) => {
      const now = Date.now();
      for (let user = 1; user <= USERS; user += 1) {
        await trx.insertInto('users').values({ username: `inbox.${user}`, password_hash: 'x', full_name: `User ${user}`, role: 'Karyakarta', booth_access: '[]', is_active: 1, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() }).execute();
      }
      for (let message = 1; message <= MESSAGES; message += 1) {
        const created = new Date(now - (MESSAGES - message) * 60_000).toISOString();
        const row = await trx.insertInto('notifications').values({ message: `Message ${message}`, type: 'manual', sender_id: 1, sender_name: 'User 1', created_at: created }).returning('id').executeTakeFirstOrThrow();
        const first = (message * 7) % USERS;
        const rows = [];
        for (let index = 0; index < RECIPIENTS; index += 1) {
          const user = ((first + index) % USERS) + 1;
          rows.push({ notification_id: row.id, user_id: user, recipient_name: `User ${user}`, mobile: null, sms_status: 'skipped', sms_error: null, read_at: index % 3 === 0 ? created : null, sms_attempts: 0, sms_provider_id: null, sms_next_attempt_at: null, sms_updated_at: created });
        }
        for (let at = 0; at < rows.length; at += 100) await trx.insertInto('notification_recipients').values(rows.slice(at, at + 100)).execute();
      }
    });
    await sql`ANALYZE`.execute(db);
  }
  console.log(`seeded ${MESSAGES} notifications × ${RECIPIENTS} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const busiest = await db.selectFrom('notification_recipients').select(['user_id', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('user_id').orderBy('count', 'desc').limit(1).executeTakeFirstOrThrow();
  const userId = busiest.user_id;
  const pages = Math.ceil(Number(busiest.count) / 20);
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
  const rows = [
    ['inbox page 1 (20 + counts)', await measure(() => listInbox(db, userId, { page: 1, limit: 20 }))],
    [`inbox page ${pages} (last)`, await measure(() => listInbox(db, userId, { page: pages, limit: 20 }))],
    ['bell: latest 50', await measure(() => listMyNotifications(db, userId, 50))],
  ] as const;
  console.log(`\n${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, user with ${busiest.count} messages received\n`);
  console.log('| read | p50 ms | p95 ms |\n|---|---:|---:|');
  for (const [name, { p50, p95 }] of rows) console.log(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
  await handle.close();
}

void main();
