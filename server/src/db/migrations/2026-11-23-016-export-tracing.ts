import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// The daily export limit: one row per user and office day, counting the exports that were
// allowed to start. Taking a slot is a single conditional upsert, so parallel requests at the
// limit cannot both pass.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_counts')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('exports', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('export_counts_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_counts').execute();
}
