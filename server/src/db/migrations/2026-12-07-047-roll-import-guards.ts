import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 54, the roll import guards the office's data (docs/decisions/064-roll-import-guards.md):
// - booths.constituency: the constituency printed on the roll last saved into the booth, so a
//   roll of another constituency is told apart before it is saved;
// - roll_import_voters.seen, seen_voter_id, seen_version: the stored voter a box was compared
//   with when the review showed it (its id and version; seen = 1 once taken), so a commit never
//   overwrites an edit made after the review;
// - voters_deleted_voter_id_idx: the EPICs of deleted voters (few), so a roll's entry of a voter
//   the office deleted on purpose is found without reading the whole voters table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booths').addColumn('constituency', 'text').execute();
  await db.schema.alterTable('roll_import_voters').addColumn('seen', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('roll_import_voters').addColumn('seen_voter_id', 'integer').execute();
  await db.schema.alterTable('roll_import_voters').addColumn('seen_version', 'integer').execute();
  await db.schema.createIndex('voters_deleted_voter_id_idx').on('voters').column('voter_id').where(sql.ref('deleted_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('voters_deleted_voter_id_idx').execute();
  await db.schema.alterTable('roll_import_voters').dropColumn('seen_version').execute();
  await db.schema.alterTable('roll_import_voters').dropColumn('seen_voter_id').execute();
  await db.schema.alterTable('roll_import_voters').dropColumn('seen').execute();
  await db.schema.alterTable('booths').dropColumn('constituency').execute();
}
