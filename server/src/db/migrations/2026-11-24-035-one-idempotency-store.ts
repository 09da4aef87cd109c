import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 22's load target (decision 040): poll-day marks keep their Idempotency-Keys in
// idempotency_keys (migration 030) like every other queued change, instead of poll_requests of
// their own, which nothing pruned (about 240,000 rows a poll day). The keys kept so far move
// over, marked with the request 'POST /api/poll' (poll_requests did not keep the URL): they
// replay for any mark or undo. A key both tables held keeps its idempotency_keys row.
const LEGACY_POLL_REQUEST = 'POST /api/poll';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    INSERT INTO idempotency_keys (user_id, key, request, status, response, created_at)
    SELECT user_id, key, ${LEGACY_POLL_REQUEST}, CASE WHEN answer IS NULL THEN NULL ELSE 200 END, answer, created_at FROM poll_requests
    WHERE NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = poll_requests.user_id AND k.key = poll_requests.key)`.execute(db);
  await db.schema.dropTable('poll_requests').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('poll_requests')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('poll_requests_pk', ['user_id', 'key'])
    .execute();
  const pollRequests = sql`(request = ${LEGACY_POLL_REQUEST} OR request LIKE 'POST /api/poll/booths/%')`;
  await sql`INSERT INTO poll_requests (user_id, key, answer, created_at) SELECT user_id, key, response, created_at FROM idempotency_keys WHERE ${pollRequests}`.execute(db);
  await sql`DELETE FROM idempotency_keys WHERE ${pollRequests}`.execute(db);
}
