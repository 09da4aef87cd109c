import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: the language a voter's messages are written in (mr, hi, gu, en); null: the
// office's language. A nullable column: no rewrite of the voters table on either database.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').addColumn('message_language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').dropColumn('message_language').execute();
}
