import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FLAG_FIELDS } from '@shared/voters/voter-fields';
import { VOTER_INPUT_COLUMNS } from '@shared/voters/voter-schema';
import { openDatabase } from '../server/src/db/connection';
import { LIVE_VOTERS_BY_ID, openSqliteFile } from '../server/src/db/dialects/sqlite/sqlite-dialect';
import { KEPT_DURING_IMPORT } from '../server/src/db/dialects/sqlite/deferred-indexes';
import { BulkCounts } from '../server/src/db/dialects/sqlite/voter-count-rules';
import { migrateToLatest } from '../server/src/db/migrate';
import { addPageCoverageSql } from '../server/src/db/page-coverage-sql';
import { voterInsertValues } from '../server/src/db/voter-insert-values';
import { printTable } from './print-table';
import { createVoterGenerator, voterInputOf } from './voter-generator';

// npx tsx bench/import-phases.ts (issue 58): where a large SQLite import's database time goes,
// step by step, with the statements of the import's bulk path (db/dialects/sqlite/
// voter-bulk-insert.ts, repeated here with a clock around each) on a fresh database:
// IMPORT_PHASES_VOTERS voters (default 300,000) in transactions of 40,000 (the import's eight
// batches of 5,000), the filter indexes deferred and built at the end as a large import does
// (deferred-indexes.ts), then the planner statistics refreshed as the import does (PRAGMA
// optimize = 0x10002) and, for comparison, with SQLite's bounded analysis (0x10012). The file
// reading and checking (the import's worker thread) is left out: the values are made beforehand.
const TOTAL = Number(process.env.IMPORT_PHASES_VOTERS ?? 300_000);
const GROUP = 40_000;
const BATCH = 5_000;
// As voter-bulk-insert.ts and deferred-indexes.ts.
const INSERT_COLUMNS = [...VOTER_INPUT_COLUMNS, 'full_name_terms', 'father_husband_name_terms', 'created_at', 'updated_at', 'created_by', 'updated_by', 'change_seq'];
const FLAG_AT = VOTER_INPUT_COLUMNS.flatMap((column, index) => (FLAG_FIELDS.has(column) ? [index] : []));
const SEARCH_COLUMNS = ['full_name', 'mobile_number', 'voter_id', 'father_husband_name', 'ward_area', 'house_no'].join(', ');
const NAME_COLUMNS = 'full_name_terms, father_husband_name_terms';
const VOTER_ID_AT = VOTER_INPUT_COLUMNS.indexOf('voter_id');

async function main(): Promise<void> {
  const dataDir = path.resolve(import.meta.dirname, '.data', 'import-phases');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const migrated = openDatabase({ dataDir });
  await migrateToLatest(migrated.db);
  await migrated.close();
  const sqlite = openSqliteFile(path.join(dataDir, 'voters.sqlite'));
  sqlite.pragma('mmap_size = 2147418112');
  const deferred = (sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'voters' AND sql IS NOT NULL").all() as { name: string; sql: string }[]).filter(
    (index) => !KEPT_DURING_IMPORT.includes(index.name),
  );
  for (const index of deferred) sqlite.exec(`DROP INDEX ${index.name}`);
  const statements = {
    pause: sqlite.prepare('INSERT INTO voter_bulk_load (active) VALUES (1)'),
    resume: sqlite.prepare('DELETE FROM voter_bulk_load'),
    lastId: sqlite.prepare('SELECT coalesce(max(id), 0) FROM voters').pluck(),
    findLive: sqlite.prepare(LIVE_VOTERS_BY_ID),
    insert: sqlite.prepare(`INSERT INTO voters (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`),
    searchIndex: sqlite.prepare(`INSERT INTO voters_fts (rowid, ${SEARCH_COLUMNS}) SELECT id, ${SEARCH_COLUMNS} FROM voters WHERE id > ?`),
    nameIndex: sqlite.prepare(`INSERT INTO voter_names_fts (rowid, ${NAME_COLUMNS}) SELECT id, ${NAME_COLUMNS} FROM voters WHERE id > ?`),
    pageCoverage: sqlite.prepare(addPageCoverageSql('v.id > ?')),
  };

  const spent = new Map<string, number>();
  let clock = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    spent.set(step, (spent.get(step) ?? 0) + now - clock);
    clock = now;
  };
  const next = createVoterGenerator();
  const now = new Date().toISOString();
  console.log(`Import phases: ${TOTAL.toLocaleString('en-IN')} voters into a fresh SQLite database`);
  for (let from = 0; from < TOTAL; from += GROUP) {
    const group: unknown[][] = [];
    for (let index = from; index < Math.min(TOTAL, from + GROUP); index += 1) group.push(voterInsertValues(voterInputOf(next(index))));
    clock = performance.now();
    sqlite.exec('BEGIN IMMEDIATE');
    statements.pause.run();
    const lastId = statements.lastId.get() as number;
    const counts = new BulkCounts();
    for (let at = 0; at < group.length; at += BATCH) statements.findLive.all(JSON.stringify(group.slice(at, at + BATCH).map((values) => values[VOTER_ID_AT])));
    lap('voter IDs looked up (findLiveVoters)');
    for (const values of group) {
      for (const at of FLAG_AT) values[at] = values[at] ? 1 : 0;
      values.push(now, now, 1, 1, 1);
      statements.insert.run(values);
    }
    lap('rows inserted (voters, its unique voter ID and live indexes)');
    for (const values of group) counts.add(values);
    lap('kept counts added up (JavaScript)');
    statements.searchIndex.run(lastId);
    lap('search index (voters_fts, trigram)');
    statements.nameIndex.run(lastId);
    lap('name index (voter_names_fts)');
    statements.pageCoverage.run(lastId);
    lap('page coverage counts');
    counts.tables();
    statements.resume.run();
    lap('kept counts added up (JavaScript)');
    sqlite.exec('COMMIT');
    lap('commits');
  }
  for (const index of deferred) {
    sqlite.exec(index.sql);
    lap(`filter indexes built (${deferred.length})`);
  }
  sqlite.prepare('PRAGMA optimize = 0x10002').all();
  lap('planner statistics, PRAGMA optimize = 0x10002 (as the import)');
  sqlite.exec("DELETE FROM sqlite_stat1 WHERE tbl = 'voters'");
  clock = performance.now();
  sqlite.prepare('PRAGMA optimize = 0x10012').all();
  lap('(instead) bounded statistics, PRAGMA optimize = 0x10012');
  sqlite.close();
  const total = [...spent].filter(([step]) => !step.startsWith('(')).reduce((sum, [, ms]) => sum + ms, 0);
  printTable(
    ['step', 'seconds', 'µs a voter', 'share'],
    [...spent].map(([step, ms]) => [step, (ms / 1000).toFixed(1), ((ms * 1000) / TOTAL).toFixed(1), step.startsWith('(') ? '-' : `${((100 * ms) / total).toFixed(0)}%`]),
  );
  console.log(`\nAll steps but the last: ${(total / 1000).toFixed(1)} s.`);
  if (process.env.BENCH_KEEP !== 'true') rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
