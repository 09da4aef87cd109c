import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Past results per booth (issue 61, docs/decisions/076-past-results-per-booth.md): an election
// imported from a Form-20-like sheet, its candidates in the sheet's column order (the party when
// the header names one from the party list), and per booth the electors, the votes polled and a
// row of votes per candidate. Deleting an election deletes its rows (ON DELETE CASCADE).

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('past_elections'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text')
    .addColumn('imported_by', 'integer')
    .addColumn('imported_by_name', 'text')
    .addColumn('imported_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // One election of a kind and year by one name: a second import of it replaces the first.
  await db.schema.createIndex('past_elections_unique').on('past_elections').columns(['kind', 'year', 'name']).unique().execute();

  await withIdColumn(db, db.schema.createTable('past_candidates'))
    .addColumn('election_id', 'integer', (col) => col.notNull().references('past_elections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('party', 'text')
    .execute();
  await db.schema.createIndex('past_candidates_election_idx').on('past_candidates').columns(['election_id', 'position']).unique().execute();

  await db.schema
    .createTable('past_booth_results')
    .addColumn('election_id', 'integer', (col) => col.notNull().references('past_elections.id').onDelete('cascade'))
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('electors', 'integer', (col) => col.notNull())
    .addColumn('polled', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('past_booth_results_pk', ['election_id', 'booth'])
    .execute();
  // A booth's history across elections.
  await db.schema.createIndex('past_booth_results_booth_idx').on('past_booth_results').columns(['booth', 'election_id']).execute();

  await db.schema
    .createTable('past_booth_votes')
    .addColumn('election_id', 'integer', (col) => col.notNull().references('past_elections.id').onDelete('cascade'))
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('candidate_id', 'integer', (col) => col.notNull().references('past_candidates.id').onDelete('cascade'))
    .addColumn('votes', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('past_booth_votes_pk', ['election_id', 'booth', 'candidate_id'])
    .execute();
  await db.schema.createIndex('past_booth_votes_booth_idx').on('past_booth_votes').columns(['booth', 'election_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('past_booth_votes').execute();
  await db.schema.dropTable('past_booth_results').execute();
  await db.schema.dropTable('past_candidates').execute();
  await db.schema.dropTable('past_elections').execute();
}
