import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: the dispatcher asks every second for the next few queued messages of a send in
// voter order. With (send_id, status) alone SQLite walked the send's rows in voter order past
// every one already sent (half of 50,000 sent: 5 ms a pass on a bare table, with the event loop
// held); with voter_id added it reads the first few (0.06 ms). The counts and the cancel read
// the same index's first two columns.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('voter_send_recipients_due_idx').on('voter_send_recipients').columns(['send_id', 'status', 'voter_id']).execute();
  await db.schema.dropIndex('voter_send_recipients_status_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('voter_send_recipients_status_idx').on('voter_send_recipients').columns(['send_id', 'status']).execute();
  await db.schema.dropIndex('voter_send_recipients_due_idx').execute();
}
