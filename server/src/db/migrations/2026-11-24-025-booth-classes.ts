import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
//
// Booth classes and coverage (issue 20, docs/decisions/028-booth-classes-and-coverage.md):
// - booths: the class an office role set over the computed one, with the reason, who and when;
// - voters_contacted_idx: the contacted live voters only (last_contact_at set), by booth and
//   support level, with taluka and village for the analytics filters. A booth's coverage and
//   support breakdown is one range of it, every booth's a scan of the contacted share alone;
//   the booth's live voter count comes from the kept counts (migration 006).
// - voters_booth_serial_contact_idx and voters_booth_house_contact_idx: a worker's pages
//   (serial ranges) and houses with whether each voter is contacted, read from the index alone.
const INDEXES: [string, string, string][] = [
  ['voters_contacted_idx', 'booth, support_level, taluka, village', 'deleted_at IS NULL AND last_contact_at IS NOT NULL'],
  ['voters_booth_serial_contact_idx', 'booth, part_serial, last_contact_at', 'deleted_at IS NULL'],
  ['voters_booth_house_contact_idx', 'booth, house_no, part_serial, last_contact_at', 'deleted_at IS NULL'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['class_override', 'class_override_reason', 'class_override_by', 'class_override_at']) {
    await db.schema.alterTable('booths').addColumn(column, 'text').execute();
  }
  for (const [name, columns, condition] of INDEXES) await sql.raw(`CREATE INDEX ${name} ON voters (${columns}) WHERE ${condition}`).execute(db);
  // (booth, part_serial, last_contact_at) serves every read (booth, part_serial) served, and
  // SQLite's planner took the narrower one for a worker's pages, reading each voter's row
  // (2.2 s instead of 0.23 s at 1,000,000 voters).
  await sql.raw('DROP INDEX voters_booth_serial_idx').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('CREATE INDEX voters_booth_serial_idx ON voters (booth, part_serial) WHERE deleted_at IS NULL').execute(db);
  for (const [name] of INDEXES) await sql.raw(`DROP INDEX ${name}`).execute(db);
  for (const column of ['class_override_at', 'class_override_by', 'class_override_reason', 'class_override']) {
    await db.schema.alterTable('booths').dropColumn(column).execute();
  }
}
