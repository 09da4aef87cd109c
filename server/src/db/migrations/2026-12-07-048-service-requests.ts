import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// The office's grievance register (issue 59, docs/decisions/066-the-office-registers.md):
// - service_requests: a citizen's request, linked to a voter when the citizen is on the roll
//   (the name and mobile copied in, so the register reads and searches without the voter and
//   keeps the request when the voter is purged), with its receipt number, status and version.
// - service_request_notes: the request's dated history, one row per note or status change.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('service_requests'))
    // Set once the id is known (SR-2026-00123); unique so a citizen's number names one request.
    .addColumn('receipt_no', 'text')
    .addColumn('voter_id', 'integer', (col) => col.references('voters.id').onDelete('set null'))
    .addColumn('citizen_name', 'text', (col) => col.notNull())
    .addColumn('citizen_mobile', 'text')
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('department', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('booth', 'text')
    .addColumn('village', 'text')
    .addColumn('priority', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    // No foreign keys to users: a deleted user's requests stay, under the name they had.
    .addColumn('assigned_to', 'integer')
    .addColumn('due_date', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('service_requests_receipt_unique').on('service_requests').column('receipt_no').unique().execute();
  // The list's filters, newest first: by status (the default view), booth (a field user's
  // scope), assignee, category; the overdue view reads open requests by due date.
  await db.schema.createIndex('service_requests_status_idx').on('service_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('service_requests_booth_idx').on('service_requests').columns(['booth', 'id']).execute();
  await db.schema.createIndex('service_requests_assignee_idx').on('service_requests').columns(['assigned_to', 'id']).execute();
  await db.schema.createIndex('service_requests_category_idx').on('service_requests').columns(['category', 'id']).execute();
  await db.schema.createIndex('service_requests_due_idx').on('service_requests').columns(['due_date', 'id']).where(sql.ref('due_date'), 'is not', null).execute();
  await db.schema.createIndex('service_requests_voter_idx').on('service_requests').columns(['voter_id', 'id']).execute();

  await withIdColumn(db, db.schema.createTable('service_request_notes'))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('service_requests.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('service_request_notes_request_idx').on('service_request_notes').columns(['request_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_request_notes').execute();
  await db.schema.dropTable('service_requests').execute();
}
