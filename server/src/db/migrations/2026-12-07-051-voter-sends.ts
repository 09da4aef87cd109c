import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: templates of messages to voters (a text per language, the DLT template id), the
// sends made from them (a job: status, counts, cost, who asked and who approved), and one row
// per voter a send goes to, with the text they get and its delivery.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('voter_message_templates'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('dlt_template_id', 'text', (col) => col.notNull())
    .addColumn('texts', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await withIdColumn(db, db.schema.createTable('voter_sends'))
    .addColumn('template_id', 'integer')
    .addColumn('template_name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('dlt_template_id', 'text', (col) => col.notNull())
    .addColumn('audience', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('no_mobile', 'integer', (col) => col.notNull())
    .addColumn('opted_out', 'integer', (col) => col.notNull())
    .addColumn('parts', 'integer', (col) => col.notNull())
    .addColumn('price_paise', 'integer', (col) => col.notNull())
    .addColumn('not_before', 'text')
    .addColumn('stop_reason', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('approved_by', 'integer')
    .addColumn('approved_by_name', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('voter_sends_status_idx').on('voter_sends').columns(['status', 'id']).execute();
  await db.schema
    .createTable('voter_send_recipients')
    .addColumn('send_id', 'integer', (col) => col.notNull().references('voter_sends.id').onDelete('cascade'))
    .addColumn('voter_id', 'integer', (col) => col.notNull())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('parts', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('voter_send_recipients_pk', ['send_id', 'voter_id'])
    .execute();
  await db.schema.createIndex('voter_send_recipients_status_idx').on('voter_send_recipients').columns(['send_id', 'status']).execute();
  // The day's spend (the budget) sums the parts sent since the office day began.
  await db.schema.createIndex('voter_send_recipients_sent_idx').on('voter_send_recipients').columns(['sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('voter_send_recipients').execute();
  await db.schema.dropTable('voter_sends').execute();
  await db.schema.dropTable('voter_message_templates').execute();
}
