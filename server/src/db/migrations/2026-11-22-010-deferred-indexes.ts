import type { Kysely } from 'kysely';
import { isPostgres } from './portable';

// Frozen in time: this file must not import application code.
//
// A large import on SQLite drops the voters' filter indexes and builds them once at its end;
// this table holds each dropped index's definition until it is built again, so an import cut
// short by a crash has its indexes rebuilt when the server next starts.
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
