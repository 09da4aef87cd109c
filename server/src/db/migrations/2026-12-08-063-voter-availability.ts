import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Voter availability (issue 61, docs/decisions/086-voter-availability.md). The office's review of
// deceased / moved-away flags (migration 023) becomes the queue of every availability report a
// worker makes from a voter's card: shifted, out of town, not found at the address, deceased,
// double entry. On voter_flags:
// - reason: why the worker says so (a contact's flag keeps its contact's note instead);
// - other_voter_id: for a double entry, the other entry of the same person. No foreign key: a
//   voter purged at the end of retention leaves the id behind, read as "gone" (and SQLite cannot
//   drop a column that carries one);
// - version: raised by each change (a second report adding its reason, a decision), so a
//   decision taken on an older view of the report is refused.
// Nullable columns and a constant default: no table rewrite on either database.

const NEW_KINDS = ['out_of_town', 'not_found', 'double_entry'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voter_flags').addColumn('reason', 'text').execute();
  await db.schema.alterTable('voter_flags').addColumn('other_voter_id', 'integer').execute();
  await db.schema.alterTable('voter_flags').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The kinds before this migration were deceased and moved away only.
  await db.deleteFrom('voter_flags').where('kind', 'in', NEW_KINDS).execute();
  for (const column of ['version', 'other_voter_id', 'reason']) await db.schema.alterTable('voter_flags').dropColumn(column).execute();
}
