import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// The leader's appointments (issue 59, docs/decisions/066-the-office-registers.md): one row per
// booking of a 15-minute slot. The partial unique index is what stops a double booking: of two
// staff booking one slot at once, the second insert fails on it on either database, whatever
// the timing. A cancelled booking or a no-show frees its slot.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('appointments'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('appointment_date', 'text', (col) => col.notNull())
    .addColumn('slot', 'text', (col) => col.notNull())
    .addColumn('voter_id', 'integer', (col) => col.references('voters.id').onDelete('set null'))
    .addColumn('visitor_name', 'text', (col) => col.notNull())
    .addColumn('visitor_mobile', 'text')
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('booth', 'text')
    .addColumn('village', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`CREATE UNIQUE INDEX appointments_slot_unique ON appointments (appointment_date, slot) WHERE status IN ('Requested', 'Confirmed', 'Done')`.execute(db);
  // The day view.
  await db.schema.createIndex('appointments_day_idx').on('appointments').columns(['appointment_date', 'slot', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointments').execute();
}
