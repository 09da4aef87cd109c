import type SQLite from 'better-sqlite3';
import { FLAG_FIELDS } from '@shared/voters/voter-fields';
import { VOTER_INPUT_COLUMNS } from '@shared/voters/voter-schema';
import { addPageCoverageSql } from '../../page-coverage-sql';
import type { VoterInsertAudit, VoterInserter, VoterTextColumn } from '../database-dialect';
import { BulkCounts } from './voter-count-rules';

// The SQLite bulk path (migration 007): with the voter_bulk_load flag set, the insert triggers
// stand aside; one prepared INSERT per voter (with its names' search terms, computed by the
// caller: voterInsertValues, and the load's one change number), then the new ids go into the
// search index and the name index in one statement each, the kept counts are added in one
// upsert per count row and the page coverage counts (migration 033) in one grouped statement.
// Everything runs in the caller's transaction, so the voters, their index entries and their
// counts commit together or not at all.
const INSERT_COLUMNS = [...VOTER_INPUT_COLUMNS, 'full_name_terms', 'father_husband_name_terms', 'created_at', 'updated_at', 'created_by', 'updated_by', 'change_seq'];
// Where the yes/no fields stand in a voter's values: stored as 0/1.
const FLAG_AT = VOTER_INPUT_COLUMNS.flatMap((column, index) => (FLAG_FIELDS.has(column) ? [index] : []));
// The columns the search index holds (migration 003's voters_fts).
const SEARCH_COLUMNS: readonly VoterTextColumn[] = ['full_name', 'mobile_number', 'voter_id', 'father_husband_name', 'ward_area', 'house_no'];
// The columns the name index holds (migration 020's voter_names_fts).
const NAME_COLUMNS = ['full_name_terms', 'father_husband_name_terms'];
const STATS_KEY = ['dimension', 'taluka', 'village', 'booth', 'value1', 'value2'] as const;
const TOTALS_KEY = ['dimension', 'value1', 'value2'] as const;
const TALUKA_KEY = ['dimension', 'taluka', 'value1', 'value2'] as const;

function prepareBulkStatements(sqlite: SQLite.Database) {
  const addCount = (table: string, key: readonly string[]) =>
    sqlite.prepare(
      `INSERT INTO ${table} (${key.join(', ')}, count) VALUES (${key.map(() => '?').join(', ')}, ?) ` +
        `ON CONFLICT (${key.join(', ')}) DO UPDATE SET count = ${table}.count + excluded.count`,
    );
  const searchColumns = SEARCH_COLUMNS.join(', ');
  return {
    pause: sqlite.prepare('INSERT INTO voter_bulk_load (active) VALUES (1)'),
    resume: sqlite.prepare('DELETE FROM voter_bulk_load'),
    lastId: sqlite.prepare('SELECT coalesce(max(id), 0) FROM voters').pluck(),
    insert: sqlite.prepare(`INSERT INTO voters (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`),
    index: sqlite.prepare(`INSERT INTO voters_fts (rowid, ${searchColumns}) SELECT id, ${searchColumns} FROM voters WHERE id > ?`),
    // The offline sync's change numbers (migration 030): one for the whole load, taken while
    // the load holds the write lock, so no later write can take a smaller one.
    nextChange: sqlite.prepare('UPDATE voter_sync_counter SET value = value + 1 WHERE id = 1 RETURNING value').pluck(),
    nameIndex: sqlite.prepare(`INSERT INTO voter_names_fts (rowid, ${NAME_COLUMNS.join(', ')}) SELECT id, ${NAME_COLUMNS.join(', ')} FROM voters WHERE id > ?`),
    // The kept page coverage counts (migration 033): the new rows' pages, one upsert each.
    pageCoverage: sqlite.prepare(addPageCoverageSql('v.id > ?')),
    stats: addCount('voter_stats', STATS_KEY),
    totals: addCount('voter_stats_totals', TOTALS_KEY),
    taluka: addCount('voter_stats_taluka', TALUKA_KEY),
  };
}
const bulkStatements = new WeakMap<SQLite.Database, ReturnType<typeof prepareBulkStatements>>();

function statementsFor(sqlite: SQLite.Database) {
  let statements = bulkStatements.get(sqlite);
  if (!statements) {
    statements = prepareBulkStatements(sqlite);
    bulkStatements.set(sqlite, statements);
  }
  return statements;
}

// Starts adding live voters on SQLite's bulk path. The caller holds the transaction (a Kysely
// transaction also keeps every other query off the connection meanwhile) until finish().
export function startBulkInsert(sqlite: SQLite.Database, audit: VoterInsertAudit): VoterInserter {
  // Outside a transaction the flag row would be committed and every later save go unindexed.
  if (!sqlite.inTransaction) throw new Error('a bulk insert must run inside a transaction');
  const statements = statementsFor(sqlite);
  // The flag goes first: it takes the write lock, so no other writer adds ids after lastId.
  statements.pause.run();
  const lastId = statements.lastId.get() as number;
  const changeSeq = statements.nextChange.get() as number;
  const counts = new BulkCounts();
  return {
    async add(voters) {
      for (const values of voters) {
        for (const at of FLAG_AT) values[at] = values[at] ? 1 : 0;
        values.push(audit.now, audit.now, audit.userId, audit.userId, changeSeq);
        statements.insert.run(values);
        counts.add(values);
      }
    },
    async finish() {
      statements.index.run(lastId);
      statements.nameIndex.run(lastId);
      statements.pageCoverage.run(lastId);
      const deltas = counts.tables();
      for (const row of deltas.stats) statements.stats.run(row);
      for (const row of deltas.totals) statements.totals.run(row);
      for (const row of deltas.taluka) statements.taluka.run(row);
      statements.resume.run();
    },
  };
}
