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
  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('mobile', 'text')
    .addColumn('age', 'integer')
    .addColumn('address', 'text')
    .addColumn('id_number', 'text')
    .addColumn('dob', 'text')
    .addColumn('designation', 'text')
    .addColumn('organisation', 'text')
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('booth_access', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').columns(['role', 'is_active']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Audit rows keep the user's name as it was, so deleting a user never rewrites history.
  await withIdColumn(db, db.schema.createTable('audit_logs'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('table_name', 'text')
    .addColumn('record_id', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').column('created_at').execute();
  await db.schema.createIndex('audit_logs_action_idx').on('audit_logs').columns(['action', 'created_at']).execute();
  await db.schema.createIndex('audit_logs_user_idx').on('audit_logs').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
