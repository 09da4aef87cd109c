import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// A large import on SQLite drops the voters' filter indexes and builds them once at its end;
// this table holds each dropped index's definition until it is built again, so an import cut
// short by a crash has its indexes rebuilt when the server next starts.

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createTable('voter_deferred_indexes')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('definition', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropTable('voter_deferred_indexes').execute();
}
