import type { Explainable, Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool, Transaction } from 'kysely';
import type { Database, VoterRow } from '../schema';

// The one seam between the app and its database (docs/decisions/014-one-database-seam.md).
// A dialect is chosen once, when the database opens (connection.ts); features call it and
// never hold a driver's handle or ask which database they are on.

export type DialectName = 'sqlite' | 'postgres';
// The voter indexes a query may name (votersThrough): a migration renaming one fails its tests.
export type VoterIndexName = 'voters_booth_serial_contact_idx';
export type Executor = Kysely<Database> | Transaction<Database>;

// What a database error means to the app, whatever the driver's code for it.
export type DatabaseErrorKind = 'unique-violation' | 'text-has-nul' | 'unavailable';

// The voter columns free-text search reads (each has a search index on both databases).
export type VoterTextColumn = 'full_name' | 'mobile_number' | 'voter_id' | 'father_husband_name' | 'ward_area' | 'house_no';

// A name search (shared/search/name-keys.ts, parseNameSearch): the typed words in lower case and
// each word's phonetic key ('' when it has none). Every word must match, in any order: a term of
// the name (or of the voter ID) starts with it as typed, or a key term starts with its key.
export interface NameSearchTerms {
  words: readonly string[];
  keys: readonly string[];
}
// Where a name search looks: the voter search (full_name_terms: the full name and voter ID as
// written, the full name's keys) or the father/husband name filter (father_husband_name_terms).
export type NameField = 'full_name' | 'father_husband_name';
// A name search's matches: all of them; those where every word matched as typed ('exact',
// ranked first); or the others, found only by their keys ('variants').
export type NameMatchPart = 'all' | 'exact' | 'variants';
// A voter's search terms as the fill computed them (features/voters/name-terms-fill.ts).
export interface NameTermsRow {
  id: number;
  full_name_terms: string;
  father_husband_name_terms: string | null;
}

// A search the index answers alone, without the voters table: a count and a page of ids.
export interface SearchIndexQuery {
  count(db: Executor): Promise<number>;
  pageIds(db: Executor, page: { descending: boolean; limit: number; offset: number }): Promise<number[]>;
}

export interface VoterInsertAudit {
  userId: number | null;
  // When the voters were saved, ISO 8601.
  now: string;
}

// New live voters added inside the caller's transaction: each voter's values as
// voterInsertValues gives them (the arrays are taken over); finish() before the commit.
export interface VoterInserter {
  add(voters: Iterable<unknown[]>): Promise<void>;
  finish(): Promise<void>;
}

export interface VoterImportTuning {
  // How many read batches share a transaction.
  batchesPerTransaction: number;
  // Before a large load into a small table: whether to build the filter indexes after the rows
  // instead of updating them per row (true when it did, and rebuildDeferredIndexes must follow).
  deferIndexes(db: Kysely<Database>): Promise<boolean>;
  // Builds what deferIndexes (or an import cut short by a crash) left unbuilt, one index at a
  // time, letting other requests in between.
  rebuildDeferredIndexes(db: Kysely<Database>, between?: () => Promise<void>): Promise<number>;
  // While imports run the database may trade durability work for speed (SQLite's checkpoints).
  setImporting(importing: boolean): void;
}

export interface DatabaseDialect {
  readonly name: DialectName;
  // "A column of these contains the term", whatever the script or case.
  containsText(eb: ExpressionBuilder<Database, 'voters'>, columns: readonly VoterTextColumn[], term: string): Expression<SqlBool>;
  // The search index alone, where the database has one that can answer this term.
  searchIndexQuery(columns: readonly VoterTextColumn[], term: string): SearchIndexQuery | undefined;
  // "The voter's name matches the name search" (its part). narrowed: other conditions (a booth
  // scope or filter) already leave few voters, so the database should start from those.
  matchesName(eb: ExpressionBuilder<Database, 'voters'>, field: NameField, terms: NameSearchTerms, part: NameMatchPart, options: { narrowed: boolean }): Expression<SqlBool>;
  // The name index alone, where the database has one.
  nameIndexQuery(field: NameField, terms: NameSearchTerms, part: NameMatchPart): SearchIndexQuery | undefined;
  // Where the database answers these name searches faster once it has looked something up
  // (PostgreSQL: the stored terms each typed word starts, decision 047): this dialect with that
  // knowledge, for the queries of one request. The dialect without it finds the same voters.
  forNameSearches?(db: Executor, searches: readonly NameSearchTerms[]): Promise<DatabaseDialect>;
  // Whether the database cannot tell how many voters a name search (its part) matches: one of
  // its words holds only terms outside what its statistics list as common, and its planner
  // guesses (decision 052). Only on a dialect from forNameSearches; absent, it can tell.
  nameMatchCountUnknown?(field: NameField, terms: NameSearchTerms, part: NameMatchPart): boolean;
  // How many voters a list is expected to match, without counting them (decision 089): `others`
  // selects the list's voters with every condition but its name searches (the user's booths
  // included), `names` are those searches. Only on a dialect from forNameSearches, where the
  // database can estimate (PostgreSQL); undefined when it cannot tell.
  estimateMatches?(others: Explainable, names: readonly { field: NameField; terms: NameSearchTerms }[]): Promise<number | undefined>;
  // Stores terms the app computed for voters whose terms were NULL, inside the caller's transaction.
  saveNameTerms(trx: Transaction<Database>, rows: readonly NameTermsRow[]): Promise<void>;
  // The live voters holding any of these voter IDs, inside the caller's transaction.
  findLiveVoters(trx: Transaction<Database>, voterIds: readonly string[]): Promise<Map<string, VoterRow>>;
  // Makes the transaction's voter-ID lookups use the unique index (findLiveVoters does it too).
  useVoterIdIndex(trx: Transaction<Database>): Promise<void>;
  // Until the caller's transaction ends, other transactions calling this for the same user
  // wait: one user's checks run one at a time, so parallel requests cannot all pass a limit
  // that each of them reads (voter-id-conflicts.ts).
  lockUser(trx: Transaction<Database>, userId: number): Promise<void>;
  // The same for any named piece of work (a booth's household proposals): one at a time.
  lockName(trx: Transaction<Database>, name: string): Promise<void>;
  // The voters table for a raw FROM clause, read through the named index where the database
  // lets a query name one (SQLite's INDEXED BY): for hot lookups whose plan must not depend on
  // the planner's statistics (a roll import that filled part serials leaves SQLite's stale).
  votersThrough(index: VoterIndexName): RawBuilder<unknown>;
  // Adds voters inside the caller's transaction the fastest way the database offers.
  startVoterInsert(trx: Transaction<Database>, audit: VoterInsertAudit): VoterInserter;
  readonly voterImport: VoterImportTuning;
  // Tells the query planner the tables' new sizes (after a table grew quickly). `sizes` when only
  // the sizes matter for now (an import's own growth, a full refresh due at its end).
  refreshPlannerStatistics(db: Executor, scope?: 'sizes'): Promise<void>;
  // After most voters were rewritten at once (a fill of new columns): reclaims what the old
  // versions of the rows hold and refreshes the planner's statistics. Outside a transaction.
  tidyAfterRewrite(db: Kysely<Database>): Promise<void>;
  // Once when a server process starts: the tuning its connection needs, and with repair (the
  // first process of a start only, decision 039) the repairs a crash may have left.
  startUp(db: Kysely<Database>, options: { repair: boolean }): Promise<void>;
  classifyError(error: unknown): DatabaseErrorKind | undefined;
  // A consistent copy of the live database into a file (the embedded database only).
  backup?(file: string): Promise<void>;
}

// Keys are made of the letters a to z only (shared/search/name-keys.ts); anything else is not a
// key and is not put in a query.
export const isNameKey = (key: string | undefined): key is string => key !== undefined && /^[a-z]+$/.test(key);

// "Contains the term" as a LIKE/ILIKE pattern, the wildcards in the term taken literally
// (SQLite's LIKE is given a backslash ESCAPE; it is PostgreSQL's default).
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
