import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 18: a name typed in Latin letters finds it written in Devanagari and the reverse
// (docs/decisions/021-cross-script-name-search.md). Each voter keeps the phonetic keys of its
// full name and father/husband name (one key per word, separated by spaces), and names are
// matched word by word from the start of each word, as typed or by key.
//
// The keys are computed by the app (shared/search/name-keys.ts), never here: a migration cannot
// import that code, and a copy frozen here would drift from it. The columns start empty, and the
// app fills every voter whose full_name_key is NULL right after the migrations
// (fillMissingNameKeys), before it serves a request; a later change to the keys sets them back
// to NULL in its own migration. The small partial index finds those voters.
//
// SQLite: an FTS5 index, voter_names_fts, of the words of the full name, voter ID and
// father/husband name and of both keys, live voters only, counted and paged by the index alone
// (as voters_fts, migration 011). The unicode61 tokenizer splits words where a person would:
// letters, digits and combining marks (Devanagari vowel signs, virama) are part of a word;
// detail=column keeps which column a word is in, which is all a word-start match needs; prefix
// indexes of 2 to 6 bytes answer a typed word (or key) of that length from one list instead of
// merging the lists of every word it starts (at a million voters a two-word count took 1.9 ms
// instead of 4.7, for 53 MB more). A live voter is in it once its keys are filled. Filling keys
// (NULL to a value) is left out of the update trigger: one index insert per row inside a
// trigger cost ~250 µs, so the fill adds the voters it filled with one INSERT ... SELECT a batch
// (the database seam's saveNameKeys). The app never writes a voter before its keys are filled
// (the fill runs before the server answers). PostgreSQL: GIN indexes on the keys as text search vectors ('simple': no
// stemming); the words as typed are matched by the existing trigram indexes.
const LITERAL_COLUMNS = ['full_name', 'voter_id', 'father_husband_name'];
const KEY_COLUMNS = ['full_name_key', 'father_husband_name_key'];
const INDEXED = [...LITERAL_COLUMNS, ...KEY_COLUMNS];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const columns = INDEXED.join(', ');
const values = (alias: string) => INDEXED.map((column) => `${alias}.${column}`).join(', ');
const indexed = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.full_name_key IS NOT NULL`;
const changed = INDEXED.concat('deleted_at').map((name) => `old.${name} IS NOT new.${name}`).join(' OR ');

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of KEY_COLUMNS) await db.schema.alterTable('voters').addColumn(column, 'text').execute();
  await sql`CREATE INDEX voters_name_keys_missing ON voters (id) WHERE full_name_key IS NULL`.execute(db);

  if (isPostgres(db)) {
    for (const column of KEY_COLUMNS) {
      await sql`CREATE INDEX ${sql.id(`voters_${column}_tsv`)} ON voters USING gin (to_tsvector('simple', coalesce(${sql.ref(column)}, ''))) WHERE deleted_at IS NULL`.execute(db);
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
      `CREATE TRIGGER voter_names_fts_update AFTER UPDATE OF ${columns}, deleted_at ON voters WHEN old.full_name_key IS NOT NULL AND (${changed}) BEGIN ` +
        `INSERT INTO voter_names_fts(voter_names_fts, rowid, ${columns}) SELECT 'delete', old.id, ${values('old')} WHERE ${indexed('old')}; ` +
        `INSERT INTO voter_names_fts(rowid, ${columns}) SELECT new.id, ${values('new')} WHERE ${indexed('new')}; END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of KEY_COLUMNS) await sql`DROP INDEX IF EXISTS ${sql.id(`voters_${column}_tsv`)}`.execute(db);
  } else {
    for (const name of ['voter_names_fts_insert', 'voter_names_fts_delete', 'voter_names_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql`DROP TABLE IF EXISTS voter_names_fts`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS voters_name_keys_missing`.execute(db);
  for (const column of KEY_COLUMNS) await db.schema.alterTable('voters').dropColumn(column).execute();
}
