import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Contacts and support (issue 20, docs/decisions/026-contacts-and-support.md):
// - voter_contacts: each contact a worker recorded with a voter (channel, outcome, issues raised
//   as a JSON list of names, note), kept as history.
// - voter_flags: a "deceased" or "moved away" outcome waiting for an office role to confirm or
//   dismiss it; at most one pending flag of a kind per voter.
// - on voters: the support level (the latest support outcome) with the time and id of the
//   contact that set it, so concurrent contacts keep the latest whatever order they commit in;
//   the time of the latest contact of any outcome; and is_missing (बेपत्ता), a new voter field.
// Constant defaults and nullable columns: no table rewrite on either database.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

// The roll states the voter filter reads (deceased, shifted, missing), each a small partial
// index of the live voters in that state, in id order: a page or a count of them reads no other
// voter. The state's column leads: SQLite's planner takes a partial index on (id) alone for a
// scan and prefers another index.
const STATE_INDEXES: Record<string, [string, string]> = {
  voters_dead_idx: ['is_dead', 'is_dead = 1'],
  voters_shifted_idx: ['present_in_city', 'present_in_city = 0'],
  voters_missing_idx: ['is_missing', 'is_missing = 1'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').addColumn('support_level', 'text').execute();
  await db.schema.alterTable('voters').addColumn('support_at', 'text').execute();
  await db.schema.alterTable('voters').addColumn('support_contact_id', 'integer').execute();
  await db.schema.alterTable('voters').addColumn('last_contact_at', 'text').execute();
  await db.schema.alterTable('voters').addColumn('is_missing', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  // The support filter, newest first, as the other filter indexes (migration 003).
  await db.schema.createIndex('voters_support_idx').on('voters').columns(['support_level', 'id']).where(sql.ref('deleted_at'), 'is', null).execute();
  for (const [name, [column, condition]] of Object.entries(STATE_INDEXES)) {
    await sql.raw(`CREATE INDEX ${name} ON voters (${column}, id) WHERE deleted_at IS NULL AND ${condition}`).execute(db);
  }

  await withIdColumn(db, db.schema.createTable('voter_contacts'))
    // A voter purged at the end of retention takes its contacts with it.
    .addColumn('voter_id', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    // No foreign key: a deleted user's contacts stay, under the name they had.
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('issues', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('voter_contacts_voter_idx').on('voter_contacts').columns(['voter_id', 'created_at', 'id']).execute();
  // Coverage by worker (contacts per user over time).
  await db.schema.createIndex('voter_contacts_user_idx').on('voter_contacts').columns(['user_id', 'created_at']).execute();

  await withIdColumn(db, db.schema.createTable('voter_flags'))
    .addColumn('voter_id', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('contact_id', 'integer', (col) => col.references('voter_contacts.id').onDelete('set null'))
    .addColumn('raised_by', 'integer')
    .addColumn('raised_by_name', 'text')
    .addColumn('raised_at', 'text', (col) => col.notNull())
    .addColumn('resolved_by', 'integer')
    .addColumn('resolved_by_name', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_note', 'text')
    .execute();
  // One pending flag of a kind per voter: a second "deceased" waits with the first.
  await db.schema.createIndex('voter_flags_pending_unique').on('voter_flags').columns(['voter_id', 'kind']).unique().where(sql.ref('status'), '=', sql.lit('pending')).execute();
  await db.schema.createIndex('voter_flags_status_idx').on('voter_flags').columns(['status', 'id']).execute();
  await db.schema.createIndex('voter_flags_voter_idx').on('voter_flags').columns(['voter_id', 'id']).execute();
  await db.schema.createIndex('voter_flags_contact_idx').on('voter_flags').column('contact_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('voter_flags').execute();
  await db.schema.dropTable('voter_contacts').execute();
  for (const name of ['voters_support_idx', ...Object.keys(STATE_INDEXES)]) await db.schema.dropIndex(name).execute();
  for (const column of ['is_missing', 'last_contact_at', 'support_contact_id', 'support_at', 'support_level']) {
    await db.schema.alterTable('voters').dropColumn(column).execute();
  }
}
