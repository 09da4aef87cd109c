import SQLite from 'better-sqlite3';
import { type DialectAdapter, type Driver, sql, type SqlBool, SqliteAdapter, SqliteDialect } from 'kysely';
import { KEY_MARK } from '@shared/search/name-keys';
import type { VoterRow } from '../../schema';
import {
  type DatabaseDialect,
  type Executor,
  isNameKey,
  likePattern,
  type NameField,
  type NameMatchPart,
  type NameSearchTerms,
  type SearchIndexQuery,
  type VoterTextColumn,
} from '../database-dialect';
import { deferVoterIndexes, rebuildDeferredIndexes } from './deferred-indexes';
import { SplitSqliteDriver } from './split-sqlite-driver';
import { startBulkInsert } from './voter-bulk-insert';

// SQLite through better-sqlite3: two connections per process (transactions, and reads beside
// them), one writer at a time across processes.

export function openSqliteFile(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer commits.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Waits for the write lock are the driver's (split-sqlite-driver.ts), never blocking.
  sqlite.pragma('busy_timeout = 0');
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  // A checkpoint that empties the WAL also shrinks its file back to 64 MB (see setImporting).
  sqlite.pragma('journal_size_limit = 67108864');
  // 64 MB of page cache (SQLite's default is 16 MB): at a million voters the indexes an insert
  // touches no longer fit the default, and every miss is a system call.
  sqlite.pragma('cache_size = -65536');
  // Sorts and scratch tables in memory: as files they cost an import ~20 GB of writes per 300,000 rows.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

// SQLite's DDL is transactional (CREATE, ALTER, DROP, indexes, FTS5 tables), but Kysely's
// adapter says otherwise, so its Migrator would run migrations without a transaction and a
// failing one could leave the database half migrated. Saying so lets the Migrator wrap each
// run of pending migrations, and their records, in one transaction, as on PostgreSQL. The
// flag is read by the Migrator alone. (PRAGMA foreign_keys and VACUUM are the statements a
// transaction would silently ignore or refuse; no migration uses them.)
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #writer: SQLite.Database;
  readonly #reader: SQLite.Database;

  constructor(writer: SQLite.Database, reader: SQLite.Database) {
    super({ database: writer });
    this.#writer = writer;
    this.#reader = reader;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  // Transactions on one connection, everything else on another (split-sqlite-driver.ts).
  override createDriver(): Driver {
    return new SplitSqliteDriver(this.#writer, this.#reader);
  }
}

// Kysely's dialect for an opened file (connection.ts): the writer is the connection the dialect
// below uses directly inside transactions; the reader is a second connection to the same file.
export function sqliteKyselyDialect(writer: SQLite.Database, reader: SQLite.Database): SqliteDialect {
  return new TransactionalDdlSqliteDialect(writer, reader);
}

// Checkpoint the WAL every ~40 MB rather than SQLite's 4 MB: each checkpoint syncs the disk,
// and a large import would otherwise spend most of its time there.
const CHECKPOINT_PAGES = 10_000;
// While an import runs, every ~400 MB: a checkpoint copies each page changed since the last one
// once, and an import changes the same index and search-index pages batch after batch
// (measured at a million voters: 3 to 5 s of ~45 s saved). A process crash loses no committed
// batch either way; a power cut could lose more of the import's last batches (never half of
// one, never the file's consistency). The usual interval returns when the last import ends.
const IMPORT_CHECKPOINT_PAGES = 100_000;

// Free-text search: the FTS5 trigram index voters_fts (migrations 003 and 011, live voters
// only). Terms of three characters or more are matched there; shorter ones fall back to LIKE.
const TRIGRAM_MIN_LENGTH = 3;

// An FTS5 query for "a column of these contains the term": a quoted phrase (quotes
// doubled inside) limited to the columns, which the trigram tokenizer reads as a substring.
function ftsQuery(columns: readonly VoterTextColumn[], term: string): string {
  return `{${columns.join(' ')}} : "${term.replaceAll('"', '""')}"`;
}

const isTrigramTerm = (term: string) => [...term].length >= TRIGRAM_MIN_LENGTH;

// Name search: the FTS5 index voter_names_fts (migration 020, live voters with terms). Each
// typed word is a prefix query on the terms, as written ("patil"*) or by key ("0ptil"*); FTS5
// joins the words with AND and the two parts with NOT inside the index, so a count or a page of
// a common name reads a few doclists and never the voters table.
const NAME_COLUMNS: Record<NameField, string> = {
  full_name: '{full_name_terms}',
  father_husband_name: '{father_husband_name_terms}',
};
const prefixTerm = (term: string) => `"${term.replaceAll('"', '""')}"*`;

function nameQuery(field: NameField, terms: NameSearchTerms, part: NameMatchPart): string {
  const exact = terms.words.map(prefixTerm).join(' AND ');
  const all = terms.words
    .map((word, index) => {
      const key = terms.keys[index];
      return isNameKey(key) ? `(${prefixTerm(word)} OR ${prefixTerm(KEY_MARK + key)})` : prefixTerm(word);
    })
    .join(' AND ');
  const query = part === 'exact' ? exact : part === 'all' ? all : `(${all}) NOT (${exact})`;
  return `${NAME_COLUMNS[field]} : (${query})`;
}

// A count and pages of one FTS5 query, read from the index alone.
function indexQuery(table: 'voters_fts' | 'voter_names_fts', match: string): SearchIndexQuery {
  return {
    async count(db) {
      const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM ${sql.table(table)} WHERE ${sql.table(table)} MATCH ${match}`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },
    async pageIds(db, page) {
      const order = sql.raw(page.descending ? 'DESC' : 'ASC');
      const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM ${sql.table(table)} WHERE ${sql.table(table)} MATCH ${match} ORDER BY rowid ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return rows.map((row) => row.id);
    },
  };
}

// SQLite: the IDs as one JSON array, through the unique index by name. A planner without fresh
// statistics (a table an import is filling) read every live voter for each batch instead.
export const LIVE_VOTERS_BY_ID = 'SELECT * FROM voters INDEXED BY voters_voter_id_unique WHERE voter_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL';

// The planner chooses indexes from table statistics, which a table that grew quickly (an import
// into a new database) does not have yet; without them SQLite read every live voter to look up
// a list of voter IDs. optimize re-analyzes only what changed a lot, with bounded work.
const refreshStatistics = async (db: Executor, scope?: 'sizes') => {
  if (scope !== 'sizes') {
    await sql`PRAGMA optimize = 0x10002`.execute(db);
    return;
  }
  // The voters' row count, each index read from its first 1,000 entries only: a full analysis
  // reads the whole table and every index, a second or more at a million voters, each time the
  // table doubles during an import that builds its filter indexes (and analyses them) at its end.
  // On one connection: the limit is the connection's.
  const bounded = async (trx: Executor) => {
    await sql`PRAGMA analysis_limit = 1000`.execute(trx);
    try {
      await sql`ANALYZE voters`.execute(trx);
    } finally {
      await sql`PRAGMA analysis_limit = 0`.execute(trx);
    }
  };
  if (db.isTransaction) await bounded(db);
  else await db.transaction().execute(bounded);
};

const NAME_INDEX_COLUMNS = 'full_name_terms, father_husband_name_terms';
// SQLITE_MAX_MMAP_SIZE's default, the most a connection maps.
const MMAP_BYTES = 0x7fff0000;

export function sqliteDialect(sqlite: SQLite.Database): DatabaseDialect {
  // Prepared on first use: the voters table exists only once the migrations have run.
  let liveVotersById: SQLite.Statement | undefined;
  let nameTermStatements: { update: SQLite.Statement; index: SQLite.Statement } | undefined;
  return {
    name: 'sqlite',
    containsText(eb, columns, term) {
      if (isTrigramTerm(term)) {
        return eb('voters.id', 'in', sql<number>`(SELECT rowid FROM voters_fts WHERE voters_fts MATCH ${ftsQuery(columns, term)})`);
      }
      // SQLite's LIKE ignores ASCII case, as the trigram tokenizer does.
      const pattern = likePattern(term);
      return eb.or(columns.map((column) => sql<SqlBool>`${sql.ref(`voters.${column}`)} LIKE ${pattern} ESCAPE '\\'`));
    },
    searchIndexQuery(columns, term): SearchIndexQuery | undefined {
      return isTrigramTerm(term) ? indexQuery('voters_fts', ftsQuery(columns, term)) : undefined;
    },
    matchesName(_eb, field, terms, part, { narrowed }) {
      // With a booth scope the planner would look up every voter the name matches (25,000 for
      // "patil" at a million voters, 25 ms); "+id" makes it read the booths' voters and test
      // each against the matches instead (3 ms).
      const id = narrowed ? sql`+${sql.ref('voters.id')}` : sql.ref('voters.id');
      return sql<SqlBool>`${id} IN (SELECT rowid FROM voter_names_fts WHERE voter_names_fts MATCH ${nameQuery(field, terms, part)})`;
    },
    nameIndexQuery: (field, terms, part) => indexQuery('voter_names_fts', nameQuery(field, terms, part)),
    // Filled terms (NULL before) are left out of the index's update trigger (migration 020):
    // the batch's live voters go into the index in one statement.
    async saveNameTerms(_trx, rows) {
      nameTermStatements ??= {
        update: sqlite.prepare('UPDATE voters SET full_name_terms = ?, father_husband_name_terms = ? WHERE id = ? AND full_name_terms IS NULL'),
        index: sqlite.prepare(
          `INSERT INTO voter_names_fts (rowid, ${NAME_INDEX_COLUMNS}) SELECT id, ${NAME_INDEX_COLUMNS} FROM voters ` +
            'WHERE id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL AND duplicate_of IS NULL AND full_name_terms IS NOT NULL',
        ),
      };
      const saved: number[] = [];
      for (const row of rows) {
        if (nameTermStatements.update.run(row.full_name_terms, row.father_husband_name_terms, row.id).changes > 0) saved.push(row.id);
      }
      nameTermStatements.index.run(JSON.stringify(saved));
    },
    // The caller's Kysely transaction holds the one connection, so the prepared statement runs in it.
    async findLiveVoters(_trx, voterIds) {
      const found = new Map<string, VoterRow>();
      liveVotersById ??= sqlite.prepare(LIVE_VOTERS_BY_ID);
      for (const row of liveVotersById.all(JSON.stringify(voterIds)) as VoterRow[]) found.set(row.voter_id, row);
      return found;
    },
    // The lookup names its index (INDEXED BY).
    async useVoterIdIndex() {},
    votersThrough: (index) => sql.raw(`voters INDEXED BY ${index}`),
    // Every transaction holds the write lock from its BEGIN IMMEDIATE (above): transactions run one
    // at a time across the server's processes already.
    async lockUser() {},
    async lockName() {},
    startVoterInsert: (_trx, audit) => startBulkInsert(sqlite, audit),
    voterImport: {
      // A few batches share a transaction: each commit writes every page its batches touched,
      // all over the voter-ID index, the search index and the filter indexes, so fewer, larger
      // commits write each page fewer times (measured at a million voters: a bulk load 36.9 s at
      // 5,000 rows a commit, 27.4 s at 40,000; 100,000 voters on top 12.7 s against 9.9 s).
      batchesPerTransaction: 8,
      async deferIndexes(db) {
        await deferVoterIndexes(db, sqlite);
        return true;
      },
      rebuildDeferredIndexes: (db, between) => rebuildDeferredIndexes(db, sqlite, between),
      setImporting(importing) {
        sqlite.pragma(`wal_autocheckpoint = ${importing ? IMPORT_CHECKPOINT_PAGES : CHECKPOINT_PAGES}`);
      },
    },
    refreshPlannerStatistics: refreshStatistics,
    // SQLite rewrites rows in place: only the statistics are stale.
    tidyAfterRewrite: refreshStatistics,
    async startUp(db, { repair }) {
      // An import cut short by a crash may have left its filter indexes unbuilt.
      if (repair) await rebuildDeferredIndexes(db, sqlite);
      // Read the file through memory mapping (a page costs a memory read, not a system call,
      // which is what a filter that visits many rows pays for), and refresh the planner's
      // statistics where they are missing or stale, within a bounded amount of work.
      // Up to SQLite's largest map (2 GB, a million voters' file is 1.2 GB): a connection drops
      // its page cache whenever another connection committed (the writer beside it, another
      // process), and a mapped page costs nothing to read again.
      await sql`PRAGMA mmap_size = ${sql.raw(String(MMAP_BYTES))}`.execute(db);
      // The statement above went to the reader connection; the writer reads too.
      sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
      await refreshStatistics(db);
    },
    classifyError(error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'SQLITE_CONSTRAINT_UNIQUE') return 'unique-violation';
      // Another process held the write lock past every wait (WRITE_LOCK_WAIT_MS): a 503 with
      // Retry-After, never a 500.
      if (code === 'SQLITE_BUSY') return 'unavailable';
      return undefined;
    },
    async backup(file) {
      await sqlite.backup(file);
    },
  };
}
