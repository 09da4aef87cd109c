import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, PostgreSQL at ten million voters (decision 041). PostgreSQL only; nothing on SQLite.
// - voter_deferred_indexes, which SQLite has had since migration 010: a large import into a
//   small table drops the voters' indexes and builds them after its rows; the table keeps each
//   dropped index's definition until it is built again, so a crash cannot lose one.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('voter_deferred_indexes')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('definition', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('voter_deferred_indexes').execute();
}
