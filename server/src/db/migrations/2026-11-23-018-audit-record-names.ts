import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// The name of the record an audit row concerns, as it was when the row was written (a voter's
// full name and voter ID, a user's full name and username, a task's title): "voters #40" tells
// a reader nothing, and the record may since have been renamed or deleted. Rows written before
// this migration keep NULL; nothing can recover the name they had.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_logs').addColumn('record_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_logs').dropColumn('record_name').execute();
}
