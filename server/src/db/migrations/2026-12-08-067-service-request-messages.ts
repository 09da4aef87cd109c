import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// The register's messages to the citizen (issue 59, decision 090): one row per SMS the office
// sends on a request's registration or resolution, queued in the request's transaction and
// sent by the dispatcher outside it, or kept as not sent (opted out, no mobile) with its
// reason. The request's history shows them. Deleted with the request.
// Two indexes for the register's figures: registration days (the date filters, analytics) and
// resolutions (resolved this month).
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('service_request_messages'))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('service_requests.id').onDelete('cascade'))
    // registered | resolved
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text')
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('parts', 'integer', (col) => col.notNull())
    // queued | sent | failed | skipped
    .addColumn('status', 'text', (col) => col.notNull())
    // Why it was not sent (opted out, no mobile) or the gateway's last error.
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('service_request_messages_request_idx').on('service_request_messages').columns(['request_id', 'id']).execute();
  // The dispatcher reads only the queued rows, the next due first.
  await db.schema
    .createIndex('service_request_messages_queued_idx')
    .on('service_request_messages')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'queued')
    .execute();
  await db.schema.createIndex('service_requests_created_idx').on('service_requests').columns(['created_at']).execute();
  await db.schema.createIndex('service_requests_resolved_idx').on('service_requests').columns(['resolved_at']).where(sql.ref('resolved_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('service_requests_resolved_idx').execute();
  await db.schema.dropIndex('service_requests_created_idx').execute();
  await db.schema.dropTable('service_request_messages').execute();
}
