import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: a voter's wedding anniversary (YYYY-MM-DD, optional), for the day's greetings beside
// birthdays. A nullable column: no rewrite of the voters table on either database.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').addColumn('anniversary_date', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').dropColumn('anniversary_date').execute();
}
