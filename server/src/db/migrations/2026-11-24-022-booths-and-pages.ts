import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
//
// Issue 20, booths and roll pages (docs/decisions/025-booths-and-roll-pages.md):
// - voters.part_serial, the voter's serial number in their part of the roll, with an index on
//   (booth, part_serial) so a roll page (a range of serials in one booth) is one index range;
// - booths, one row per Booth-01 … Booth-396 (id = the number in the label; the voters keep
//   naming their booth by label), with the polling station and the part's sections;
// - page_assignments and house_assignments: which Karyakarta holds which page, or which house
//   numbers, of a booth (one holder each).
const BOOTH_COUNT = 396;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').addColumn('part_serial', 'integer').execute();
  await db.schema.createIndex('voters_booth_serial_idx').on('voters').columns(['booth', 'part_serial']).where(sql.ref('deleted_at'), 'is', null).execute();

  await db.schema
    .createTable('booths')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('label', 'text', (col) => col.notNull().unique())
    .addColumn('part_number', 'integer')
    .addColumn('polling_station_number', 'integer')
    .addColumn('polling_station_name', 'text')
    .addColumn('polling_station_address', 'text')
    .addColumn('village', 'text')
    .addColumn('taluka', 'text')
    // JSON: [{ "number": 1, "name": "..." }, ...]
    .addColumn('sections', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  const now = new Date().toISOString();
  // The booth's number is its part number until the office or a roll import says otherwise.
  const rows = Array.from({ length: BOOTH_COUNT }, (_, index) => ({
    id: index + 1,
    label: `Booth-${String(index + 1).padStart(2, '0')}`,
    part_number: index + 1,
    sections: '[]',
    updated_at: now,
  }));
  for (let start = 0; start < rows.length; start += 100) await db.insertInto('booths').values(rows.slice(start, start + 100)).execute();

  for (const [table, key, type] of [
    ['page_assignments', 'page', 'integer'],
    ['house_assignments', 'house_no', 'text'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('booth_id', 'integer', (col) => col.notNull().references('booths.id').onDelete('cascade'))
      .addColumn(key, type, (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('assigned_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('assigned_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['booth_id', key])
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'booth_id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('house_assignments').execute();
  await db.schema.dropTable('page_assignments').execute();
  await db.schema.dropTable('booths').execute();
  await db.schema.dropIndex('voters_booth_serial_idx').execute();
  await db.schema.alterTable('voters').dropColumn('part_serial').execute();
}
