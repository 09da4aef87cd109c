import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 22, poll day (docs/decisions/031-poll-day-marks.md):
// - poll_marks: who has voted, one row per voter per election (the poll date names the
//   election), with the booth, gender and office-timezone hour copied from the moment of marking
//   so turnout never reads the voters table;
// - poll_turnout: marks counted per election, booth, hour and gender, kept in the same
//   transaction as the marks (the live dashboard reads a few thousand rows, never the marks);
// - poll_chases: the latest "called / coming / won't come" for a supporter on poll day;
// - poll_requests: the answers to marks and undos sent with an Idempotency-Key, so the phone's
//   outbox can send one again and get the first answer without changing anything.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('poll_marks')
    .addColumn('election', 'text', (col) => col.notNull())
    .addColumn('voter_id', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('part_serial', 'integer')
    .addColumn('gender', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('marked_hour', 'integer', (col) => col.notNull())
    .addColumn('marked_at', 'text', (col) => col.notNull())
    // No foreign key: a deleted user's marks stay, under the name they had.
    .addColumn('marked_by', 'integer')
    .addColumn('marked_by_name', 'text')
    .addPrimaryKeyConstraint('poll_marks_pk', ['election', 'voter_id'])
    .execute();
  // A booth's recent marks, newest first.
  await db.schema.createIndex('poll_marks_booth_idx').on('poll_marks').columns(['election', 'booth', 'marked_at']).execute();

  await db.schema
    .createTable('poll_turnout')
    .addColumn('election', 'text', (col) => col.notNull())
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('hour', 'integer', (col) => col.notNull())
    .addColumn('gender', 'text', (col) => col.notNull())
    .addColumn('marks', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('poll_turnout_pk', ['election', 'booth', 'hour', 'gender'])
    .execute();

  await db.schema
    .createTable('poll_chases')
    .addColumn('election', 'text', (col) => col.notNull())
    .addColumn('voter_id', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('poll_chases_pk', ['election', 'voter_id'])
    .execute();

  await db.schema
    .createTable('poll_requests')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('poll_requests_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('poll_requests').execute();
  await db.schema.dropTable('poll_chases').execute();
  await db.schema.dropTable('poll_turnout').execute();
  await db.schema.dropTable('poll_marks').execute();
}
