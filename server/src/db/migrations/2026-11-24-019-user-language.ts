import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// The interface language each user chose for themselves (en, mr, hi or gu). NULL means they
// have not chosen and follow the Language setting. Stored on the user, so it follows them to
// any device.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
