import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// The office's village programs and visits (issue 59, docs/decisions/072-village-programs.md):
// one row per program, the booths it covers in a table of their own (so a field user's booths
// find their programs by an index), and on each service request the program it was raised at
// (a nullable column: a request is raised at one program at most).

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('village_programs'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('program_date', 'text', (col) => col.notNull())
    .addColumn('program_time', 'text')
    .addColumn('taluka', 'text', (col) => col.notNull())
    .addColumn('village', 'text', (col) => col.notNull())
    .addColumn('organiser', 'text')
    .addColumn('expected_attendance', 'integer')
    .addColumn('actual_attendance', 'integer')
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // The list (newest first) and its date range.
  await db.schema.createIndex('village_programs_date_idx').on('village_programs').columns(['program_date', 'id']).execute();
  // A village's history and its last visit (the not-visited list).
  await db.schema.createIndex('village_programs_village_idx').on('village_programs').columns(['taluka', 'village', 'program_date']).execute();

  await db.schema
    .createTable('village_program_booths')
    .addColumn('program_id', 'integer', (col) => col.notNull().references('village_programs.id').onDelete('cascade'))
    .addColumn('booth', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('village_program_booths_pk', ['program_id', 'booth'])
    .execute();
  await db.schema.createIndex('village_program_booths_booth_idx').on('village_program_booths').columns(['booth', 'program_id']).execute();

  await db.schema
    .alterTable('service_requests')
    .addColumn('program_id', 'integer', (col) => col.references('village_programs.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('service_requests_program_idx').on('service_requests').columns(['program_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('service_requests_program_idx').execute();
  await db.schema.alterTable('service_requests').dropColumn('program_id').execute();
  await db.schema.dropTable('village_program_booths').execute();
  await db.schema.dropTable('village_programs').execute();
}
