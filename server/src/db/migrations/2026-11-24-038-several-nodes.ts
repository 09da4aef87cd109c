import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, several app nodes (decision 043).
// - voter_photo_files, PostgreSQL only: voter photos live in the database, so a photo uploaded
//   through one node is served by every other. `name` is the voters.voter_image value; both
//   sizes are WebP bytes. On SQLite (one machine) photos stay files under DATA_DIR/uploads/voters.
// - jobs.owner and roll_imports.owner, both databases: the server process that runs the job, so
//   that a node starting up recovers only the jobs of processes that are gone, not those of a
//   node still at work. Null for rows from before (recovered as before).
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('owner', 'text').execute();
  await db.schema.alterTable('roll_imports').addColumn('owner', 'text').execute();
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('voter_photo_files')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('full_size', sql`bytea`, (col) => col.notNull())
    .addColumn('thumbnail', sql`bytea`, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roll_imports').dropColumn('owner').execute();
  await db.schema.alterTable('jobs').dropColumn('owner').execute();
  if (!isPostgres(db)) return;
  await db.schema.dropTable('voter_photo_files').execute();
}
