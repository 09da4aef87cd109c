import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/connection';
import { IMPORT_BATCH_SIZE } from '../../src/features/voters/import/voter-import';
import { expectKeptCountsToMatchVoters } from '../analytics/kept-counts';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { csvFile, xlsxFile } from './spreadsheet-test-helpers';
import { multipart } from './voter-test-helpers';
import { KEPT_DURING_IMPORT } from '../../src/db/dialects/sqlite/deferred-indexes';

// The paths a large file takes (voter-import.ts): it is read on a worker thread, and a file at
// least half as large again as the table builds the filter indexes once at the end (SQLite;
// PostgreSQL since issue 23); batches are saved a few to a transaction. This app lowers the thresholds so small files
// take those paths.
const DEFER_MIN_ROWS = 1000;
const BATCHES_PER_TRANSACTION = 2;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ config: { importTuning: { workerMinBytes: 0, deferIndexesMinRows: DEFER_MIN_ROWS, batchesPerTransaction: BATCHES_PER_TRANSACTION } } });
  admin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

let idCounter = 0;
function newVoterId(): string {
  idCounter += 1;
  return `BIG${Date.now().toString(36).toUpperCase().slice(-5)}${String(idCounter).padStart(5, '0')}`;
}

function upload(file: { filename: string; data: Buffer }, fields: Record<string, string> = {}) {
  const body = multipart(fields, { field: 'file', filename: file.filename, contentType: 'application/octet-stream', data: file.data });
  return t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...admin, ...body.headers }, payload: body.payload });
}

const HEADER = ['Voter Number', 'Full Name', 'Voter ID', 'Gender', 'Age', 'Taluka', 'Village', 'Booth', 'Caste', 'Political Preference'];
function voterRows(count: number, prefix: string): string[][] {
  return Array.from({ length: count }, (_, index) => [
    String(index + 1),
    `${prefix} Voter ${index}`,
    newVoterId(),
    ['Male', 'Female', 'Other'][index % 3]!,
    String(18 + (index % 70)),
    'Digras',
    'Arambhi',
    `Booth-0${(index % 5) + 1}`,
    ['Kunbi', 'Mali', 'Banjara'][index % 3]!,
    ['BJP', 'Congress', ''][index % 3]!,
  ]);
}

// The voters table's indexes as the database keeps them: name and definition.
async function voterIndexes(): Promise<Map<string, string>> {
  const rows =
    t.ctx.dialect.name === 'sqlite'
      ? await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'voters' AND sql IS NOT NULL`.execute(t.ctx.db)
      : await sql<{ name: string; sql: string }>`SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE tablename = 'voters' AND schemaname = current_schema()`.execute(t.ctx.db);
  return new Map(rows.rows.map((row) => [row.name, row.sql]));
}

// What an import does to the indexes while it runs, looked at every few milliseconds through a
// second connection to the file (it sees each commit): the most indexes found dropped and
// written down at one time.
function watchDeferredIndexes(): { stop: () => Promise<number> } {
  if (t.ctx.dialect.name !== 'sqlite') return watchPostgresDeferredIndexes();
  const sqlite = new SQLite(path.join(t.ctx.config.dataDir, 'voters.sqlite'), { readonly: true });
  const count = sqlite.prepare('SELECT count(*) AS n FROM voter_deferred_indexes').pluck();
  let most = 0;
  const timer = setInterval(() => {
    most = Math.max(most, count.get() as number);
  }, 2);
  return {
    stop: async () => {
      clearInterval(timer);
      sqlite.close();
      return most;
    },
  };
}

// The same on PostgreSQL, through the app's own pool (other connections see each commit).
function watchPostgresDeferredIndexes(): { stop: () => Promise<number> } {
  let most = 0;
  let watching = true;
  const watched = (async () => {
    while (watching) {
      const row = await sql<{ n: number }>`SELECT count(*) AS n FROM voter_deferred_indexes`.execute(t.ctx.db);
      most = Math.max(most, Number(row.rows[0]?.n ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      watching = false;
      await watched;
      return most;
    },
  };
}

async function deferredIndexes(): Promise<string[]> {
  return (await sql<{ name: string }>`SELECT name FROM voter_deferred_indexes`.execute(t.ctx.db)).rows.map((row) => row.name);
}

// A second server on the same database, started and stopped, as after a restart.
async function startAgain(): Promise<void> {
  const database = openDatabase({ dataDir: t.ctx.config.dataDir, databaseUrl: t.ctx.config.databaseUrl });
  const restarted = await buildApp({ config: t.ctx.config, database, logger: false });
  await restarted.app.ready();
  await restarted.app.close();
}

// PostgreSQL lists the primary key among the indexes; SQLite's is the table itself.
// SQLite keeps its sparse partial indexes live too (decision 088).
const keptWhileImporting = () => (t.ctx.dialect.name === 'postgres' ? ['voters_voter_id_unique', 'voters_live_idx', 'voters_pkey'] : [...KEPT_DURING_IMPORT]);

describe('POST /api/voters/import: large files', () => {
  // First, while the table is all but empty: the file loads in bulk (SQLite).
  it('should update, report and count a bulk load saved several batches a transaction as a batch at a time does', async () => {
    const earlier = voterRows(3, 'Earlier');
    expect((await upload({ filename: 'earlier.csv', data: csvFile([HEADER, ...earlier]) })).json<ImportResult>()).toMatchObject({ imported: 3 });
    // Three transactions of two batches, the last one short.
    const rows = voterRows(IMPORT_BATCH_SIZE * 5, 'Grouped');
    const at = (batch: number) => batch * IMPORT_BATCH_SIZE + 17;
    // Two voters of the table, in the second and third transactions; a repeat of a row of the
    // first transaction in the third; a bad age.
    rows[at(2)] = [rows[at(2)]![0]!, 'Updated Earlier Zero', earlier[0]![2]!, 'Female', '44', 'Digras', 'Arambhi', 'Booth-02', 'Mali', 'BJP'];
    rows[at(4)] = [...earlier[1]!.slice(0, 3), 'Other', ...earlier[1]!.slice(4)];
    rows[at(4) + 1]![2] = rows[5]![2]!;
    rows[at(4) + 2]![4] = '7';
    // Values no list holds: on a new voter and on an updated one they are warnings; on the
    // repeated row and the row of the bad age, which are not saved, they count for nothing.
    rows[at(1)]![9] = 'Party X';
    rows[at(2)]![9] = 'Party Y';
    rows[at(4) + 1]![9] = 'Party Z';
    rows[at(4) + 2]![3] = 'Robot';
    const result = (await upload({ filename: 'grouped.csv', data: csvFile([HEADER, ...rows]) }, { update_existing: 'true' })).json<ImportResult>();
    const partyWarning = (row: number, value: string) => ({ row, column: 'Political Preference', value, savedAs: 'Other', message: `Not in the list: "${value}"; saved as Other`, reason: 'not_in_list', of: null, belongsTo: [] });
    expect(result).toEqual({
      imported: IMPORT_BATCH_SIZE * 5 - 4,
      updated: 2,
      errors: 2,
      errorDetails: [
        { row: at(4) + 3, column: 'Voter ID', message: `Voter ID ${rows[5]![2]} appears more than once in the file (first on row 7)` },
        { row: at(4) + 4, column: 'Age', message: 'Age must be between 18 and 120' },
      ],
      warnings: 2,
      warningDetails: [partyWarning(at(1) + 2, 'Party X'), partyWarning(at(2) + 2, 'Party Y')],
      unknownColumns: [],
    });
    const search = async (term: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/voters?search=${encodeURIComponent(term)}`, headers: admin })).json<{ voters: { voter_id: string; gender: string; political_preference: string | null }[] }>().voters;
    expect(await search('Updated Earlier Zero')).toEqual([expect.objectContaining({ voter_id: earlier[0]![2], gender: 'Female', political_preference: 'Other' })]);
    expect(await search(earlier[1]![2]!)).toEqual([expect.objectContaining({ gender: 'Other' })]);
    expect(await search('Grouped Voter 24999')).toHaveLength(1);
    await expectKeptCountsToMatchVoters(t.ctx.db);
    if (t.ctx.dialect.name === 'sqlite') {
      expect(await deferredIndexes()).toEqual([]);
      await sql`INSERT INTO voters_fts(voters_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
    }
  });

  it('should read a file on a worker thread and report its errors and repeats by row', async () => {
    const rows = voterRows(IMPORT_BATCH_SIZE + 20, 'Threaded');
    rows[3] = ['4', 'Bad Age Voter', newVoterId(), 'Male', '7', '', '', '', '', ''];
    // Row 10 repeats row 6 in the same batch; the last row repeats row 2, batches later.
    rows[8] = ['9', 'Same Batch Repeat', rows[4]![2]!, '', '', '', '', '', '', ''];
    rows.push(['X', 'Far Repeat', rows[0]![2]!, '', '', '', '', '', '', '']);
    // Read on the worker, placed on the main thread's saving: a gender no list holds.
    rows[IMPORT_BATCH_SIZE + 5]![3] = 'Robot';
    const result = (await upload({ filename: 'threaded.csv', data: csvFile([HEADER, ...rows]) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: IMPORT_BATCH_SIZE + 18, updated: 0, errors: 3, warnings: 1, unknownColumns: [] });
    expect(result.warningDetails).toEqual([{ row: IMPORT_BATCH_SIZE + 7, column: 'Gender', value: 'Robot', savedAs: null, message: 'Not in the list: "Robot"; left empty', reason: 'not_in_list', of: null, belongsTo: [] }]);
    expect(result.errorDetails).toEqual([
      { row: 5, column: 'Age', message: 'Age must be between 18 and 120' },
      { row: 10, column: 'Voter ID', message: `Voter ID ${rows[4]![2]} appears more than once in the file (first on row 6)` },
      { row: IMPORT_BATCH_SIZE + 22, column: 'Voter ID', message: `Voter ID ${rows[0]![2]} appears more than once in the file (first on row 2)` },
    ]);
    await expectKeptCountsToMatchVoters(t.ctx.db);
  });

  it('should read an .xlsx on a worker thread', async () => {
    const rows = voterRows(30, 'Workbook');
    const result = (await upload({ filename: 'threaded.xlsx', data: await xlsxFile([HEADER, ...rows]) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: 30, errors: 0 });
  });

  it('should answer a file the worker refuses with its message', async () => {
    const response = await upload({ filename: 'headless.csv', data: csvFile([['Name', 'Age'], ['A', '30']]) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/no Voter Number, Voter ID column/);
  });

  it('should build the filter indexes once at the end of a large import into a small table, as they were', async () => {
    const before = await voterIndexes();
    const live = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM voters WHERE deleted_at IS NULL`.execute(t.ctx.db)).rows[0]?.n);
    const count = Math.max(DEFER_MIN_ROWS, Math.ceil(live * 1.5)) + 500;
    const watch = watchDeferredIndexes();
    const rows = voterRows(count, 'Deferred');
    const result = (await upload({ filename: 'large.csv', data: csvFile([HEADER, ...rows]) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: count, errors: 0 });
    // The filter indexes were dropped (and written down) while it ran...
    expect(await watch.stop()).toBeGreaterThan(0);

    // ...and every index is back as it was defined, with nothing left to build.
    expect(await voterIndexes()).toEqual(before);
    expect(await deferredIndexes()).toEqual([]);
    // The list reads them again, and every count and search entry agrees with the voters.
    if (t.ctx.dialect.name === 'sqlite') {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM voters WHERE booth = 'Booth-03' AND deleted_at IS NULL AND duplicate_of IS NULL ORDER BY id DESC LIMIT 30`.execute(t.ctx.db);
      expect(plan.rows.map((row) => row.detail).join(' ')).toMatch(/voters_booth/);
    }
    const listed = await t.app.inject({ method: 'GET', url: `/api/voters?booth=Booth-03&search=${rows[12]![2]}`, headers: admin });
    expect(listed.json().voters.map((voter: { full_name: string }) => voter.full_name)).toEqual(['Deferred Voter 12']);
    await expectKeptCountsToMatchVoters(t.ctx.db);
    if (t.ctx.dialect.name === 'sqlite') await sql`INSERT INTO voters_fts(voters_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
  });

  it('should keep the indexes as they are when the file is small next to the table', async () => {
    const live = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM voters WHERE deleted_at IS NULL`.execute(t.ctx.db)).rows[0]?.n);
    // Above the minimum size, but less than half as large again as the table.
    const count = DEFER_MIN_ROWS + 10;
    expect(count).toBeLessThan(live * 1.5);
    const watch = watchDeferredIndexes();
    expect((await upload({ filename: 'small.csv', data: csvFile([HEADER, ...voterRows(count, 'Kept')]) })).json<ImportResult>()).toMatchObject({ imported: count });
    expect(await watch.stop()).toBe(0);
  });

  it('should keep the saved batches and build the indexes when a large file breaks midway', async () => {
    const before = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM voters`.execute(t.ctx.db)).rows[0]?.n);
    const rows = voterRows(IMPORT_BATCH_SIZE * 4 + 100, 'Broken');
    // A row of over 1 MB (no voter row is that long) ends the reading.
    rows.push(['B', 'x'.repeat(1_100_000), newVoterId(), '', '', '', '', '', '', '']);
    const response = await upload({ filename: 'broken.csv', data: csvFile([HEADER, ...rows]) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Row \d+ is longer than 1 MB; no voter row is that long, so the file was not read past it; \d+ voters before it were saved$/);
    const saved = Number(/; (\d+) voters before it were saved/.exec(response.json().message)?.[1]);
    expect(saved % IMPORT_BATCH_SIZE).toBe(0);
    expect(saved).toBeGreaterThan(0);
    const stored = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM voters`.execute(t.ctx.db)).rows[0]?.n);
    expect(stored - before).toBe(saved);
    expect(await deferredIndexes()).toEqual([]);
    expect([...(await voterIndexes()).keys()]).toEqual(expect.arrayContaining(['voters_booth_idx', 'voters_caste_count_idx', 'voters_age_idx']));
    await expectKeptCountsToMatchVoters(t.ctx.db);
  });

  it('should build the indexes an import left unbuilt when the server starts again', async () => {
    const before = await voterIndexes();
    // As a crash mid-import leaves it: the filter indexes dropped and written down.
    expect(await t.ctx.dialect.voterImport.deferIndexes(t.ctx.db)).toBe(true);
    expect((await deferredIndexes()).length).toBe(before.size - keptWhileImporting().length);
    expect([...(await voterIndexes()).keys()].sort()).toEqual(keptWhileImporting().sort());

    await startAgain();
    expect(await voterIndexes()).toEqual(before);
    expect(await deferredIndexes()).toEqual([]);
  });

  it('should keep an index whose build failed written down and build it when the server starts again', async () => {
    const before = await voterIndexes();
    expect(await t.ctx.dialect.voterImport.deferIndexes(t.ctx.db)).toBe(true);
    // One written-down definition that cannot be built (PostgreSQL builds two at a time: the
    // other build's failure must not lose it either).
    const broken = 'voters_caste_idx';
    const { rows } = await sql<{ definition: string }>`SELECT definition FROM voter_deferred_indexes WHERE name = ${broken}`.execute(t.ctx.db);
    const definition = rows[0]!.definition;
    await sql`UPDATE voter_deferred_indexes SET definition = ${'CREATE INDEX voters_caste_idx ON voters (no_such_column)'} WHERE name = ${broken}`.execute(t.ctx.db);

    await expect(t.ctx.dialect.voterImport.rebuildDeferredIndexes(t.ctx.db)).rejects.toThrow(/no_such_column/);
    expect(await deferredIndexes()).toContain(broken);
    expect((await voterIndexes()).has(broken)).toBe(false);

    // Repaired, then a restart builds whatever is still written down.
    await sql`UPDATE voter_deferred_indexes SET definition = ${definition} WHERE name = ${broken}`.execute(t.ctx.db);
    await startAgain();
    expect(await voterIndexes()).toEqual(before);
    expect(await deferredIndexes()).toEqual([]);
  });
});
