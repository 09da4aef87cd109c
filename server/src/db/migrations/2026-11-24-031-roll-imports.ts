import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 19, the roll import (docs/decisions/036-roll-import.md):
// - roll_imports: one uploaded roll PDF and its job (queued, reading, review, committing, done,
//   cancelled, failed), its progress, the part and booth it is for, and what the commit did;
// - roll_import_voters: each voter box the reader found (as JSON), the office's corrections,
//   whether it needs review, and whether the commit applies it;
// - roll_import_covers: the cover page's facts (polling station, sections, printed totals).
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

// An auto-numbered integer primary key: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite, an identity
// column on PostgreSQL.
function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('roll_imports'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    // Where the PDF waits under DATA_DIR while the import runs; null once it is deleted.
    .addColumn('file_path', 'text')
    .addColumn('part_no', 'integer')
    .addColumn('booth', 'text')
    .addColumn('page_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pages_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('voters_found', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // JSON: what the commit did (created, updated, unchanged, deleted, skipped).
    .addColumn('result', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('roll_imports_state_idx').on('roll_imports').columns(['state', 'id']).execute();

  await db.schema
    .createTable('roll_import_voters')
    .addColumn('import_id', 'integer', (col) => col.notNull().references('roll_imports.id').onDelete('cascade'))
    // The box's place in the import (page, then position on the page), 1-based.
    .addColumn('n', 'integer', (col) => col.notNull())
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('serial_no', 'integer')
    // The EPIC as corrected, else as read (upper case): what the commit matches voters by.
    .addColumn('epic', 'text')
    // JSON: the box as the reader found it (RollVoterBox without its photo).
    .addColumn('box', 'text', (col) => col.notNull())
    // JSON: the fields a person corrected, by field name.
    .addColumn('corrected', 'text')
    .addColumn('flagged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reviewed', 'integer', (col) => col.notNull().defaultTo(0))
    // Whether the commit applies the box (a deleted-mark box deletes only when a person ticks it).
    .addColumn('apply', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('has_photo', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('roll_import_voters_pk', ['import_id', 'n'])
    .execute();
  await db.schema.createIndex('roll_import_voters_epic_idx').on('roll_import_voters').columns(['import_id', 'epic']).execute();
  await db.schema.createIndex('roll_import_voters_flagged_idx').on('roll_import_voters').columns(['import_id', 'flagged', 'n']).execute();

  await db.schema
    .createTable('roll_import_covers')
    .addColumn('import_id', 'integer', (col) => col.notNull().references('roll_imports.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    // JSON: RollCoverFacts.
    .addColumn('facts', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('roll_import_covers_pk', ['import_id', 'page'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('roll_import_covers').execute();
  await db.schema.dropTable('roll_import_voters').execute();
  await db.schema.dropTable('roll_imports').execute();
}
