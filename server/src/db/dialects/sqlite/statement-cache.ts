import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SQLite driver prepares every query anew: SQLite parses and plans the SQL text each
// time. A request's statements are the same texts over and over (a poll-day mark runs about ten,
// each its own text), so the prepared statements are kept by their text and reused (decision
// 040: preparing was 8% of a mark's CPU). The most recently used CACHE_SIZE are kept; a lookup
// moves a statement to the back, so texts used once (an IN list of an unusual length, a
// migration's DDL) are the first to go.
const CACHE_SIZE = 500;

// Rows of WIDE_ROW columns or more come from SQLite as arrays and become objects here, through a
// function written once per statement for its columns: better-sqlite3 builds each row object
// property by property from C++, which took half the CPU of a voter page's read (25 rows of 53
// columns: 0.48 ms against 0.26; issue 58, decision 073). Narrower rows gain less and lose on
// long results (an array and an object per row: 50,000 ids read 15% slower), so they are left
// to better-sqlite3. Columns of the same name keep the last, as better-sqlite3 does.
const WIDE_ROW = 8;
type RowOf = (values: unknown[]) => Record<string, unknown>;
function rowBuilder(names: string[]): RowOf {
  // The names are the statement's own result columns, quoted as JSON strings.
  return new Function('v', `return {${names.map((name, index) => `${JSON.stringify(name)}: v[${index}]`).join(', ')}};`) as RowOf;
}

interface KeptStatement extends SqliteStatement {
  readonly busy: boolean;
}

function keptStatement(statement: SQLite.Statement, wideRow: number): KeptStatement {
  const columns = statement.reader ? statement.columns() : [];
  if (columns.length < wideRow) return statement as unknown as KeptStatement;
  const rowOf = rowBuilder(columns.map((column) => column.name));
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(rowOf),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield rowOf(values);
    },
  };
}

// Tests pass a smaller size and wideRow.
export function cachingStatements(sqlite: SQLite.Database, size = CACHE_SIZE, wideRow = WIDE_ROW): SqliteDatabase {
  const statements = new Map<string, KeptStatement>();
  // A kept statement's columns are those it had when prepared: when the schema changes (a
  // migration, on the other connection or in another process) every statement is prepared
  // again. The connection reads the new schema first: it only does so when a statement runs,
  // and a statement prepared against the schema it still holds would name the old columns
  // while SQLite, preparing it again as it runs, returns the new ones.
  const schemaVersion = sqlite.prepare('PRAGMA schema_version').pluck();
  const readSchema = sqlite.prepare('SELECT 1 FROM sqlite_master LIMIT 1').pluck();
  let keptForSchema = schemaVersion.get();
  return {
    prepare(text: string) {
      const schema = schemaVersion.get();
      if (schema !== keptForSchema) {
        statements.clear();
        readSchema.get();
        keptForSchema = schema;
      }
      const kept = statements.get(text);
      // A statement still being iterated (a streamed query) cannot run again until it ends:
      // that use gets a fresh one.
      if (kept && !kept.busy) {
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = keptStatement(sqlite.prepare(text), wideRow);
      if (!kept) {
        statements.set(text, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
