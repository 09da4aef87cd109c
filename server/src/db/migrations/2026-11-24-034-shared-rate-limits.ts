import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// Issue 23: the server runs as several processes (and later several nodes), so a rate limit
// kept in one process's memory would let each process admit its own quota. One counter per
// limited key, bumped by one atomic upsert. Times are ISO text, compared as text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    // The window ends (and the counter starts again) at this time.
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
