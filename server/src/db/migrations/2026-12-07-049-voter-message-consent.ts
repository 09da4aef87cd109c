import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: a voter's consent to messages (no row: unknown), and the mobile numbers that
// replied STOP or that the gateway reported opted out. A number's opt-out is kept apart from
// the voter: a reply comes from a phone, which may be on several voters' records (a household
// phone) or on none yet; nothing is sent to it until an office user opts a voter back in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('voter_message_consent')
    .addColumn('voter_id', 'integer', (col) => col.primaryKey().references('voters.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('changed_by', 'integer')
    .addColumn('changed_by_name', 'text')
    .addColumn('note', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(2))
    .execute();
  await db.schema
    .createTable('message_opt_out_numbers')
    .addColumn('mobile', 'text', (col) => col.primaryKey())
    .addColumn('opted_out_at', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('reply', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_opt_out_numbers').execute();
  await db.schema.dropTable('voter_message_consent').execute();
}
