import { sql, type SqlBool } from 'kysely';
import { nameSearchKey } from '@shared/search/name-keys';
import { FLAG_FIELDS } from '@shared/voters/voter-fields';
import { VOTER_INPUT_COLUMNS } from '@shared/voters/voter-schema';
import type { NewVoterRow, VoterRow } from '../../schema';
import { type DatabaseDialect, type DatabaseErrorKind, isNameKey, likePattern, type NameField, type NameKeyRow } from '../database-dialect';

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
  return isUnreachable(error) ? 'unavailable' : undefined;
}

// The first key of the per-user advisory locks (lockUser): a number of our own, so they cannot
// meet another application's locks on the same database.
const USER_LOCK_SPACE = 17_001;

// 30-odd columns a voter keep 500 rows a statement well inside the parameter limit.
const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 1000;
const FLAG_COLUMNS = VOTER_INPUT_COLUMNS.map((column) => FLAG_FIELDS.has(column));

// One voter's form values (VOTER_INPUT_COLUMNS order) as a row to insert.
function rowOf(values: readonly unknown[], audit: { userId: number | null; now: string }): NewVoterRow {
  const row: Record<string, unknown> = {};
  VOTER_INPUT_COLUMNS.forEach((column, index) => {
    row[column] = FLAG_COLUMNS[index] ? (values[index] ? 1 : 0) : values[index];
  });
  const names = { full_name_key: nameSearchKey(row.full_name as string) ?? '', father_husband_name_key: nameSearchKey(row.father_husband_name as string | null) };
  return { ...(row as Omit<NewVoterRow, 'created_at' | 'updated_at'>), ...names, voter_image: null, created_at: audit.now, updated_at: audit.now, created_by: audit.userId, updated_by: audit.userId };
}

// Name search (migration 020): a typed word matches where a word of the column starts with it,
// as SQLite's index splits words (letters, digits and combining marks make a word), found
// through the trigram indexes of migration 003; a key matches a key word's start through the GIN indexes on
// the keys as text search vectors, with the same expression as those indexes.
const WORD_START = '(^|[^[:alnum:]\\u00C0-\\u024F\\u0300-\\u036F\\u0900-\\u097F\\u0A80-\\u0AFF])';
const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAME_COLUMNS: Record<NameField, { typed: readonly ('full_name' | 'voter_id' | 'father_husband_name')[]; keys: 'full_name_key' | 'father_husband_name_key' }> = {
  full_name: { typed: ['full_name', 'voter_id'], keys: 'full_name_key' },
  father_husband_name: { typed: ['father_husband_name'], keys: 'father_husband_name_key' },
};

// Keys of voters whose keys were NULL: one UPDATE per few hundred (VALUES names its columns
// column1, column2, ...).
const KEY_UPDATE_CHUNK = 500;
async function saveNameKeys(trx: Parameters<DatabaseDialect['saveNameKeys']>[0], rows: readonly NameKeyRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += KEY_UPDATE_CHUNK) {
    const keyed = rows.slice(start, start + KEY_UPDATE_CHUNK).map((row) => sql`(CAST(${row.id} AS INTEGER), ${row.full_name_key}, ${row.father_husband_name_key})`);
    await sql`UPDATE voters SET full_name_key = keyed.column2, father_husband_name_key = keyed.column3
      FROM (VALUES ${sql.join(keyed)}) AS keyed WHERE voters.id = keyed.column1 AND voters.full_name_key IS NULL`.execute(trx);
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
  return {
    name: 'postgres',
    // ILIKE, served by pg_trgm GIN indexes on the same columns (migration 003).
    containsText(eb, columns, term) {
      const pattern = likePattern(term);
      return eb.or(columns.map((column) => eb(`voters.${column}`, 'ilike', pattern)));
    },
    searchIndexQuery: () => undefined,
    matchesName(eb, field, terms, part) {
      const { typed, keys } = NAME_COLUMNS[field];
      // ILIKE finds the rows through the trigram index (a regular expression with a Devanagari
      // word was read row by row: 360 ms at 200,000 voters); the expression keeps those where
      // the word starts a word.
      const asTyped = terms.words.map((word) =>
        eb.or(typed.map((column) => eb.and([eb(`voters.${column}`, 'ilike', likePattern(word)), sql<SqlBool>`${sql.ref(`voters.${column}`)} ~* ${WORD_START + escapeRegex(word)}`]))),
      );
      const exact = eb.and(asTyped);
      if (part === 'exact') return exact;
      const either = eb.and(
        terms.words.map((_, index) => {
          const key = terms.keys[index];
          if (!isNameKey(key)) return asTyped[index]!;
          return eb.or([asTyped[index]!, sql<SqlBool>`to_tsvector('simple', coalesce(${sql.ref(`voters.${keys}`)}, '')) @@ to_tsquery('simple', ${`${key}:*`})`]);
        }),
      );
      return part === 'all' ? either : eb.and([either, eb.not(exact)]);
    },
    nameIndexQuery: () => undefined,
    saveNameKeys,
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
    // A transaction-scoped advisory lock: across connections and app nodes, and it leaves the
    // user's row free for other writes (sign-in, edits).
    async lockUser(trx, userId) {
      await sql`SELECT pg_advisory_xact_lock(${USER_LOCK_SPACE}, ${userId})`.execute(trx);
    },
    // Plain multi-row INSERTs, so the row triggers see every voter as they do a single save.
    startVoterInsert(trx, audit) {
      return {
        async add(voters) {
          let chunk: NewVoterRow[] = [];
          for (const values of voters) {
            chunk.push(rowOf(values, audit));
            if (chunk.length < INSERT_CHUNK) continue;
            await trx.insertInto('voters').values(chunk).execute();
            chunk = [];
          }
          if (chunk.length > 0) await trx.insertInto('voters').values(chunk).execute();
        },
        async finish() {},
      };
    },
    // A batch a transaction: other connections write meanwhile, and a batch that met one of
    // their voter IDs is saved again on its own.
    voterImport: {
      batchesPerTransaction: 1,
      deferIndexes: async () => false,
      rebuildDeferredIndexes: async () => 0,
      setImporting() {},
    },
    // ANALYZE reads a fixed-size sample: without fresh statistics the planner looked voter IDs
    // up in the trigram index one trigram at a time, and an import slowed down quadratically.
    async refreshPlannerStatistics(db) {
      await sql`ANALYZE voters`.execute(db);
    },
    async startUp() {},
    classifyError: classifyPostgresError,
  };
}
