import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 18: a name typed in Latin letters finds it written in Devanagari and the reverse
// (docs/decisions/021-cross-script-name-search.md). Each voter keeps the search terms of its
// full name (with its voter ID) and of its father/husband name: the words as written, in lower
// case, and the phonetic key of each word after a "0" ("sunita patil 0sunit 0ptil"), separated
// by spaces. A search matches each typed word, or its key, as the start of a term.
//
// The terms are computed by the app (shared/search/name-keys.ts), never here: a migration cannot
// import that code, and a copy frozen here would drift from it. The columns start empty, and the
// app fills every voter whose full_name_terms is NULL right after the migrations
// (fillMissingNameTerms), before it serves a request; a later change to the keys sets them back
// to NULL in its own migration. The small partial index finds those voters.
//
// SQLite: an FTS5 index, voter_names_fts, of both columns, live voters only, counted and paged
// by the index alone (as voters_fts, migration 011). The unicode61 tokenizer keeps letters,
// digits and combining marks (Devanagari vowel signs, virama) inside a term; detail=column keeps
// which column a term is in, which is all a term-start match needs; prefix indexes of 2 to 6
// bytes answer a typed word (or key) of that length from one list instead of merging the lists
// of every term it starts (at a million voters a two-word count took 1.9 ms instead of 4.7). A
// live voter is in it once its terms are filled. Filling them (NULL to a value) is left out of
// the update trigger: one index insert per row inside a trigger cost ~250 µs, so the fill adds
// the voters it filled with one INSERT ... SELECT a batch (the database seam's saveNameTerms).
// The app never writes a voter before its terms are filled (the fill runs before it answers).
// PostgreSQL: a GIN index on each column as a text search vector of its terms as they are
// (array_to_tsvector: no parser, no dictionary), searched with prefix queries ('ptil':*).
const COLUMNS = ['full_name_terms', 'father_husband_name_terms'];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const columns = COLUMNS.join(', ');
const values = (alias: string) => COLUMNS.map((column) => `${alias}.${column}`).join(', ');
const indexed = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.full_name_terms IS NOT NULL`;
const changed = COLUMNS.concat('deleted_at').map((name) => `old.${name} IS NOT new.${name}`).join(' OR ');

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('voters').addColumn(column, 'text').execute();
  await sql`CREATE INDEX voters_name_terms_missing ON voters (id) WHERE full_name_terms IS NULL`.execute(db);

  if (isPostgres(db)) {
    for (const column of COLUMNS) {
      await sql`CREATE INDEX ${sql.id(`voters_${column}_tsv`)} ON voters USING gin (array_to_tsvector(string_to_array(coalesce(${sql.ref(column)}, ''), ' '))) WHERE deleted_at IS NULL`.execute(db);
    }
    return;
  }

  await sql
    .raw(
      `CREATE VIRTUAL TABLE voter_names_fts USING fts5(${columns}, content='voters', content_rowid='id', ` +
        `tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'", detail='column', prefix='2 3 4 5 6')`,
    )
    .execute(db);
  // Merging at sixteen segments, as migration 012 does for voters_fts.
  await sql`INSERT INTO voter_names_fts (voter_names_fts, rank) VALUES ('automerge', 16)`.execute(db);
  await sql.raw(`CREATE TRIGGER voter_names_fts_insert AFTER INSERT ON voters WHEN ${indexed('new')} AND ${NOT_BULK} BEGIN INSERT INTO voter_names_fts(rowid, ${columns}) VALUES (new.id, ${values('new')}); END`).execute(db);
  await sql.raw(`CREATE TRIGGER voter_names_fts_delete AFTER DELETE ON voters WHEN ${indexed('old')} BEGIN INSERT INTO voter_names_fts(voter_names_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')}); END`).execute(db);
  // One trigger, so the old entry always goes before the new one comes.
  await sql
    .raw(
      `CREATE TRIGGER voter_names_fts_update AFTER UPDATE OF ${columns}, deleted_at ON voters WHEN old.full_name_terms IS NOT NULL AND (${changed}) BEGIN ` +
        `INSERT INTO voter_names_fts(voter_names_fts, rowid, ${columns}) SELECT 'delete', old.id, ${values('old')} WHERE ${indexed('old')}; ` +
        `INSERT INTO voter_names_fts(rowid, ${columns}) SELECT new.id, ${values('new')} WHERE ${indexed('new')}; END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of COLUMNS) await sql`DROP INDEX IF EXISTS ${sql.id(`voters_${column}_tsv`)}`.execute(db);
  } else {
    for (const name of ['voter_names_fts_insert', 'voter_names_fts_delete', 'voter_names_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql`DROP TABLE IF EXISTS voter_names_fts`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS voters_name_terms_missing`.execute(db);
  for (const column of COLUMNS) await db.schema.alterTable('voters').dropColumn(column).execute();
}
