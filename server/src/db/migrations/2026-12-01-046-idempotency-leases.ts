import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 57: a claimed Idempotency-Key whose process died (SIGKILL, out of memory) stayed
// "still being saved" for a day, holding a phone's whole outbox. A claim now carries a lease
// that the request renews while it runs and a token naming the claim, so a retry takes over a
// claim whose lease ran out. And a key is bound to its body: the hash of the request's method,
// path and fields (null on rows kept before: their URL alone is compared).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('claim_token', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('claim_token').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('request_hash').execute();
}
