import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: what the gateway reported back for each message to a voter (delivered or failed,
// why, when), found by the gateway's message id.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voter_send_recipients').addColumn('delivery_status', 'text').execute();
  await db.schema.alterTable('voter_send_recipients').addColumn('delivery_error', 'text').execute();
  await db.schema.alterTable('voter_send_recipients').addColumn('delivery_reported_at', 'text').execute();
  await db.schema.createIndex('voter_send_recipients_provider_idx').on('voter_send_recipients').column('provider_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('voter_send_recipients_provider_idx').execute();
  await db.schema.alterTable('voter_send_recipients').dropColumn('delivery_reported_at').execute();
  await db.schema.alterTable('voter_send_recipients').dropColumn('delivery_error').execute();
  await db.schema.alterTable('voter_send_recipients').dropColumn('delivery_status').execute();
}
