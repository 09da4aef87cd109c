import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Coverage counts listed, active voters (issue 20, docs/decisions/029-coverage-of-active-voters.md):
// a voter marked as a duplicate roll entry (migration 024) counts nowhere, and a deceased or
// shifted one (is_dead, present_in_city) is counted apart, not among the voters to contact.
// - voters_contacted_idx (migration 025) holds the contacted voters who are listed and active;
// - voters_gone_idx holds the listed voters who are deceased or shifted, by booth (a tenth of a
//   roll or less), for the counts shown apart;
// - a worker's pages and houses (migration 025's two indexes) also carry the columns that tell
//   listed and active voters, deleted_at too (always null in them: SQLite still reads the
//   column of a partial index's condition), so worker coverage is read from the index alone
//   (EXPLAIN: COVERING INDEX).
const LISTED = 'deleted_at IS NULL AND duplicate_of IS NULL';
const AFTER: [string, string, string][] = [
  ['voters_contacted_idx', 'booth, support_level, taluka, village', `${LISTED} AND last_contact_at IS NOT NULL AND is_dead = 0 AND present_in_city = 1`],
  ['voters_gone_idx', 'booth, is_dead, taluka, village', `${LISTED} AND (is_dead = 1 OR present_in_city = 0)`],
  ['voters_booth_serial_contact_idx', 'booth, part_serial, last_contact_at, duplicate_of, is_dead, present_in_city, deleted_at', 'deleted_at IS NULL'],
  ['voters_booth_house_contact_idx', 'booth, house_no, part_serial, last_contact_at, duplicate_of, is_dead, present_in_city, deleted_at', 'deleted_at IS NULL'],
];
// Migration 025's definitions, for down.
const BEFORE: [string, string, string][] = [
  ['voters_contacted_idx', 'booth, support_level, taluka, village', 'deleted_at IS NULL AND last_contact_at IS NOT NULL'],
  ['voters_booth_serial_contact_idx', 'booth, part_serial, last_contact_at', 'deleted_at IS NULL'],
  ['voters_booth_house_contact_idx', 'booth, house_no, part_serial, last_contact_at', 'deleted_at IS NULL'],
];

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

async function build(db: Kysely<any>, indexes: [string, string, string][], drop: string[]): Promise<void> {
  // An import cut short may have dropped some of these and noted them for rebuilding
  // (migration 010): they are built here, so the note goes.
  if (!isPostgres(db)) await db.deleteFrom('voter_deferred_indexes').where('name', 'in', drop).execute();
  for (const name of drop) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  for (const [name, columns, condition] of indexes) await sql.raw(`CREATE INDEX ${name} ON voters (${columns}) WHERE ${condition}`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await build(
    db,
    AFTER,
    AFTER.map(([name]) => name),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await build(
    db,
    BEFORE,
    AFTER.map(([name]) => name),
  );
}
