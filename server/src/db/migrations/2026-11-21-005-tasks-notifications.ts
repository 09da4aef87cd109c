import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.

// An auto-numbered integer primary key: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite
// (never reuses ids of deleted rows), an identity column on PostgreSQL.
function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('tasks'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('assigned_to', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('due_date', 'text')
    .addColumn('start_date', 'text')
    .addColumn('priority', 'text', (col) => col.notNull().defaultTo('Medium'))
    .addColumn('area', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('Not Started'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('tasks_assigned_to_idx').on('tasks').columns(['assigned_to', 'status']).execute();
  await db.schema.createIndex('tasks_assigned_by_idx').on('tasks').columns(['assigned_by', 'status']).execute();
  await db.schema.createIndex('tasks_status_idx').on('tasks').columns(['status', 'created_at']).execute();

  // One row per message; one delivery row per recipient carries the read state and the
  // SMS delivery state, so a gateway failure never loses the in-app notification.
  await withIdColumn(db, db.schema.createTable('notifications'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('manual'))
    .addColumn('sender_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('sender_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
  await db.schema.createIndex('notifications_sender_idx').on('notifications').columns(['sender_id', 'created_at']).execute();

  await db.schema
    .createTable('notification_recipients')
    .addColumn('notification_id', 'integer', (col) => col.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_name', 'text')
    .addColumn('read_at', 'text')
    .addColumn('mobile', 'text')
    .addColumn('sms_status', 'text', (col) => col.notNull())
    .addColumn('sms_error', 'text')
    .addColumn('sms_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sms_provider_id', 'text')
    .addColumn('sms_next_attempt_at', 'text')
    .addColumn('sms_updated_at', 'text')
    .addPrimaryKeyConstraint('notification_recipients_pk', ['notification_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notification_recipients_user_idx').on('notification_recipients').columns(['user_id', 'read_at']).execute();
  await db.schema.createIndex('notification_recipients_sms_idx').on('notification_recipients').columns(['sms_status', 'sms_next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_recipients').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('tasks').execute();
}
