import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import { IMPORT_BATCH_SIZE } from '../../src/features/voters/import/voter-import';
import type { Database } from '../../src/db/schema';
import { LIVE_VOTERS_BY_ID } from '../../src/db/dialects/sqlite/sqlite-dialect';
import { expectKeptCountsToMatchVoters } from '../analytics/kept-counts';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, seedVoter, signInEachRole, type RoleHeaders } from './voter-test-helpers';
import { workbookEntries, zipArchive, zipEntry } from '../support/hostile-spreadsheets';
import { csvFile, readWorkbook, sheetRows, xlsFile, xlsxFile, zipBomb } from './spreadsheet-test-helpers';

let t: TestApp;
type Headers = { authorization: string };
let as: RoleHeaders;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp({ config: { importMaxMb: 1 } });
  as = await signInEachRole(t, 'Booth-01');
});
afterAll(async () => {
  await t.close();
});

let idCounter = 0;
// Voter IDs unique across the whole run (both databases keep one per test app).
function newVoterId(): string {
  idCounter += 1;
  return `IMP${Date.now().toString(36).toUpperCase().slice(-5)}${String(idCounter).padStart(4, '0')}`;
}

function upload(headers: Headers | undefined, file: { filename: string; data: Buffer; contentType?: string }, fields: Record<string, string> = {}) {
  const body = multipart(fields, { field: 'file', filename: file.filename, contentType: file.contentType ?? 'application/octet-stream', data: file.data });
  return t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function liveVoter(voterId: string) {
  return t.ctx.db.selectFrom('voters').selectAll().where('voter_id', '=', voterId).where('deleted_at', 'is', null).executeTakeFirst();
}

describe('POST /api/voters/import: file types', () => {
  it('should import a CSV with our export headers and return the counts', async () => {
    const [a, b] = [newVoterId(), newVoterId()];
    const file = csvFile([
      ['Voter Number', 'Full Name', 'Voter ID', 'Age', 'Gender', 'Mobile Number', 'Booth', 'Taluka', 'Village', 'Present in City', 'Present City Name'],
      ['1', 'Asha Patil', a, 41, 'Female', '98765 43210', 'Booth-03', 'Digras', 'Arambhi', 'No', 'Pune'],
      ['2', 'Ravi More', b, 29, 'Male', '', 'Booth-03', '', '', 'Yes', ''],
    ]);
    const response = await upload(as.admin, { filename: 'voters.csv', data: file, contentType: 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportResult>()).toEqual({ imported: 2, updated: 0, errors: 0, errorDetails: [], warnings: 0, warningDetails: [], unknownColumns: [] });
    expect(await liveVoter(a)).toMatchObject({ full_name: 'Asha Patil', age: 41, gender: 'Female', mobile_number: '9876543210', booth: 'Booth-03', present_in_city: 0, present_city_name: 'Pune' });
    expect(await liveVoter(b)).toMatchObject({ full_name: 'Ravi More', present_in_city: 1, mobile_number: null });
  });

  it('should read a semicolon CSV with a byte-order mark and field-name headers in other cases', async () => {
    const id = newVoterId();
    const file = csvFile(
      [
        ['VOTER_NO', 'full name', 'Voter_ID', 'father_husband_name', 'Is Dead'],
        ['7', 'Kavita Jadhav', id.toLowerCase(), 'Suresh Jadhav', 'no'],
      ],
      { delimiter: ';', bom: true },
    );
    const response = await upload(as.admin, { filename: 'semicolon.csv', data: file });
    expect(response.json()).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter(id)).toMatchObject({ voter_no: '7', father_husband_name: 'Suresh Jadhav', is_dead: 0 });
  });

  it('should match Marathi headers for the main fields and report unknown columns without failing', async () => {
    const id = newVoterId();
    const file = csvFile([
      ['अनुक्रमांक', 'नाव', 'मतदार ओळखपत्र क्रमांक', 'वय', 'लिंग', 'Favourite Colour'],
      ['3', 'सुनीता पवार', id, 52, 'Female', 'Blue'],
    ]);
    const response = await upload(as.admin, { filename: 'marathi.csv', data: file });
    expect(response.json()).toMatchObject({ imported: 1, errors: 0, unknownColumns: ['Favourite Colour'] });
    expect(await liveVoter(id)).toMatchObject({ full_name: 'सुनीता पवार', age: 52, gender: 'Female' });
  });

  it('should import an .xlsx, reading formula cells as their stored values and dates as dates', async () => {
    const [a, b] = [newVoterId(), newVoterId()];
    const file = await xlsxFile([
      ['Voter Number', 'Full Name', 'Voter ID', 'Age', 'Date of Birth', 'Mobile Number', 'Comment'],
      [1, { formula: 'CONCATENATE("Nilesh"," ","Rathod")', result: 'Nilesh Rathod' }, a, { formula: '30+4', result: 34 }, new Date(Date.UTC(1991, 4, 2)), 9876543210, null],
      [2, 'Meena Rathod', b, 33, null, null, { formula: 'HYPERLINK("http://evil.example","x")', result: 'click' }],
    ]);
    const response = await upload(as.superAdmin, { filename: 'voters.xlsx', data: file, contentType: XLSX_TYPE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 2, errors: 0 });
    expect(await liveVoter(a)).toMatchObject({ full_name: 'Nilesh Rathod', age: 34, date_of_birth: '1991-05-02', mobile_number: '9876543210' });
    expect(await liveVoter(b)).toMatchObject({ comment: 'click' });
  });

  it('should read the shapes Excel itself writes: shared strings with runs, prefixes, styles, 1904 dates', async () => {
    const [a, b] = [newVoterId(), newVoterId()];
    // 1985-06-15 as a 1904-system serial, shown through a custom date format (style 1).
    const serial = (Date.UTC(1985, 5, 15) - Date.UTC(1899, 11, 30)) / 86_400_000 - 1462;
    const strings = zipEntry(
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3">' +
        '<si><t>Voter Number</t></si><si><r><t xml:space="preserve">Sunita </t></r><r><rPr><b/></rPr><t>Kale</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si><si><t>Ravi &amp; Sons</t></si></sst>',
    );
    const styles = zipEntry(
      'xl/styles.xml',
      '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;[Red]&quot;none&quot;"/></numFmts>' +
        '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>',
    );
    const cell = (ref: string, inner: string, type = '') => `<x:c r="${ref}"${type ? ` t="${type}"` : ''}>${inner}</x:c>`;
    // A prefixed namespace, cells without references, a skipped column and rows without numbers.
    const sheet =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      `<x:row r="1">${cell('A1', '<x:v>0</x:v>', 's')}<x:c t="inlineStr"><x:is><x:t>Full Name</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Voter ID</x:t></x:is></x:c>` +
      `${cell('D1', '<x:is><x:t>Date of Birth</x:t></x:is>', 'inlineStr')}${cell('E1', '<x:is><x:t>Present in City</x:t></x:is>', 'inlineStr')}${cell('F1', '<x:is><x:t>Comment</x:t></x:is>', 'inlineStr')}</x:row>` +
      `<x:row>${cell('A2', '<x:v>7</x:v>')}${cell('B2', '<x:v>1</x:v>', 's')}${cell('C2', `<x:v>${a}</x:v>`, 'str')}<x:c r="D2" s="1"><x:v>${serial}</x:v></x:c>${cell('E2', '<x:v>0</x:v>', 'b')}${cell('F2', '<x:v>2</x:v>', 's')}</x:row>` +
      `<x:row>${cell('A3', '<x:v>8</x:v>')}${cell('B3', '<x:is><x:r><x:t>Inline </x:t></x:r><x:r><x:t>Runs</x:t></x:r></x:is>', 'inlineStr')}${cell('C3', `<x:v>${b}</x:v>`, 'str')}${cell('F3', '<x:v>#N/A</x:v>', 'e')}</x:row>` +
      '</x:sheetData></x:worksheet>';
    const file = zipArchive(workbookEntries(sheet, { extra: [strings, styles], workbookBody: '<workbookPr date1904="1"/>' }));
    const result = (await upload(as.admin, { filename: 'excel-shapes.xlsx', data: file })).json<ImportResult>();
    expect(result).toMatchObject({ imported: 2, errors: 0, unknownColumns: [] });
    expect(await liveVoter(a)).toMatchObject({ voter_no: '7', full_name: 'Sunita Kale', date_of_birth: '1985-06-15', present_in_city: 0, comment: 'Ravi & Sons' });
    expect(await liveVoter(b)).toMatchObject({ voter_no: '8', full_name: 'Inline Runs', date_of_birth: null, present_in_city: 1, comment: null });
  });

  it('should import a legacy .xls file', async () => {
    const id = newVoterId();
    const file = xlsFile([
      ['Voter Number', 'Full Name', 'Voter ID', 'Age', 'Booth'],
      ['11', 'Prakash Wankhede', id, 60, 'Booth-05'],
      ['12', '', newVoterId(), 200, 'Booth-05'],
    ]);
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const response = await upload(as.admin, { filename: 'old.xls', data: file, contentType: 'application/vnd.ms-excel' });
    expect(response.statusCode).toBe(200);
    const result = response.json<ImportResult>();
    expect(result).toMatchObject({ imported: 1, errors: 2 });
    expect(result.errorDetails).toEqual([
      { row: 3, column: 'Full Name', message: 'Full Name is required' },
      { row: 3, column: 'Age', message: 'Age must be between 18 and 120' },
    ]);
    expect(await liveVoter(id)).toMatchObject({ full_name: 'Prakash Wankhede', age: 60, booth: 'Booth-05' });
  });
});

describe('POST /api/voters/import: row errors and duplicates', () => {
  it('should skip invalid rows and report each error with its row number and column', async () => {
    const good = newVoterId();
    const file = csvFile([
      ['Voter Number', 'Name', 'EPIC', 'Mobile', 'Gender', 'Booth', 'Age'],
      ['1', 'Good Voter', good, '9876543210', 'Male', 'Booth-02', '40'],
      ['', '', '', '', '', '', ''],
      ['2', 'Bad Mobile', newVoterId(), '12345', 'Male', 'Booth-02', ''],
      ['3', 'Bad Age', newVoterId(), '', 'Robot', 'Booth-999', '7'],
      ['4', 'No Id', '', '', '', '', ''],
      ['5', '', newVoterId(), '', '', '', ''],
    ]);
    const response = await upload(as.admin, { filename: 'errors.csv', data: file });
    const result = response.json<ImportResult>();
    expect(result.imported).toBe(1);
    expect(result.errors).toBe(4);
    expect(result.errorDetails).toEqual([
      { row: 4, column: 'Mobile', message: 'Mobile Number must be 10 digits' },
      { row: 5, column: 'Age', message: 'Age must be between 18 and 120' },
      { row: 6, column: 'EPIC', message: 'Voter ID is required' },
      { row: 7, column: 'Name', message: 'Full Name is required' },
    ]);
    // Row 5's gender and booth would have been warnings; a row that is not saved has none.
    expect(result).toMatchObject({ warnings: 0, warningDetails: [] });
    expect(await liveVoter(good)).toBeDefined();
  });

  it('should report voter IDs that exist or repeat in the file, and update them when asked', async () => {
    const existing = await seedVoter(t.ctx, { full_name: 'Old Name', booth: 'Booth-04' });
    const repeated = newVoterId();
    const rows = [
      ['Voter Number', 'Full Name', 'Voter ID', 'Booth'],
      ['1', 'New Name', existing.voter_id, 'Booth-04'],
      ['2', 'First Copy', repeated, 'Booth-04'],
      ['3', 'Second Copy', repeated, 'Booth-04'],
    ];
    const first = await upload(as.admin, { filename: 'dups.csv', data: csvFile(rows) });
    expect(first.json()).toMatchObject({
      imported: 1,
      updated: 0,
      errors: 2,
      errorDetails: [
        { row: 2, column: 'Voter ID', message: `Voter ID ${existing.voter_id} already exists` },
        { row: 4, column: 'Voter ID', message: `Voter ID ${repeated} appears more than once in the file (first on row 3)` },
      ],
    });
    expect(await liveVoter(existing.voter_id)).toMatchObject({ full_name: 'Old Name' });

    const second = await upload(as.admin, { filename: 'dups.csv', data: csvFile(rows.slice(0, 3)) }, { update_existing: 'true' });
    expect(second.json()).toMatchObject({ imported: 0, updated: 2, errors: 0 });
    expect(await liveVoter(existing.voter_id)).toMatchObject({ id: existing.id, full_name: 'New Name' });
  });

  it('should list at most 1,000 error details but count every error', async () => {
    const rows: string[][] = [['Voter Number', 'Full Name', 'Voter ID']];
    for (let index = 0; index < 1200; index += 1) rows.push([String(index), `Voter ${index}`, '!']);
    const result = (await upload(as.admin, { filename: 'many.csv', data: csvFile(rows) })).json<ImportResult>();
    expect(result.errors).toBe(1200);
    expect(result.errorDetails).toHaveLength(1000);
    expect(result.errorDetails[999]).toMatchObject({ row: 1001 });
  });

  it('should import several batches and keep the booth counters exact', async () => {
    const rows: string[][] = [['Voter Number', 'Full Name', 'Voter ID', 'Booth']];
    const count = IMPORT_BATCH_SIZE * 2 + 500;
    for (let index = 0; index < count; index += 1) rows.push([String(index), `Batch Voter ${index}`, newVoterId(), 'Booth-300']);
    const result = (await upload(as.admin, { filename: 'batches.csv', data: csvFile(rows) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: count, errors: 0 });
    const counter = await t.ctx.db
      .selectFrom('voter_stats')
      .select((eb) => eb.fn.sum<number>('count').as('live'))
      .where('dimension', '=', 'status')
      .where('booth', '=', 'Booth-300')
      .executeTakeFirst();
    expect(Number(counter?.live)).toBe(count);
  });

  it('should report a voter ID repeated batches later in the file with the row that first held it', async () => {
    const rows: string[][] = [['Voter Number', 'Full Name', 'Voter ID']];
    const ids: string[] = [];
    for (let index = 0; index < IMPORT_BATCH_SIZE + 10; index += 1) {
      ids.push(newVoterId());
      rows.push([String(index), `Far Voter ${index}`, ids[index]!]);
    }
    rows.push(['R1', 'Repeat Of Row Two', ids[0]!]);
    const result = (await upload(as.admin, { filename: 'far-repeat.csv', data: csvFile(rows) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: IMPORT_BATCH_SIZE + 10, errors: 1 });
    expect(result.errorDetails).toEqual([{ row: IMPORT_BATCH_SIZE + 12, column: 'Voter ID', message: `Voter ID ${ids[0]} appears more than once in the file (first on row 2)` }]);
    expect((await liveVoter(ids[0]!))?.full_name).toBe('Far Voter 0');
  });

  it('should look up a batch of voter IDs without reading every live voter or the trigram index', async () => {
    // Without statistics SQLite read every live voter for a list of IDs, and PostgreSQL prefers
    // the trigram index whatever its statistics: an import whose batches each look up 5,000
    // IDs slowed down quadratically. The import refreshes SQLite's statistics as the table
    // grows and steers PostgreSQL's batch transactions to the unique index.
    const rows = [['Voter Number', 'Full Name', 'Voter ID'], ...Array.from({ length: IMPORT_BATCH_SIZE }, (_, index) => [String(index), `Plan Voter ${index}`, newVoterId()])];
    expect((await upload(as.admin, { filename: 'plan.csv', data: csvFile(rows) })).json<ImportResult>()).toMatchObject({ imported: IMPORT_BATCH_SIZE, errors: 0 });
    // A thousand IDs is where PostgreSQL turns to the trigram index; SQLite, with statistics,
    // rightly scans a table of a few thousand voters for that many, so it is asked for fifty.
    const count = t.ctx.dialect.name === 'sqlite' ? 50 : 1000;
    const ids = Array.from({ length: count }, (_, index) => `PLAN${index}`);
    // The lookup as each database's findLiveVoters runs it.
    const lookup =
      t.ctx.dialect.name === 'sqlite'
        ? CompiledQuery.raw(LIVE_VOTERS_BY_ID, [JSON.stringify(ids)])
        : t.ctx.db.selectFrom('voters').selectAll().where('voter_id', 'in', ids).where('deleted_at', 'is', null).compile();
    const explain = t.ctx.dialect.name === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
    const plan = await t.ctx.db.transaction().execute(async (trx) => {
      await t.ctx.dialect.useVoterIdIndex(trx);
      return JSON.stringify((await trx.executeQuery(CompiledQuery.raw(`${explain} ${lookup.sql}`, [...lookup.parameters]))).rows);
    });
    // Through the unique index, or (PostgreSQL, a table this small) one pass with the IDs hashed.
    expect(plan).toMatch(t.ctx.dialect.name === 'sqlite' ? /SEARCH voters USING INDEX voters_voter_id_unique/ : /voters_voter_id_unique|Seq Scan on voters/);
    expect(plan).not.toMatch(/voters_live_idx|trgm/);
  });

  it('should refuse to pause the insert triggers outside a transaction, so the pause can never be committed', async () => {
    if (t.ctx.dialect.name !== 'sqlite') return expect(t.ctx.dialect.name).toBe('postgres');
    // Called as a careless caller would: on the database itself, with no transaction open.
    const outsideTransaction = t.ctx.db as unknown as Transaction<Database>;
    expect(() => t.ctx.dialect.startVoterInsert(outsideTransaction, { userId: null, now: new Date().toISOString() })).toThrow('must run inside a transaction');
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM voter_bulk_load`.execute(t.ctx.db)).rows[0]?.n).toBe(0);
  });

  it('should make bulk-saved voters searchable and counted exactly as a single save does', async () => {
    const places = [
      ['Digras', 'Arambhi', 'Booth-01'],
      ['Digras', 'Belora', 'Booth-02'],
      ['Ner', 'Udapur', 'Booth-300'],
      ['', '', ''],
    ];
    const header = ['Voter Number', 'Full Name', 'Voter ID', 'Age', 'Gender', 'Father/Husband Name', 'House No', 'Ward/Area', 'Taluka', 'Village', 'Booth', 'Caste', 'Political Preference', 'Present in City', 'Deceased', 'Part Serial No'];
    const rows: string[][] = [header];
    for (let index = 0; index < 300; index += 1) {
      const [taluka, village, booth] = places[index % places.length]!;
      rows.push([
        String(index),
        index === 7 ? 'Zulekha Quraishi' : `Bulk Voter ${index}`,
        newVoterId(),
        index % 11 === 0 ? '' : String(18 + ((index * 7) % 80)),
        ['Male', 'Female', 'Other', ''][index % 4]!,
        index === 8 ? 'Yashwantrao Khobragade' : 'Ramesh Patil',
        index === 9 ? 'H-4471' : String(index),
        index === 10 ? 'Ward Kalamb Chowk' : `Ward ${index % 5}`,
        taluka!,
        village!,
        booth!,
        ['Maratha', 'Mali', 'Banjara', ''][index % 3]!,
        ['BJP', 'Congress', 'Prahar', ''][index % 5 === 0 ? 3 : index % 3]!,
        index % 6 === 0 ? 'No' : 'Yes',
        index % 13 === 0 ? 'Yes' : 'No',
        // Roll pages for the kept per-page coverage counts (decision 038); a few without a serial.
        index % 17 === 0 ? '' : String(1 + index),
      ]);
    }
    const result = (await upload(as.admin, { filename: 'bulk.csv', data: csvFile(rows) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: 300, errors: 0 });

    const names = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/voters?${query}`, headers: as.admin })).json<{ voters: { full_name: string }[] }>().voters.map((voter) => voter.full_name);
    expect(await names('search=zulekha%20qura')).toEqual(['Zulekha Quraishi']);
    expect(await names('father_husband_name=yashwantrao%20khob')).toEqual(['Bulk Voter 8']);
    // The name index holds them too: found from Devanagari (decision 021).
    expect(await names(`search=${encodeURIComponent('झुलेखा कुरैशी')}`)).toEqual(['Zulekha Quraishi']);
    expect(await names('area=H-4471')).toEqual(['Bulk Voter 9']);
    expect(await names('area=kalamb')).toEqual(['Bulk Voter 10']);
    await expectKeptCountsToMatchVoters(t.ctx.db);
    const paged = await t.ctx.db.selectFrom('page_coverage').select((eb) => eb.fn.sum<number>('active').as('active')).where('booth', '=', 'Booth-300').executeTakeFirst();
    expect(Number(paged?.active)).toBeGreaterThan(0);

    // The same file again with "update existing": a quarter of the voters change age, gender,
    // deceased flag and one name; the rest are saved unchanged (their counts must not move).
    const changed = rows.map((row, index) =>
      index === 0 || index % 4 !== 1
        ? row
        : [row[0]!, index === 5 ? 'Renamed Voter Five' : row[1]!, row[2]!, String(20 + (index % 60)), 'Female', ...row.slice(5, 14), index % 8 === 1 ? 'Yes' : 'No', String(400 + index)],
    );
    const untouched = await liveVoter(rows[2]![2]!);
    const again = (await upload(as.admin, { filename: 'bulk.csv', data: csvFile(changed) }, { update_existing: 'true' })).json<ImportResult>();
    expect(again).toMatchObject({ imported: 0, updated: 300, errors: 0 });
    // A voter the file left as it was is not written at all.
    expect(await liveVoter(rows[2]![2]!)).toEqual(untouched);
    expect(await liveVoter(rows[5]![2]!)).toMatchObject({ full_name: 'Renamed Voter Five', gender: 'Female', age: 25 });
    expect(await names('search=renamed%20voter%20five')).toEqual(['Renamed Voter Five']);
    expect(await names('search=zulekha%20qura')).toEqual(['Zulekha Quraishi']);
    await expectKeptCountsToMatchVoters(t.ctx.db);

    // The triggers are back for everyday saves once an import is done.
    await seedVoter(t.ctx, { full_name: 'Xavier After Import', booth: 'Booth-02', village: 'Belora', taluka: 'Digras' });
    expect(await names('search=xavier%20after')).toEqual(['Xavier After Import']);
    await expectKeptCountsToMatchVoters(t.ctx.db);
    if (t.ctx.dialect.name === 'sqlite') {
      // FTS5 checks its index against the voters table, entry by entry.
      await sql`INSERT INTO voters_fts(voters_fts) VALUES ('integrity-check')`.execute(t.ctx.db);
      expect((await sql<{ n: number }>`SELECT count(*) AS n FROM voter_bulk_load`.execute(t.ctx.db)).rows[0]?.n).toBe(0);
    }
  });

  it('should refuse a file without the required columns', async () => {
    const response = await upload(as.admin, { filename: 'nohead.csv', data: csvFile([['Name', 'Age'], ['A', 30]]) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/no Voter Number, Voter ID column/);
  });
});

describe('POST /api/voters/import: messy spreadsheets', () => {
  it('should place list values written in any case, spacing, punctuation or in Marathi, and their aliases, without errors', async () => {
    const ids = [newVoterId(), newVoterId(), newVoterId(), newVoterId()] as const;
    const file = csvFile([
      ['Voter Number', 'Full Name', 'Voter ID', 'Gender', 'Occupation', 'Political Preference', 'Religion', 'Booth', 'Taluka', 'Village', 'Caste', 'Sub-caste', 'Category', 'Deceased'],
      ['1', 'Farm Hand', ids[0], 'm', 'farm labourer', 'Shiv Sena', ' HINDU ', '12', 'digras', 'arambhi', 'kunbi', 'KHAIRE', 'OBC', 'no'],
      ['2', 'Home Maker', ids[1], 'स्त्री', 'Housewife', 'Shiv Sena (Uddhav Balasaheb Thackeray)', 'Islam', 'Booth 12', 'दिग्रस', 'Arambhi', 'Kunbi', '', 'nt-b', 'नाही'],
      ['3', 'Shetkari', ids[2], 'F', 'शेतकरी', 'भाजप', 'बौद्ध', 'बूथ १२', 'Digras', '', 'Buddhist', '', 'sc', ''],
      ['4', 'Sharad Supporter', ids[3], 'Male', 'Self employed', 'Nationalist Congress Party – Sharadchandra Pawar', '-', 'booth-12', 'Other', 'other', 'other', '', 'other', ''],
    ]);
    const result = (await upload(as.admin, { filename: 'messy.csv', data: file })).json<ImportResult>();
    expect(result).toMatchObject({ imported: 4, errors: 0, warnings: 0, errorDetails: [], warningDetails: [] });
    expect(await liveVoter(ids[0])).toMatchObject({ gender: 'Male', occupation: 'Farm Labourer', political_preference: 'Shiv Sena (Shinde)', religion: 'Hindu', booth: 'Booth-12', taluka: 'Digras', village: 'Arambhi', caste: 'Kunbi', sub_caste: 'Khaire', category: 'obc', is_dead: 0 });
    expect(await liveVoter(ids[1])).toMatchObject({ gender: 'Female', occupation: 'Homemaker', political_preference: 'Shiv Sena (UBT)', religion: 'Muslim', taluka: 'Digras', category: 'nt', is_dead: 0 });
    expect(await liveVoter(ids[2])).toMatchObject({ gender: 'Female', occupation: 'Farmer', political_preference: 'BJP', religion: 'Buddhist', booth: 'Booth-12', caste: 'Buddhist (Nav-Bauddha)', category: 'sc' });
    expect(await liveVoter(ids[3])).toMatchObject({ occupation: 'Self-employed', political_preference: 'NCP (Sharad Pawar)', religion: null, taluka: 'Other', village: 'Other', caste: 'Other', category: 'other' });
  });

  it('should import a row whose optional list value fits nowhere, leave it empty or Other, and warn naming the row, column and value', async () => {
    const [a, b] = [newVoterId(), newVoterId()];
    const file = csvFile([
      ['अनुक्रमांक', 'नाव', 'मतदार ओळखपत्र क्रमांक', 'लिंग', 'व्यवसाय', 'पक्ष', 'बूथ', 'तालुका', 'गाव', 'जात', 'पोटजात', 'मृत'],
      ['1', 'Asha Unplaced', a, 'Robot', 'Astronaut', 'Party X', 'Booth-999', 'Ner', 'Arambhi', 'Kunbi', 'Chitpavan', 'perhaps'],
      ['2', 'Ravi Placed', b, 'पुरुष', 'शेतमजूर', 'काँग्रेस', '5', 'Ner', '', 'Mali', '', ''],
    ]);
    const result = (await upload(as.admin, { filename: 'unplaced.csv', data: file })).json<ImportResult>();
    const warning = (column: string, value: string, savedAs: string | null, problem = 'Not in the list', why: { reason: string; of?: string; belongsTo?: string[] } = { reason: 'not_in_list' }) => ({
      row: 2,
      column,
      value,
      savedAs,
      message: `${problem}: "${value}"; ${savedAs === null ? 'left empty' : `saved as ${savedAs}`}`,
      reason: why.reason,
      of: why.of ?? null,
      belongsTo: why.belongsTo ?? [],
    });
    expect(result).toEqual({
      imported: 2,
      updated: 0,
      errors: 0,
      errorDetails: [],
      warnings: 7,
      warningDetails: [
        warning('लिंग', 'Robot', null),
        warning('व्यवसाय', 'Astronaut', 'Other'),
        warning('पक्ष', 'Party X', 'Other'),
        warning('बूथ', 'Booth-999', null),
        warning('मृत', 'perhaps', 'No', 'Not Yes or No', { reason: 'not_yes_no' }),
        warning('पोटजात', 'Chitpavan', null, 'Not a sub-caste of Kunbi', { reason: 'not_sub_caste_of', of: 'Kunbi' }),
        warning('गाव', 'Arambhi', null, 'Not a village of Ner (a village of Digras)', { reason: 'village_of_another_taluka', of: 'Ner', belongsTo: ['Digras'] }),
      ],
      unknownColumns: [],
    });
    expect(await liveVoter(a)).toMatchObject({ full_name: 'Asha Unplaced', gender: null, occupation: 'Other', political_preference: 'Other', booth: null, taluka: 'Ner', village: null, caste: 'Kunbi', sub_caste: null, is_dead: 0 });
    expect(await liveVoter(b)).toMatchObject({ gender: 'Male', occupation: 'Farm Labourer', political_preference: 'Congress', booth: 'Booth-05', caste: 'Mali' });
  });

  it('should keep errors for what cannot be saved, and count warnings only for the rows it saves', async () => {
    const existing = await seedVoter(t.ctx, { booth: 'Booth-04', occupation: 'Farmer' });
    const repeated = newVoterId();
    const rows = [
      ['Voter Number', 'Full Name', 'Voter ID', 'Age', 'Occupation'],
      ['1', '', newVoterId(), '40', 'Astronaut'],
      ['2', 'No Voter Id', '', '40', 'Astronaut'],
      ['3', 'Too Young', newVoterId(), '12', 'Astronaut'],
      ['4', 'Already Here', existing.voter_id, '40', 'Astronaut'],
      ['5', 'First Copy', repeated, '40', 'Astronaut'],
      ['6', 'Second Copy', repeated, '40', 'Astronaut'],
    ];
    const first = (await upload(as.admin, { filename: 'refused.csv', data: csvFile(rows) })).json<ImportResult>();
    expect(first).toMatchObject({ imported: 1, updated: 0, errors: 5, warnings: 1, warningDetails: [{ row: 6, column: 'Occupation', value: 'Astronaut', savedAs: 'Other' }] });
    expect(first.errorDetails.map((error) => [error.row, error.column, error.message])).toEqual([
      [2, 'Full Name', 'Full Name is required'],
      [3, 'Voter ID', 'Voter ID is required'],
      [4, 'Age', 'Age must be between 18 and 120'],
      [5, 'Voter ID', `Voter ID ${existing.voter_id} already exists`],
      [7, 'Voter ID', `Voter ID ${repeated} appears more than once in the file (first on row 6)`],
    ]);
    expect(await liveVoter(existing.voter_id)).toMatchObject({ occupation: 'Farmer' });

    // Updating the voter that exists: saved, so its unplaced value is a warning.
    const second = (await upload(as.admin, { filename: 'update.csv', data: csvFile([rows[0]!, rows[4]!]) }, { update_existing: 'true' })).json<ImportResult>();
    expect(second).toMatchObject({ imported: 0, updated: 1, errors: 0, warnings: 1, warningDetails: [{ row: 2, column: 'Occupation', value: 'Astronaut', savedAs: 'Other' }] });
    expect(await liveVoter(existing.voter_id)).toMatchObject({ full_name: 'Already Here', occupation: 'Other' });
  });

  it('should list at most 1,000 warning details but count every warning', async () => {
    const rows: string[][] = [['Voter Number', 'Full Name', 'Voter ID', 'Occupation', 'Gender']];
    for (let index = 0; index < 1200; index += 1) rows.push([String(index), `Warned ${index}`, newVoterId(), 'Astronaut', index % 2 === 0 ? 'Robot' : 'Female']);
    const result = (await upload(as.admin, { filename: 'warned.csv', data: csvFile(rows) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: 1200, errors: 0, warnings: 1800 });
    expect(result.warningDetails).toHaveLength(1000);
    expect(result.warningDetails.slice(0, 3)).toMatchObject([
      { row: 2, column: 'Occupation', value: 'Astronaut' },
      { row: 2, column: 'Gender', value: 'Robot' },
      { row: 3, column: 'Occupation', value: 'Astronaut' },
    ]);
  });

  it('should recognise a Marathi header for every field', async () => {
    const id = newVoterId();
    const marathi: Record<string, [string, string]> = {
      voter_no: ['अनुक्रमांक', '9'],
      full_name: ['मतदाराचे नाव', 'सुनीता पवार'],
      voter_id: ['मतदार ओळखपत्र क्र. (EPIC)', id],
      age: ['वय', '52'],
      gender: ['लिंग', 'स्त्री'],
      date_of_birth: ['जन्म तारीख', '1974-03-02'],
      father_husband_name: ['वडील/पतीचे नाव', 'सुरेश पवार'],
      relation_type: ['नाते', 'पती'],
      religion: ['धर्म', 'हिंदू'],
      disability: ['दिव्यांग', 'नाही'],
      mobile_number: ['मोबाईल क्रमांक', '9876543210'],
      whatsapp_number: ['व्हॉट्सअॅप क्रमांक', '9876543211'],
      house_no: ['घर क्रमांक', '12/अ'],
      ward_area: ['प्रभाग', 'शिवाजी नगर'],
      village: ['गाव', 'Arambhi'],
      booth: ['बूथ क्रमांक', '७'],
      district: ['जिल्हा', 'यवतमाळ'],
      taluka: ['तालुका', 'दिग्रस'],
      present_in_city: ['शहरात उपस्थित', 'नाही'],
      present_city_name: ['सध्याचे शहर', 'पुणे'],
      category: ['प्रवर्ग', 'इतर मागास वर्ग'],
      caste: ['जात', 'Kunbi'],
      sub_caste: ['पोटजात', 'Khaire'],
      political_preference: ['राजकीय कल', 'भाजप'],
      party_designation: ['पक्षातील पद', 'सदस्य'],
      head_of_house: ['कुटुंबप्रमुख', '2'],
      occupation: ['व्यवसाय', 'गृहिणी'],
      occupation_subcategory: ['व्यवसाय उपप्रकार', 'स्वतः'],
      is_dead: ['मृत', 'नाही'],
      comment: ['शेरा', 'नोंद'],
    };
    const entries = Object.values(marathi);
    const result = (await upload(as.admin, { filename: 'marathi-headers.csv', data: csvFile([entries.map(([header]) => header), entries.map(([, value]) => value)]) })).json<ImportResult>();
    expect(result).toMatchObject({ imported: 1, errors: 0, warnings: 0, unknownColumns: [] });
    expect(await liveVoter(id)).toMatchObject({
      voter_no: '9', full_name: 'सुनीता पवार', age: 52, gender: 'Female', date_of_birth: '1974-03-02', relation_type: 'Husband', religion: 'Hindu', disability: 'No',
      mobile_number: '9876543210', whatsapp_number: '9876543211', booth: 'Booth-07', taluka: 'Digras', village: 'Arambhi', present_in_city: 0, present_city_name: 'पुणे',
      category: 'obc', caste: 'Kunbi', sub_caste: 'Khaire', political_preference: 'BJP', party_designation: 'सदस्य', head_of_house: 2, occupation: 'Homemaker',
      occupation_subcategory: 'self', is_dead: 0, comment: 'नोंद',
    });
  });
});

describe('POST /api/voters/import: limits and file checks', () => {
  it('should refuse files that are not spreadsheets, by name and by content', async () => {
    const message = 'Unsupported file type: use .xlsx, .xls or .csv';
    for (const file of [
      { filename: 'voters.txt', data: csvFile([['Voter ID'], ['ABC123']]) },
      { filename: 'voters.pdf', data: Buffer.from('%PDF-1.4') },
      { filename: 'voters.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) },
      { filename: 'voters', data: csvFile([['Voter ID'], ['ABC123']]) },
    ]) {
      const response = await upload(as.admin, file);
      expect(response.statusCode, file.filename).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  // Issue 25: a spreadsheet by name that cannot be read is not a wrong type; the user is told what to try.
  it('should say an .xlsx could not be read as a spreadsheet, and what to try, when the file is damaged', async () => {
    const message = 'This file could not be read as an Excel spreadsheet. It may be damaged or password-protected: open it in Excel or LibreOffice, save it again as .xlsx or .csv, and import that.';
    const whole = await xlsxFile([['Voter Number', 'Full Name', 'Voter ID'], [1, 'Cut Short', 'CUT000001']]);
    // An encrypted (password-protected) .xlsx is an OLE compound file, not a zip.
    const oleHead = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    for (const file of [
      { filename: 'not-a-zip.xlsx', data: Buffer.from('this is not a zip archive at all, only text saved under an Excel name') },
      { filename: 'renamed-csv.xlsx', data: csvFile([['Voter ID'], ['ABC123']]) },
      { filename: 'truncated.xlsx', data: whole.subarray(0, Math.floor(whole.length / 2)) },
      { filename: 'no-workbook.xlsx', data: zipArchive([zipEntry('docs/readme.txt', 'a zip, but no workbook inside')]) },
      { filename: 'password.xlsx', data: oleHead },
      { filename: 'not-ole.xls', data: Buffer.from('plain text saved under a legacy Excel name') },
    ]) {
      const response = await upload(as.admin, file);
      expect(response.statusCode, file.filename).toBe(400);
      expect(response.json(), file.filename).toEqual({ message });
    }
  });

  it('should refuse a file over IMPORT_MAX_MB with 413 and remove the temporary file', async () => {
    const rows: string[][] = [['Voter Number', 'Full Name', 'Voter ID']];
    for (let index = 0; index < 40_000; index += 1) rows.push([String(index), `Some Long Voter Name ${index}`, `BIG${index}`]);
    const file = csvFile(rows);
    expect(file.length).toBeGreaterThan(1024 * 1024);
    const response = await upload(as.admin, { filename: 'big.csv', data: file });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than 1 MB; split it into smaller files');
    const { readdir } = await import('node:fs/promises');
    const left = await readdir(`${t.ctx.config.dataDir}/tmp`).catch(() => []);
    expect(left).toEqual([]);
  });

  it('should refuse a zip bomb without unpacking it', async () => {
    const response = await upload(as.admin, { filename: 'bomb.xlsx', data: zipBomb() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expands to far more data/);
  });

  it('should refuse a request without a file', async () => {
    const body = multipart({ update_existing: 'true' });
    const response = await t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...as.admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Choose a file to import' });
  });
});

describe('POST /api/voters/import: access and audit', () => {
  it('should allow only Super Admin and Admin', async () => {
    const file = { filename: 'roles.csv', data: csvFile([['Voter Number', 'Full Name', 'Voter ID'], ['1', 'X', newVoterId()]]) };
    expect((await upload(as.supervisor, file)).statusCode).toBe(403);
    expect((await upload(as.karyakarta, file)).statusCode).toBe(403);
    expect((await upload(undefined, file)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/voters/import/template', headers: as.karyakarta })).statusCode).toBe(403);
  });

  it('should record IMPORT_VOTERS with the counts', async () => {
    const file = csvFile([['Voter Number', 'Full Name', 'Voter ID'], ['1', 'Audited', newVoterId()], ['2', '', newVoterId()]]);
    await upload(as.admin, { filename: 'audited.csv', data: file });
    const row = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'IMPORT_VOTERS').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({ file: 'audited.csv', type: 'csv', imported: 1, updated: 0, warnings: 0, errors: 1 });
    expect(row.table_name).toBe('voters');
  });
});

describe('GET /api/voters/import/template', () => {
  it('should give an .xlsx with the headers, an example row that imports cleanly, and the allowed values', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voters/import/template', headers: as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    const workbook = await readWorkbook(response.rawPayload);
    const [voters, allowed] = workbook.worksheets;
    const rows = sheetRows(voters!);
    expect(rows[0]).toContain('Voter ID');
    expect(rows).toHaveLength(2);
    expect(voters!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(voters!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const lists = sheetRows(allowed!);
    expect(lists[0]).toContain('Booth');
    expect(allowed!.getRow(1).getCell(1).font?.bold).toBe(true);
    // A drop-down on the booth column, fed from the booth column of the second sheet.
    const boothColumn = (rows[0] as unknown[]).indexOf('Booth') + 1;
    const listColumn = String.fromCharCode(65 + (lists[0] as unknown[]).indexOf('Booth'));
    expect(voters!.getRow(2).getCell(boothColumn).dataValidation).toMatchObject({ type: 'list', formulae: [expect.stringMatching(new RegExp(`^'Allowed values'!\\$${listColumn}\\$2:\\$${listColumn}\\$\\d+$`))] });
    expect(lists.flat()).toContain('Booth-396');
    const imported = await upload(as.admin, { filename: 'template.xlsx', data: response.rawPayload });
    expect(imported.json()).toMatchObject({ imported: 1, errors: 0, unknownColumns: [] });
  });
});
