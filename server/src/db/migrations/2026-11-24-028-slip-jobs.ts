import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 22: long work as a job. A row per job (the constituency's voter slips first): what it
// does, its state (queued, running, done, failed, canceled), its progress, a cancel flag the
// worker reads between steps, and where its file is once done. The row outlives the request
// and the page that started it: the page finds the job again after a reload.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    // JSON: what the job was asked (language, format).
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('items', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cancel_requested', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_name', 'text')
    .addColumn('file_bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_kind_id_idx').on('jobs').columns(['kind', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
