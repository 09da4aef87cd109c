import { sql, type SqlBool, type Transaction } from 'kysely';
import { KEY_MARK } from '@shared/search/name-keys';
import { FLAG_FIELDS, VOTER_FIELDS } from '@shared/voters/voter-fields';
import { VOTER_INPUT_COLUMNS } from '@shared/voters/voter-schema';
import type { Database, VoterRow } from '../../schema';
import { FATHER_HUSBAND_NAME_TERMS_AT, FULL_NAME_TERMS_AT } from '../../voter-insert-values';
import { deferPostgresVoterIndexes, rebuildPostgresVoterIndexes } from './postgres-deferred-indexes';
import { type TermExpansions, nameMatchShare, type TermShares, termSharesOf } from './name-match-share';
import { plannedRows } from './planned-rows';
import { type DatabaseDialect, type DatabaseErrorKind, type Executor, isNameKey, likePattern, type NameField, type NameMatchPart, type NameSearchTerms, type NameTermsRow } from '../database-dialect';

// PostgreSQL through pg: a pool of connections, so other writers may run beside any of ours.

// Network failures and PostgreSQL's "connection exception" class (08xxx), shutdown and
// overload codes, and the time limits (connection.ts): the server's statement timeout (57014)
// and idle-in-transaction timeout (25P03): the request did not fail, the database was away or
// could not answer in time.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '57P05', '53300', '57014', '25P03']);
// The client's own limit ("Query read timeout") ends the connection, so a ROLLBACK sent after it
// meets a closed client.
const CONNECTION_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /connect ECONNREFUSED/,
  /^Query read timeout$/,
  /Client was closed and is not queryable/,
];
// PostgreSQL refuses the NUL character in text (SQLite would store it): a client's input error.
const TEXT_REFUSED_CODES = new Set(['22021', '22P05']);

function isUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08/.test(code))) return true;
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isUnreachable(inner, depth + 1))) return true;
  return isUnreachable(error.cause, depth + 1);
}

export function classifyPostgresError(error: unknown): DatabaseErrorKind | undefined {
  const code = String((error as { code?: unknown } | null)?.code);
  if (code === '23505') return 'unique-violation';
  if (TEXT_REFUSED_CODES.has(code)) return 'text-has-nul';
  // lock_not_available: the request's wait for a lock ran out (DB_LOCK_TIMEOUT_MS).
  if (code === '55P03') return 'unavailable';
  return isUnreachable(error) ? 'unavailable' : undefined;
}

// The first key of the per-user advisory locks (lockUser): a number of our own, so they cannot
// meet another application's locks on the same database.
const USER_LOCK_SPACE = 17_001;
// The first key of the named locks (lockName); the name's hash is the second.
const NAMED_LOCK_SPACE = 17_002;

// New voters go in as one array per column (INSERT ... SELECT FROM unnest), a statement per
// few thousand voters: PostgreSQL parses and plans one short statement instead of a VALUES list
// of 23,000 parameters per 500 voters (issue 23).
const INSERT_CHUNK = 5000;
const LOOKUP_CHUNK = 1000;
const FLAG_COLUMNS = VOTER_INPUT_COLUMNS.map((column) => FLAG_FIELDS.has(column));
const INSERT_COLUMNS = [...VOTER_INPUT_COLUMNS, 'full_name_terms', 'father_husband_name_terms', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;
const INTEGER_FIELDS = new Set<string>(VOTER_FIELDS.filter((field) => field.kind === 'int' || field.kind === 'flag').map((field) => field.name));
const INSERT_TYPES = INSERT_COLUMNS.map((column) => (INTEGER_FIELDS.has(column) || column === 'created_by' || column === 'updated_by' ? sql.raw('integer[]') : sql.raw('text[]')));

// Voters' values (voterInsertValues) as one array per inserted column, with the bookkeeping
// every save writes.
function insertArrays(voters: readonly (readonly unknown[])[], audit: { userId: number | null; now: string }): unknown[][] {
  const arrays: unknown[][] = INSERT_COLUMNS.map(() => new Array(voters.length));
  const inputs = VOTER_INPUT_COLUMNS.length;
  voters.forEach((values, row) => {
    for (let column = 0; column < inputs; column += 1) {
      const value = values[column];
      arrays[column]![row] = FLAG_COLUMNS[column] ? (value ? 1 : 0) : (value ?? null);
    }
    arrays[inputs]![row] = values[FULL_NAME_TERMS_AT];
    arrays[inputs + 1]![row] = values[FATHER_HUSBAND_NAME_TERMS_AT] ?? null;
    arrays[inputs + 2]![row] = audit.now;
    arrays[inputs + 3]![row] = audit.now;
    arrays[inputs + 4]![row] = audit.userId;
    arrays[inputs + 5]![row] = audit.userId;
  });
  return arrays;
}

function insertVoterRows(trx: Transaction<Database>, voters: readonly (readonly unknown[])[], audit: { userId: number | null; now: string }) {
  const arrays = insertArrays(voters, audit);
  const columns = sql.join(INSERT_COLUMNS.map((column) => sql.ref(column)));
  const unnest = sql.join(arrays.map((values, index) => sql`CAST(${values} AS ${INSERT_TYPES[index]!})`));
  return sql`INSERT INTO voters (${columns}) SELECT * FROM unnest(${unnest})`.execute(trx);
}

// Name search (migration 020): each column's terms as a text search vector, as they are
// (array_to_tsvector: no parser to split Devanagari or drop a word), with the same expression as
// its GIN index, and a prefix query per typed word: its own term or its key's ('patil':* |
// '0ptil':*). One index answers the whole search, however many words: as separate trigram and
// key conditions, the planner read the rows of one word and tested the others on each (30 ms
// for two words at 200,000 voters, against 3 ms).
const NAME_COLUMNS: Record<NameField, 'full_name_terms' | 'father_husband_name_terms'> = {
  full_name: 'full_name_terms',
  father_husband_name: 'father_husband_name_terms',
};
const lexeme = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
// A term with a digit after its first character is kept in the vocabulary as its stem, up to
// that digit (migration 044: an EPIC number's word was a new term for every voter saved). A
// typed word with such a digit is not looked up (it stays a prefix); a stem it starts is a
// prefix of the terms ('abc1':* for "abc").
const hasDigitInside = (term: string) => /[0-9]/.test(term.slice(1));
const expansionOperand = (term: string) => (hasDigitInside(term) ? `${lexeme(term)}:*` : lexeme(term));

// A typed word (or key term) as a query operand: the stored terms it starts, where they were
// looked up (forNameSearches), else the prefix itself; null when the lookup found that no stored
// term starts with it, so it matches no voter. Left as a prefix, such a word (part of a voter ID
// typed in the search) made the planner guess 50,000 matches at ten million voters and read the
// whole table newest first looking for 30 (over the 3 s statement limit).
function operand(prefix: string, expansions: TermExpansions | undefined): string | null {
  const terms = expansions?.get(prefix);
  if (!terms) return `${lexeme(prefix)}:*`;
  return terms.length > 0 ? `(${terms.map(expansionOperand).join(' | ')})` : null;
}

// Operands of which one must match (null: none can), and of which all must (null: not all can).
function anyOf(operands: (string | null)[]): string | null {
  const possible = operands.filter((found): found is string => found !== null);
  return possible.length === 0 ? null : `(${possible.join(' | ')})`;
}
function allOf(operands: (string | null)[]): string | null {
  return operands.some((found) => found === null) ? null : operands.join(' & ');
}

// The search as a text search query; null when it can match no voter.
function nameTsQuery(terms: NameSearchTerms, part: NameMatchPart, expansions?: TermExpansions): string | null {
  const exact = allOf(terms.words.map((word) => operand(word, expansions)));
  if (part === 'exact') return exact;
  const all = allOf(
    terms.words.map((word, index) => {
      const key = terms.keys[index];
      return isNameKey(key) ? anyOf([operand(word, expansions), operand(KEY_MARK + key, expansions)]) : operand(word, expansions);
    }),
  );
  if (part === 'all' || all === null) return all;
  return exact === null ? all : `(${all}) & !(${exact})`;
}

function nameCondition(field: NameField, terms: NameSearchTerms, part: NameMatchPart, expansions?: TermExpansions) {
  const column = sql.ref(`voters.${NAME_COLUMNS[field]}`);
  const query = nameTsQuery(terms, part, expansions);
  if (query === null) return sql<SqlBool>`FALSE`;
  return sql<SqlBool>`array_to_tsvector(string_to_array(coalesce(${column}, ''), ' ')) @@ CAST(${query} AS tsquery)`;
}

// Decision 047: GIN answers a prefix ('sunita':*) by first collecting every voter of every term
// it starts into a bitmap, for each word, and only then combines the words; named as whole terms
// ('sunita' | 'sunitabai'), it walks the rarest word's list and skips through the others
// ("sunita shivaji" at a million voters: 38 ms, against 2.6 ms). The vocabulary (migration 039)
// holds every term ever stored, so the terms a word starts are read from it first. A word that
// starts more terms than this (one or two letters, the letters a voter ID begins with) stays a
// prefix.
const MAX_EXPANSION = 64;
// After every string that starts with the prefix, in code point ("C") order.
const AFTER_PREFIX = '\u{10FFFF}';

async function termExpansions(db: Executor, prefixes: readonly string[]): Promise<Map<string, readonly string[]>> {
  const { rows } = await sql<{ prefix: string; terms: string[] }>`
    SELECT typed.prefix, ARRAY(
      SELECT DISTINCT known.term FROM voter_name_vocabulary known
      WHERE known.term >= typed.prefix COLLATE "C" AND known.term < (typed.prefix || ${AFTER_PREFIX}) COLLATE "C"
      ORDER BY known.term LIMIT ${MAX_EXPANSION + 1}
    ) AS terms
    FROM unnest(CAST(${prefixes} AS text[])) AS typed(prefix)`.execute(db);
  // No term at all is an answer too: the word matches nobody.
  return new Map(rows.filter((row) => row.terms.length <= MAX_EXPANSION).map((row) => [row.prefix, row.terms]));
}

// Decision 052: a name search one of whose words is rare (a three-voter surname) was read newest
// first until 30 matched, so through the whole list: PostgreSQL estimates a term its statistics
// do not list at a fixed share of the voters (half the least common listed term's, at most 0.5%),
// enough to expect 30 matches soon (2.4 s at a million voters, a 503 at ten million). Its
// statistics say which terms it knows (pg_stats of the name indexes' expression, from ANALYZE):
// a search with a word none of whose terms it knows is counted first, and its pages read as
// its count says. Read again every few minutes.
const NAME_INDEXES: Record<NameField, string> = { full_name: 'voters_full_name_terms_tsv', father_husband_name: 'voters_father_husband_name_terms_tsv' };
const KNOWN_TERMS_KEPT_MS = 10 * 60_000;
// With the share of voters holding each listed term (decision 089: estimated totals).
type KnownTerms = ReadonlyMap<NameField, TermShares>;

async function knownNameTerms(db: Executor): Promise<KnownTerms> {
  const { rows } = await sql<{ index_name: string; terms: string[] | null; shares: number[] | null }>`
    SELECT tablename AS index_name, most_common_elems::text::text[] AS terms, most_common_elem_freqs AS shares FROM pg_stats
    WHERE schemaname = current_schema() AND tablename IN (${sql.join(Object.values(NAME_INDEXES))})`.execute(db);
  const byIndex = new Map(rows.map((row) => [row.index_name, termSharesOf(row.terms, row.shares)]));
  const found = new Map<NameField, TermShares>();
  for (const [field, index] of Object.entries(NAME_INDEXES) as [NameField, string][]) {
    const terms = byIndex.get(index);
    if (terms && terms.size > 0) found.set(field, terms);
  }
  return found;
}

// Whether some word of the search (its part) starts only terms the statistics do not list. A
// word not looked up, or a field without statistics (never analysed), tells nothing.
function countUnknown(known: TermShares | undefined, terms: NameSearchTerms, part: NameMatchPart, expansions: TermExpansions): boolean {
  if (!known) return false;
  return terms.words.some((word, index) => {
    const own = expansions.get(word);
    const key = terms.keys[index];
    const keyTerms = part !== 'exact' && isNameKey(key) ? expansions.get(KEY_MARK + key) : [];
    if (!own || !keyTerms) return false;
    return [...own, ...keyTerms].every((term) => !known.has(term));
  });
}

// Terms of voters whose terms were NULL: one UPDATE per few hundred (VALUES names its columns
// column1, column2, ...).
const TERMS_UPDATE_CHUNK = 500;
async function saveNameTerms(trx: Parameters<DatabaseDialect['saveNameTerms']>[0], rows: readonly NameTermsRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += TERMS_UPDATE_CHUNK) {
    const filled = rows.slice(start, start + TERMS_UPDATE_CHUNK).map((row) => sql`(CAST(${row.id} AS INTEGER), ${row.full_name_terms}, ${row.father_husband_name_terms})`);
    await sql`UPDATE voters SET full_name_terms = filled.column2, father_husband_name_terms = filled.column3
      FROM (VALUES ${sql.join(filled)}) AS filled WHERE voters.id = filled.column1 AND voters.full_name_terms IS NULL`.execute(trx);
  }
}

export function postgresDialect(): DatabaseDialect {
  // PostgreSQL's planner prices the voter-ID trigram index (GIN, there for search) far below
  // what a thousand-ID lookup in it costs (3 s for 1,000 IDs at 5,000 voters, against
  // milliseconds through the unique index), whatever the statistics say. A GIN index is only
  // read through bitmap scans, so turning those off for the rest of the transaction leaves the
  // unique index; an import batch's other statements read rows by primary key only.
  const useVoterIdIndex: DatabaseDialect['useVoterIdIndex'] = async (trx) => {
    await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
  };
  let hasVocabulary = false;
  let knownTerms: { at: number; terms: KnownTerms } | undefined;
  const dialect: DatabaseDialect = {
    name: 'postgres',
    // ILIKE, served by pg_trgm GIN indexes on the same columns (migration 003).
    containsText(eb, columns, term) {
      const pattern = likePattern(term);
      return eb.or(columns.map((column) => eb(`voters.${column}`, 'ilike', pattern)));
    },
    searchIndexQuery: () => undefined,
    matchesName: (_eb, field, terms, part) => nameCondition(field, terms, part),
    nameIndexQuery: () => undefined,
    async forNameSearches(db, searches) {
      // Before migration 039 (a test's own migration list) there is no vocabulary: prefixes.
      if (!hasVocabulary) {
        const { rows } = await sql<{ found: boolean }>`SELECT to_regclass('voter_name_vocabulary') IS NOT NULL AS found`.execute(db);
        hasVocabulary = rows[0]?.found === true;
      }
      const prefixes = [...new Set(searches.flatMap((search) => [...search.words, ...search.keys.filter(isNameKey).map((key) => KEY_MARK + key)]))].filter((prefix) => !hasDigitInside(prefix));
      if (!hasVocabulary || prefixes.length === 0) return dialect;
      const stale = !knownTerms || Date.now() - knownTerms.at > KNOWN_TERMS_KEPT_MS;
      const [expansions, fresh] = await Promise.all([termExpansions(db, prefixes), stale ? knownNameTerms(db) : undefined]);
      if (fresh) knownTerms = { at: Date.now(), terms: fresh };
      const known = knownTerms?.terms;
      return {
        ...dialect,
        matchesName: (_eb, field, terms, part) => nameCondition(field, terms, part, expansions),
        nameMatchCountUnknown: (field, terms, part) => countUnknown(known?.get(field), terms, part, expansions),
        // Decision 089: the planner's estimate of the other conditions (EXPLAIN, about a
        // millisecond) times the names' share by their index's statistics, which the planner
        // does not read (name-match-share.ts). Undefined where a field was never analysed.
        async estimateMatches(others, names) {
          let share = 1;
          for (const { field, terms } of names) {
            const shares = known?.get(field);
            if (!shares) return undefined;
            share *= nameMatchShare(shares, terms, expansions);
          }
          if (share === 0) return 0;
          const [plan] = await others.explain('json');
          const rows = plannedRows(plan);
          return rows === undefined ? undefined : rows * share;
        },
      };
    },
    saveNameTerms,
    async findLiveVoters(trx, voterIds) {
      await useVoterIdIndex(trx);
      const found = new Map<string, VoterRow>();
      for (let start = 0; start < voterIds.length; start += LOOKUP_CHUNK) {
        const rows = await trx
          .selectFrom('voters')
          .selectAll()
          .where('voter_id', 'in', voterIds.slice(start, start + LOOKUP_CHUNK))
          .where('deleted_at', 'is', null)
          .execute();
        for (const row of rows) found.set(row.voter_id, row);
      }
      return found;
    },
    useVoterIdIndex,
    // PostgreSQL's statistics follow the data (autovacuum's ANALYZE): its planner chooses.
    votersThrough: () => sql.raw('voters'),
    // A transaction-scoped advisory lock: across connections and app nodes, and it leaves the
    // user's row free for other writes (sign-in, edits).
    async lockUser(trx, userId) {
      await sql`SELECT pg_advisory_xact_lock(${USER_LOCK_SPACE}, ${userId})`.execute(trx);
    },
    async lockName(trx, name) {
      await sql`SELECT pg_advisory_xact_lock(${NAMED_LOCK_SPACE}, hashtext(${name}))`.execute(trx);
    },
    // Plain INSERTs (of arrays), so the row triggers see every voter as they do a single save.
    startVoterInsert(trx, audit) {
      return {
        async add(voters) {
          let chunk: unknown[][] = [];
          for (const values of voters) {
            chunk.push(values as unknown[]);
            if (chunk.length < INSERT_CHUNK) continue;
            await insertVoterRows(trx, chunk, audit);
            chunk = [];
          }
          if (chunk.length > 0) await insertVoterRows(trx, chunk, audit);
        },
        async finish() {},
      };
    },
    // A batch a transaction: other connections write meanwhile, and a batch that met one of
    // their voter IDs is saved again on its own. A large load into a small table builds the
    // indexes after the rows (postgres-deferred-indexes.ts).
    voterImport: {
      batchesPerTransaction: 1,
      async deferIndexes(db) {
        await deferPostgresVoterIndexes(db);
        return true;
      },
      rebuildDeferredIndexes: rebuildPostgresVoterIndexes,
      setImporting() {},
    },
    // ANALYZE reads a fixed-size sample: without fresh statistics the planner looked voter IDs
    // up in the trigram index one trigram at a time, and an import slowed down quadratically.
    // The name terms' statistics kept for estimates (decision 089) are read again after it.
    async refreshPlannerStatistics(db) {
      await sql`ANALYZE voters`.execute(db);
      knownTerms = undefined;
    },
    // Every rewritten row left a dead version and an entry in each GIN index's pending list:
    // after filling 200,000 voters' name terms a five-digit mobile search took 317 ms instead
    // of 1.3 until a VACUUM cleared them.
    async tidyAfterRewrite(db) {
      await sql`VACUUM (ANALYZE) voters`.execute(db);
      knownTerms = undefined;
    },
    // An import cut short by a crash may have left its indexes unbuilt.
    async startUp(db) {
      await rebuildPostgresVoterIndexes(db);
    },
    classifyError: classifyPostgresError,
  };
  return dialect;
}
