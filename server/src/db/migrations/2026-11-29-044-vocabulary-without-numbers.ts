import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, an import of a million voters into ten million on PostgreSQL (decision 053).
// PostgreSQL only; nothing on SQLite. The name vocabulary (migration 039) took every term of
// every new voter, the voter ID's among them ("abc1234567"): a new term for every voter, put at
// a random place of a B-tree of ten million terms. Measured on an 11-million-voter copy, 50,000
// voters inserted booth by booth: the vocabulary's trigger cost 19 to 28 µs a voter with the
// voter IDs, 7 without them.
// The app reads the vocabulary only to turn a typed word into the whole terms it starts, and it
// looks up only a word with no digit after its first character (a key's mark, KEY_MARK "0", is
// a first character): a word with a digit inside stays a prefix, which the name index answers
// on its own. Such a word needs only its stem in the vocabulary, up to its first digit after
// the first character ("abc1234567" as "abc1", "flat12" as "flat1"), so that a typed word of
// letters ("abc") still finds the terms it starts ('abc1':* there): an EPIC series has ten
// stems, already known after its first voters. The whole terms it already holds stay (read as
// stems too; deleting ten million rows would only bloat the table).
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const TERMS = (alias: string) => `unnest(string_to_array(coalesce(${alias}.full_name_terms, '') || ' ' || coalesce(${alias}.father_husband_name_terms, ''), ' '))`;
const STEM = (term: string) => `CASE WHEN substr(${term}, 2) ~ '[0-9]' THEN substring(${term} from '^.[^0-9]*[0-9]') ELSE ${term} END`;
const AS_IS = (term: string) => term;

// The terms of `source` (rows of the two term columns) the vocabulary lacks, as `kept` keeps
// them: distinct first, then looked up (migration 041).
const NEW_TERMS = (source: string, kept: (term: string) => string) =>
  `INSERT INTO voter_name_vocabulary (term) SELECT added.term FROM (SELECT DISTINCT ${kept('t.term')} AS term FROM ${source}, ${TERMS('named')} AS t(term) WHERE t.term <> '') added ` +
  `WHERE NOT EXISTS (SELECT 1 FROM voter_name_vocabulary known WHERE known.term = added.term COLLATE "C")`;
const INSERTED = 'new_voters AS named';
const CHANGED = '(SELECT new.full_name_terms, new.father_husband_name_terms) AS named';

const replace = (name: string, statement: string) => sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`);

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await replace('voter_name_vocabulary_insert', NEW_TERMS(INSERTED, STEM)).execute(db);
  await replace('voter_name_vocabulary_update', NEW_TERMS(CHANGED, STEM)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // Migrations 041's and 039's terms, as they are.
  await replace('voter_name_vocabulary_insert', NEW_TERMS(INSERTED, AS_IS)).execute(db);
  await replace('voter_name_vocabulary_update', NEW_TERMS(CHANGED, AS_IS)).execute(db);
}
