import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
// Second factors live beside the users table rather than in it, so a user row never
// carries a secret and resetting a factor is a delete.

// An auto-numbered integer primary key: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite
// (never reuses ids of deleted rows), an identity column on PostgreSQL.
function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // One authenticator per user; confirmed_at stays empty until the first code proves
  // the app was set up. last_time_step refuses a code that was already used.
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_time_step', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // Single-use codes for a lost phone, stored as SHA-256 hashes.
  await withIdColumn(db, db.schema.createTable('two_factor_recovery_codes'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user_idx').on('two_factor_recovery_codes').column('user_id').execute();

  // The step between a right password and a right code. Only a hash of the challenge
  // token is kept; a challenge expires after a few minutes and a few wrong codes.
  await db.schema
    .createTable('login_challenges')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('login_challenges_user_idx').on('login_challenges').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
}
