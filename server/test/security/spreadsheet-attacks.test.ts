import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { XLSX_SHARED_STRINGS_MAX_BYTES } from '../../src/lib/spreadsheets/xlsx-archive';
import {
  EXTERNAL_RELATIONSHIP,
  HYPERLINK_RELATIONSHIP,
  RELS_NS,
  repeatedEntry,
  sheetRow,
  sheetXml,
  textCell,
  VOTER_HEADER_ROW,
  workbookEntries,
  xlsxOf,
  zipArchive,
  zipEntry,
} from '../support/hostile-spreadsheets';
import { createTestApp, type TestApp } from '../support/test-app';
import { csvFile, readWorkbook, sheetRows, xlsFile, xlsxFile, zipBomb } from '../voters/spreadsheet-test-helpers';
import { multipart } from '../voters/voter-test-helpers';
import { type Caller, databaseChecksum, signIn } from './security-fixtures';

// Hostile spreadsheets sent to POST /api/voters/import, beyond the file-type, limit and basic
// zip-bomb tests of server/test/voters/voter-import.test.ts. Each is either refused cleanly (a 4xx
// JSON { message }, fast, the temporary upload removed, nothing written) or imported safely
// (formulas as their stored results, nothing fetched, nothing run).
let t: TestApp;
let admin: Caller;
// A web server on this machine that every link, entity and formula in the files points at:
// the import must never call it.
const fetched: string[] = [];
const decoy = createServer((request, response) => {
  fetched.push(request.url ?? '');
  response.end('<x>fetched</x>');
});
let decoyUrl = '';

beforeAll(async () => {
  // 64 MB leaves room for the 50 MB CSV cell below.
  t = await createTestApp({ config: { importMaxMb: 64 } });
  admin = await signIn(t, 'Admin');
  await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
  const address = decoy.address();
  if (!address || typeof address === 'string') throw new Error('decoy server has no port');
  decoyUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => decoy.close(() => resolve()));
  await t.close();
});

const BOMB = /^The file expands to far more data than a spreadsheet holds and was refused$/;
const DAMAGED = /^This file could not be read as an Excel spreadsheet\. It may be damaged or password-protected: open it in Excel or LibreOffice, save it again as \.xlsx or \.csv, and import that\.$/;
const UNREADABLE = /^The file could not be read after row \d+$/;

function upload(filename: string, data: Buffer) {
  const body = multipart({}, { field: 'file', filename, contentType: 'application/octet-stream', data });
  return t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...admin.headers, ...body.headers }, payload: body.payload });
}

async function leftoverUploads(): Promise<string[]> {
  return readdir(path.join(t.ctx.config.dataDir, 'tmp')).catch(() => []);
}

// Refused with a 4xx JSON { message }, within `within` ms, leaving no upload and no change behind.
async function expectRefused(filename: string, data: Buffer, expected: { message: RegExp; within: number; status?: number }): Promise<string> {
  const before = await databaseChecksum(t);
  const started = Date.now();
  const response = await upload(filename, data);
  const elapsed = Date.now() - started;
  expect(response.statusCode, response.body.slice(0, 600)).toBe(expected.status ?? 400);
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message).toMatch(expected.message);
  expect(elapsed, `${filename} took ${elapsed} ms`).toBeLessThan(expected.within);
  expect(await leftoverUploads()).toEqual([]);
  expect(await databaseChecksum(t)).toBe(before);
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  return response.body;
}

async function expectImported(filename: string, data: Buffer, within: number): Promise<ImportResult> {
  const started = Date.now();
  const response = await upload(filename, data);
  const elapsed = Date.now() - started;
  expect(response.statusCode, response.body.slice(0, 600)).toBe(200);
  expect(elapsed, `${filename} took ${elapsed} ms`).toBeLessThan(within);
  expect(await leftoverUploads()).toEqual([]);
  return response.json<ImportResult>();
}

async function liveVoter(voterId: string) {
  return t.ctx.db.selectFrom('voters').selectAll().where('voter_id', '=', voterId).where('deleted_at', 'is', null).executeTakeFirst();
}

// Read back and searched here: PostgreSQL would refuse a NUL inside a LIKE pattern.
async function votersContaining(text: string): Promise<number> {
  const rows = await t.ctx.db.selectFrom('voters').select(['voter_no', 'full_name', 'voter_id', 'father_husband_name', 'comment']).execute();
  return rows.filter((row) => Object.values(row).some((value) => typeof value === 'string' && value.includes(text))).length;
}

// The export's cells for one voter, by header.
async function exportedVoter(voterId: string): Promise<Record<string, unknown>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers: admin.headers });
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = sheetRows((await readWorkbook(response.rawPayload)).worksheets[0]!);
  const idColumn = header!.indexOf('Voter ID');
  const row = rows.find((cells) => cells[idColumn] === voterId);
  if (!row) throw new Error(`${voterId} is not in the export`);
  return Object.fromEntries(header!.map((name, index) => [String(name), row[index]]));
}

function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

// A sheet whose row 2 holds one text cell of `size` bytes (of which the directory may say less).
async function hugeCellSheet(size: number) {
  const head = sheetXml(`${VOTER_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>1</t></is></c><c r="B2" t="inlineStr"><is><t>`).replace('</sheetData></worksheet>', '');
  return repeatedEntry('xl/worksheets/sheet1.xml', size, Buffer.alloc(64 * 1024, 'A'), head, '</t></is></c></row></sheetData></worksheet>');
}

describe('POST /api/voters/import: zip bombs of several shapes', () => {
  it('should refuse one highly compressed huge sheet fast and leave nothing behind', async () => {
    await expectRefused('bomb.xlsx', zipBomb(), { message: BOMB, within: 3000 });
  });

  it('should refuse many small entries when together they expand past 3 GB', async () => {
    const megabyte = zipEntry('x', Buffer.alloc(1024 * 1024));
    const media = Array.from({ length: 3100 }, (_, index) => ({ ...megabyte, name: `xl/media/image${index}.bin` }));
    const file = zipArchive(workbookEntries(sheetXml(VOTER_HEADER_ROW), { extra: media }));
    expect(file.length).toBeLessThan(8 * 1024 * 1024);
    await expectRefused('many.xlsx', file, { message: BOMB, within: 5000 });
  });

  it('should refuse an archive that expands a thousand times overall when no entry alone passes 1 MB', async () => {
    // 1,000 entries of 1 MB each: under the per-entry rule one by one, 1 GB from a 1 MB upload.
    const megabyte = zipEntry('x', Buffer.alloc(1024 * 1024));
    const media = Array.from({ length: 1000 }, (_, index) => ({ ...megabyte, name: `xl/media/image${index}.bin` }));
    const file = zipArchive(workbookEntries(sheetXml(VOTER_HEADER_ROW), { extra: media }));
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    await expectRefused('overall.xlsx', file, { message: BOMB, within: 5000 });
  });

  it('should refuse a zip64 directory entry that claims a small size when its data expands far past it', async () => {
    const sheet = await hugeCellSheet(40 * 1024 * 1024);
    const lying = { ...sheet, directory: { zip64: true, size: 40_000 } };
    await expectRefused('zip64-small.xlsx', xlsxOf(lying), { message: BOMB, within: 5000 });
    // And one that claims more than any disk holds.
    const boastful = { ...zipEntry('xl/worksheets/sheet1.xml', sheetXml(VOTER_HEADER_ROW)), directory: { zip64: true, size: 2 ** 62 } };
    await expectRefused('zip64-huge.xlsx', xlsxOf(boastful), { message: BOMB, within: 3000 });
  });

  it('should refuse an archive whose central directory understates what a local entry expands to', async () => {
    const sheet = await hugeCellSheet(40 * 1024 * 1024);
    expect(sheet.size / sheet.data.length).toBeGreaterThan(150);
    await expectRefused('understated.xlsx', xlsxOf({ ...sheet, directory: { size: 40_000 } }), { message: BOMB, within: 5000 });
  });

  it('should refuse a local entry that the central directory does not list', async () => {
    // The streaming reader walks local headers; a hidden sheet would be read but never checked.
    const hidden = { ...(await hugeCellSheet(40 * 1024 * 1024)), directory: { listed: false } };
    const file = zipArchive([hidden, ...workbookEntries(sheetXml(VOTER_HEADER_ROW))]);
    await expectRefused('hidden.xlsx', file, { message: DAMAGED, within: 5000 });
  });

  it('should refuse an end record that claims an empty directory in front of real entries', async () => {
    const bomb = workbookEntries(await hugeCellSheet(40 * 1024 * 1024));
    await expectRefused('no-directory.xlsx', zipArchive(bomb, { claimEntries: 0 }), { message: DAMAGED, within: 5000 });
    const small = workbookEntries(sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Hidden Voter', 'EMPTYDIR1', ''])));
    await expectRefused('no-directory-small.xlsx', zipArchive(small, { claimEntries: 0 }), { message: DAMAGED, within: 3000 });
    expect(await liveVoter('EMPTYDIR1')).toBeUndefined();
  });

  it('should refuse an archive whose directory names an entry differently from its local header', async () => {
    const sheet = zipEntry('xl/worksheets/sheet1.xml', sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Renamed Voter', 'RENAMED01', ''])));
    await expectRefused('renamed.xlsx', xlsxOf({ ...sheet, directory: { name: 'xl/media/image1.png' } }), { message: DAMAGED, within: 3000 });
    expect(await liveVoter('RENAMED01')).toBeUndefined();
  });

  it('should import the sheet and never unpack a zip bomb nested inside the .xlsx', async () => {
    const nested = zipEntry('xl/embeddings/oleObject1.bin', zipBomb());
    const file = xlsxOf(sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Nested Voter', 'NESTED001', ''])), { extra: [nested] });
    const result = await expectImported('nested.xlsx', file, 3000);
    expect(result).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter('NESTED001')).toMatchObject({ full_name: 'Nested Voter' });
  });

  it('should leave no copy of the sheet in the system temp folder when its shared strings come after it', async () => {
    // exceljs copies a sheet to os.tmpdir() when it meets the sheet before the shared strings
    // (Excel's own order, and exceljs' too), and leaves the copy there when reading stops early.
    const copies = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = await copies();
    const strings = zipEntry('xl/sharedStrings.xml', '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Shared Voter</t></si><si><t>SHARED001</t></si></sst>');
    const sheet = sheetXml(`${VOTER_HEADER_ROW}<row r="2">${textCell('A2', '1')}<c r="B2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c></row>`);
    const excelOrder = await expectImported('excel-order.xlsx', zipArchive([...workbookEntries(sheet), strings]), 3000);
    expect(excelOrder).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter('SHARED001')).toMatchObject({ full_name: 'Shared Voter' });
    const written = await xlsxFile([['Voter Number', 'Full Name', 'Voter ID', 'Date of Birth'], ['2', 'Written Voter', 'SHARED002', new Date(Date.UTC(1980, 1, 3))]]);
    expect(await expectImported('exceljs.xlsx', written, 3000)).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter('SHARED002')).toMatchObject({ full_name: 'Written Voter', date_of_birth: '1980-02-03' });
    expect(await copies()).toEqual(before);
  });

  it('should refuse a sheet part that is itself a zip', async () => {
    await expectRefused('zip-in-sheet.xlsx', xlsxOf(zipBomb()), { message: /could not be read/, within: 3000 });
  });

  it('should refuse a shared-strings table too large to hold in memory even when every size is honest', async () => {
    // exceljs keeps the whole table as JavaScript strings (about three times the XML), so a
    // true 300 MB table at a modest ratio could exhaust the heap. A random 32 KB block repeated
    // keeps the ratio under the per-entry limit of 100.
    const block = Buffer.from(Array.from({ length: 32 * 1024 }, (_, index) => `<si><t>${((index * 2654435761) >>> 0).toString(36)}</t></si>`).join('').slice(0, 32 * 1024));
    const size = XLSX_SHARED_STRINGS_MAX_BYTES + 1024 * 1024;
    const strings = await repeatedEntry('xl/sharedStrings.xml', size, block, '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', '</sst>');
    expect(size / strings.data.length).toBeLessThan(100);
    const file = xlsxOf(sheetXml(VOTER_HEADER_ROW), { extra: [strings] });
    await expectRefused('strings.xlsx', file, { message: /^The file holds more text than can be read at once; save it as \.csv and import that instead$/, within: 3000 });
  }, 60_000);
});

describe('POST /api/voters/import: a sheet a million columns wide', () => {
  it('should import quickly when a header cell sits in the last column and the sheet claims the largest range', async () => {
    const sheet = sheetXml(
      `<row r="1">${['Voter Number', 'Full Name', 'Voter ID'].map((text, index) => textCell(`${columnLetters(index + 1)}1`, text)).join('')}${textCell('XFD1', 'Far Away')}</row>` +
        `<row r="2">${textCell('A2', '1')}${textCell('B2', 'Wide Voter')}${textCell('C2', 'WIDE00001')}${textCell('XFD2', 'x')}</row>`,
      { beforeData: '<dimension ref="A1:XFD1048576"/><cols><col min="1" max="2000000000" width="9"/></cols>' },
    );
    const result = await expectImported('wide.xlsx', xlsxOf(sheet), 3000);
    expect(result).toMatchObject({ imported: 1, errors: 0, unknownColumns: ['Far Away'] });
    expect(await liveVoter('WIDE00001')).toMatchObject({ full_name: 'Wide Voter' });
  });

  it('should import within seconds when every row fills all 16,384 columns', async () => {
    const cells = (row: number) => Array.from({ length: 16_384 - 3 }, (_, index) => `<c r="${columnLetters(index + 4)}${row}"><v>${index}</v></c>`).join('');
    let rows = `<row r="1">${textCell('A1', 'Voter Number')}${textCell('B1', 'Full Name')}${textCell('C1', 'Voter ID')}${cells(1)}</row>`;
    for (let row = 2; row <= 31; row += 1) rows += `<row r="${row}">${textCell(`A${row}`, String(row))}${textCell(`B${row}`, `Full Row ${row}`)}${textCell(`C${row}`, `FULLROW${row}`)}${cells(row)}</row>`;
    const result = await expectImported('full-width.xlsx', xlsxOf(sheetXml(rows)), 15_000);
    expect(result).toMatchObject({ imported: 30, errors: 0 });
    // The numbered header cells are not voter fields; none of them became one.
    expect(result.unknownColumns).toHaveLength(16_384 - 3);
    expect(await liveVoter('FULLROW31')).toMatchObject({ full_name: 'Full Row 31', voter_no: '31' });
  }, 30_000);

  it('should refuse a cell in the millionth column, past the last column a sheet may have', async () => {
    expect(columnLetters(1_000_000)).toBe('BDWGN');
    const sheet = sheetXml(`${VOTER_HEADER_ROW}<row r="2">${textCell('A2', '1')}${textCell('B2', 'Too Wide')}${textCell('C2', 'TOOWIDE01')}${textCell('BDWGN2', 'x')}</row>`);
    await expectRefused('million.xlsx', xlsxOf(sheet), { message: UNREADABLE, within: 3000 });
  });

  it('should import a legacy .xls quickly when its dimensions claim every row and column', async () => {
    const file = xlsFile([['Voter Number', 'Full Name', 'Voter ID'], ['1', 'Corner Voter', 'CORNER001']]);
    // The DIMENSIONS record (0x0200, 14 bytes): claim rows up to 65,536 and columns up to IV, the BIFF8 maximum.
    const record = file.findIndex((_, index) => index + 18 <= file.length && file.readUInt16LE(index) === 0x0200 && file.readUInt16LE(index + 2) === 14);
    expect(record).toBeGreaterThan(0);
    file.writeUInt32LE(65_536, record + 8);
    file.writeUInt16LE(256, record + 14);
    const result = await expectImported('corner.xls', file, 5000);
    expect(result).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter('CORNER001')).toMatchObject({ full_name: 'Corner Voter' });
  });

  it('should refuse a CSV line of a million columns quickly', async () => {
    const line = `Voter Number,Full Name,Voter ID${',c'.repeat(1_000_000)}`;
    await expectRefused('million.csv', Buffer.from(`${line}\r\n1,Wide,CSVWIDE01\r\n`), { message: /^Row 1 is longer than 1 MB; no voter row is that long, so the file was not read past it$/, within: 3000 });
  });
});

describe('POST /api/voters/import: enormous cells, NUL bytes and formula text in CSV', () => {
  it('should refuse a 50 MB cell quickly instead of gathering it', async () => {
    const cell = 'A'.repeat(50 * 1024 * 1024);
    const message = /^Row 2 is longer than 1 MB; no voter row is that long, so the file was not read past it$/;
    await expectRefused('cell.csv', Buffer.from(`Voter Number,Full Name,Voter ID\r\n1,${cell},BIGCELL01\r\n`), { message, within: 4000 });
    // Quoted, with line breaks inside, so no single line is long.
    const lines = `${'B'.repeat(99)}\n`.repeat(500_000);
    await expectRefused('cell-lines.csv', Buffer.from(`Voter Number,Full Name,Voter ID\r\n1,"${lines}",BIGCELL02\r\n`), { message, within: 4000 });
  }, 30_000);

  it('should refuse a CSV that starts with NUL bytes as not a spreadsheet', async () => {
    await expectRefused('nul.csv', Buffer.concat([Buffer.from('Voter Number,Full Name,Voter ID\r\n1,'), Buffer.alloc(16), Buffer.from(',NULCSV01\r\n')]), {
      message: /^Unsupported file type: use \.xlsx, \.xls or \.csv$/,
      within: 3000,
    });
  });

  it('should report a row whose cell holds a NUL byte and import the others, the same on both databases', async () => {
    const rows: string[][] = [['Voter Number', 'Full Name', 'Voter ID']];
    // Past the 4 KB the type check looks at, so the rows reach the reader.
    for (let index = 1; index <= 200; index += 1) rows.push([String(index), `Plain Voter ${index}`, `NULOK${index}`]);
    rows.push(['201', 'Hidden\u0000Null', 'NULBAD01']);
    const file = csvFile(rows);
    expect(file.indexOf(0)).toBeGreaterThan(4096);
    const result = await expectImported('nul-late.csv', file, 5000);
    expect(result).toMatchObject({ imported: 200, errors: 1, errorDetails: [{ row: 202, column: 'Full Name', message: 'Text must not contain the NUL character' }] });
    expect(await liveVoter('NULBAD01')).toBeUndefined();
    expect(await liveVoter('NULOK200')).toMatchObject({ full_name: 'Plain Voter 200' });
    expect(await votersContaining('\u0000')).toBe(0);
  });

  it('should store cells that start with = + - @ as their text and export them behind a quote', async () => {
    const texts = ['=1+1', '+SUM(A1:A9)', '-2+3', '@SUM(1,2)', '=HYPERLINK("http://evil.example/x","Click")', "=cmd|' /C calc'!A0"];
    const rows = [['Voter Number', 'Full Name', 'Voter ID', 'Comment'], ...texts.map((text, index) => [`=${index}`, text, `FORMULA${index}`, text])];
    const result = await expectImported('formulas.csv', csvFile(rows), 3000);
    expect(result).toMatchObject({ imported: texts.length, errors: 0 });
    for (const [index, text] of texts.entries()) {
      expect(await liveVoter(`FORMULA${index}`)).toMatchObject({ voter_no: `=${index}`, full_name: text, comment: text });
    }
    const exported = await exportedVoter('FORMULA5');
    expect(exported).toMatchObject({ 'Voter Number': "'=5", 'Full Name': "'=cmd|' /C calc'!A0", Comment: "'=cmd|' /C calc'!A0" });
    expect((await exportedVoter('FORMULA3'))['Full Name']).toBe("'@SUM(1,2)");
  });
});

describe('POST /api/voters/import: broken XML', () => {
  const voterRow = sheetRow(2, ['1', 'Broken Voter', 'BROKEN001', '']);

  it('should refuse a sheet whose XML stops half way through a row', async () => {
    const whole = sheetXml(VOTER_HEADER_ROW + voterRow + sheetRow(3, ['2', 'Cut Voter', 'BROKEN002', '']));
    const cut = whole.slice(0, whole.indexOf('BROKEN002'));
    await expectRefused('truncated.xlsx', xlsxOf(cut), { message: DAMAGED, within: 3000 });
    expect(await liveVoter('BROKEN001')).toBeUndefined();
  });

  it('should refuse unclosed and mismatched tags', async () => {
    await expectRefused('unclosed.xlsx', xlsxOf(sheetXml(`${VOTER_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>1</t></c></row>`)), { message: UNREADABLE, within: 3000 });
    await expectRefused('unclosed-root.xlsx', xlsxOf(sheetXml(VOTER_HEADER_ROW + voterRow).replace('</sheetData>', '')), { message: UNREADABLE, within: 3000 });
  });

  it('should refuse characters that XML does not allow', async () => {
    await expectRefused('control.xlsx', xlsxOf(sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Bell\u0007Voter', 'BROKEN003', '']))), { message: UNREADABLE, within: 3000 });
    await expectRefused('char-ref.xlsx', xlsxOf(sheetXml(VOTER_HEADER_ROW + voterRow.replace('Broken Voter', 'Nul&#0;Voter'))), { message: UNREADABLE, within: 3000 });
    await expectRefused('bad-utf8.xlsx', xlsxOf(Buffer.concat([Buffer.from(sheetXml(VOTER_HEADER_ROW).replace('</sheetData>', '<row r="2"><c r="B2" t="inlineStr"><is><t>')), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('</t></is></c></row></sheetData></worksheet>')])), {
      message: UNREADABLE,
      within: 3000,
    });
  });

  it('should refuse a billion-laughs DOCTYPE quickly without expanding it', async () => {
    let entities = '<!ENTITY lol0 "lollollollollollollollollollol">';
    for (let level = 1; level <= 9; level += 1) entities += `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`;
    const sheet = sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', '@@', 'LAUGHS001', '']).replace('@@', '&lol9;'), { doctype: `<!DOCTYPE worksheet [${entities}]>` });
    await expectRefused('laughs.xlsx', xlsxOf(sheet), { message: UNREADABLE, within: 3000 });
    expect(await votersContaining('lollol')).toBe(0);
  });

  it('should never read /etc/passwd or fetch a URL through an external entity', async () => {
    const doctype = `<!DOCTYPE worksheet [<!ENTITY file SYSTEM "file:///etc/passwd"><!ENTITY web SYSTEM "${decoyUrl}/xxe"><!ENTITY % remote SYSTEM "${decoyUrl}/dtd"> %remote;]>`;
    const inSheet = sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', '@@', 'XXE000001', '##']).replace('@@', '&file;').replace('##', '&web;'), { doctype });
    const inStrings = zipEntry(
      'xl/sharedStrings.xml',
      `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY file SYSTEM "file:///etc/passwd">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&file;</t></si></sst>`,
    );
    const usingStrings = sheetXml(`${VOTER_HEADER_ROW}<row r="2">${textCell('A2', '1')}<c r="B2" t="s"><v>0</v></c>${textCell('C2', 'XXE000002')}</row>`);
    const answers = [
      await expectRefused('xxe.xlsx', xlsxOf(inSheet), { message: UNREADABLE, within: 3000 }),
      await expectRefused('xxe-strings.xlsx', xlsxOf(usingStrings, { extra: [inStrings] }), { message: UNREADABLE, within: 3000 }),
    ];
    for (const answer of answers) expect(answer).not.toMatch(/root:|fetched/);
    expect(await votersContaining('root:')).toBe(0);
    expect(await liveVoter('XXE000001')).toBeUndefined();
    expect(fetched).toEqual([]);
  });
});

describe('POST /api/voters/import: formulas and external links', () => {
  it('should store the cached results of formulas and never run them', async () => {
    const rows =
      VOTER_HEADER_ROW +
      `<row r="2"><c r="A2"><f>1+1</f><v>2</v></c><c r="B2" t="str"><f>HYPERLINK("${decoyUrl}/hyperlink","Click")</f><v>Click me</v></c>${textCell('C2', 'CACHED001')}<c r="D2" t="str"><f>cmd|' /C calc'!A0</f><v>=cmd|' /C calc'!A0</v></c></row>` +
      `<row r="3">${textCell('A3', '3')}<c r="B3"><f>NOW()</f></c>${textCell('C3', 'CACHED002')}</row>` +
      `<row r="4"><c r="A4" t="str"><f>WEBSERVICE("${decoyUrl}/webservice")</f><v>4</v></c>${textCell('B4', 'Web Service')}${textCell('C4', 'CACHED003')}<c r="D4" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>` +
      `<row r="5">${textCell('A5', '5')}${textCell('B5', 'Shared Formula')}${textCell('C5', 'CACHED004')}<c r="D5" t="str"><f t="shared" ref="D5:D6" si="0">CONCATENATE("=1","+1")</f><v>=1+1</v></c></row>`;
    const result = await expectImported('formulas.xlsx', xlsxOf(sheetXml(rows)), 3000);
    expect(result).toMatchObject({ imported: 3, errors: 1, errorDetails: [{ row: 3, column: 'Full Name', message: 'Full Name is required' }] });
    expect(await liveVoter('CACHED001')).toMatchObject({ voter_no: '2', full_name: 'Click me', comment: "=cmd|' /C calc'!A0" });
    expect(await liveVoter('CACHED002')).toBeUndefined();
    // An error result (#DIV/0!) is no text at all, not "NaN".
    expect(await liveVoter('CACHED003')).toMatchObject({ voter_no: '4', full_name: 'Web Service', comment: null });
    expect(await liveVoter('CACHED004')).toMatchObject({ comment: '=1+1' });
    expect((await exportedVoter('CACHED001')).Comment).toBe("'=cmd|' /C calc'!A0");
    expect((await exportedVoter('CACHED004')).Comment).toBe("'=1+1");
    expect(fetched).toEqual([]);
  });

  it('should import the plain values and fetch nothing when the workbook links to external files and URLs', async () => {
    const externalLink = zipEntry(
      'xl/externalLinks/externalLink1.xml',
      `<?xml version="1.0"?><externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames><sheetDataSet><sheetData sheetId="0"><row r="1"><cell r="A1" t="str"><v>Linked Name</v></cell></row></sheetData></sheetDataSet></externalBook></externalLink>`,
    );
    const externalRels = zipEntry(
      'xl/externalLinks/_rels/externalLink1.xml.rels',
      `<?xml version="1.0"?><Relationships ${RELS_NS}><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" Target="${decoyUrl}/book.xlsx" TargetMode="External"/></Relationships>`,
    );
    const sheetRels = zipEntry(
      'xl/worksheets/_rels/sheet1.xml.rels',
      `<?xml version="1.0"?><Relationships ${RELS_NS}><Relationship Id="rId1" Type="${HYPERLINK_RELATIONSHIP}" Target="${decoyUrl}/hyperlink" TargetMode="External"/><Relationship Id="rId2" Type="${HYPERLINK_RELATIONSHIP}" Target="file:///etc/passwd" TargetMode="External"/></Relationships>`,
    );
    const sheet = sheetXml(
      VOTER_HEADER_ROW +
        `<row r="2">${textCell('A2', '1')}<c r="B2" t="str"><f>[1]Sheet1!A1</f><v>Linked Name</v></c>${textCell('C2', 'EXTLINK01')}<c r="D2" t="str"><f>'${decoyUrl}/[book.xlsx]Sheet1'!A1</f><v>cached</v></c></row>`,
    ).replace('</sheetData>', '</sheetData><hyperlinks><hyperlink ref="B2" r:id="rId1"/><hyperlink ref="D2" r:id="rId2"/></hyperlinks>');
    const file = xlsxOf(sheet, {
      extra: [externalLink, externalRels, sheetRels],
      workbookRels: `<Relationship Id="rId2" Type="${EXTERNAL_RELATIONSHIP}" Target="externalLinks/externalLink1.xml"/>`,
      workbookBody: '<externalReferences><externalReference r:id="rId2"/></externalReferences>',
    });
    const result = await expectImported('linked.xlsx', file, 3000);
    expect(result).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter('EXTLINK01')).toMatchObject({ full_name: 'Linked Name', comment: 'cached' });
    // Give any stray request time to arrive before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetched).toEqual([]);
  });
});
