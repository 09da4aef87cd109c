import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
// Usernames are unique without regard to case (sign-in matches them so); the code checked it,
// now the database does too, so two concurrent creates of "Ravi" and "ravi" cannot both land.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_username_lower_unique').on('users').unique().expression(sql`lower(username)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_lower_unique').execute();
}
