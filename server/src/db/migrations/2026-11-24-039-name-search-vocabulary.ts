import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, a name search at ten million voters (decision 047). PostgreSQL only; nothing on
// SQLite. A typed word matches a stored name term that starts with it ('sunita':* in the GIN
// index of migration 020). GIN answers a prefix by collecting every voter of every term it
// starts into a bitmap before it can combine the words: "sunita shivaji" built bitmaps of some
// 50,000 voters to find 624 at a million (35 ms of the count's 38). Named as whole terms
// ('sunita' | 'sunitabai'), GIN walks the rarest word's list and skips through the others (the
// same count: 2.6 ms). voter_name_vocabulary holds every term a voter's name terms have held,
// so the app can turn a typed word into the terms it starts before it asks the index.
// - It only grows: a term no voter holds any longer matches nothing in the index, which costs
//   nothing; a term missing from it would lose matches, so every insert and every change of
//   terms adds its terms in the same transaction.
// - No unique constraint: two transactions adding the same new term would wait on each other
//   (and could deadlock across an import's statements); a term twice is harmless, and reads say
//   DISTINCT.
// - Inserts add their terms once per statement (a transition table: an import's 5,000 voters or
//   a COPY's 500,000 in one INSERT); a change of terms (the fill of migration 020's columns, an
//   edit of a name) once per row.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const termsOf = (alias: string) => `unnest(string_to_array(coalesce(${alias}.full_name_terms, '') || ' ' || coalesce(${alias}.father_husband_name_terms, ''), ' '))`;
const NEW_TERMS = (source: string, alias: string) =>
  `INSERT INTO voter_name_vocabulary (term) SELECT DISTINCT added.term FROM ${source}, ${termsOf(alias)} AS added(term) ` +
  `WHERE added.term <> '' AND NOT EXISTS (SELECT 1 FROM voter_name_vocabulary known WHERE known.term = added.term COLLATE "C")`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE TABLE voter_name_vocabulary (term text COLLATE "C" NOT NULL)`.execute(db);
  await sql
    .raw(
      `INSERT INTO voter_name_vocabulary (term) SELECT DISTINCT added.term FROM voters, ${termsOf('voters')} AS added(term) ` +
        `WHERE added.term <> '' AND (voters.full_name_terms IS NOT NULL OR voters.father_husband_name_terms IS NOT NULL)`,
    )
    .execute(db);
  await sql`CREATE INDEX voter_name_vocabulary_term ON voter_name_vocabulary (term)`.execute(db);
  await sql.raw(`CREATE FUNCTION voter_name_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${NEW_TERMS('new_voters', 'new_voters')}; RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION voter_name_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${NEW_TERMS('(SELECT new.full_name_terms, new.father_husband_name_terms) AS changed', 'changed')}; RETURN NULL; END $$`).execute(db);
  await sql`CREATE TRIGGER voter_name_vocabulary_insert AFTER INSERT ON voters REFERENCING NEW TABLE AS new_voters FOR EACH STATEMENT EXECUTE FUNCTION voter_name_vocabulary_insert()`.execute(db);
  await sql`CREATE TRIGGER voter_name_vocabulary_update AFTER UPDATE OF full_name_terms, father_husband_name_terms ON voters FOR EACH ROW
    WHEN (old.full_name_terms IS DISTINCT FROM new.full_name_terms OR old.father_husband_name_terms IS DISTINCT FROM new.father_husband_name_terms)
    EXECUTE FUNCTION voter_name_vocabulary_update()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS voter_name_vocabulary_update ON voters`.execute(db);
  await sql`DROP TRIGGER IF EXISTS voter_name_vocabulary_insert ON voters`.execute(db);
  await sql`DROP FUNCTION IF EXISTS voter_name_vocabulary_update()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS voter_name_vocabulary_insert()`.execute(db);
  await sql`DROP TABLE IF EXISTS voter_name_vocabulary`.execute(db);
}
