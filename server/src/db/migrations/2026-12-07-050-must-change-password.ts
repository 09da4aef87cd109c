import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 57: a generated or reset password (someone else has seen it) must be replaced at the
// first sign-in before anything else can be done. 1 until the user sets their own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (column) => column.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
