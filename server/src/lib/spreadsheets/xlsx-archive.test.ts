import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repeatedEntry, sheetRow, sheetXml, VOTER_HEADER_ROW, workbookEntries, xlsxOf, zipArchive, type ZipEntry, zipEntry } from '../../../test/support/hostile-spreadsheets';
import { refusalOf, useTempFiles } from '../../../test/support/spreadsheet-unit-helpers';
import { inspectXlsxArchive, XLSX_SHARED_STRINGS_MAX_BYTES } from './xlsx-archive';
import { UNREADABLE_SPREADSHEET } from './spreadsheet-error';

// The archive check on its own, with files built byte by byte (no app, no database).
const BOMB = 'The file expands to far more data than a spreadsheet holds and was refused';
const DAMAGED = UNREADABLE_SPREADSHEET;

const fileOf = useTempFiles('xlsx-archive-');
const inspect = async (bytes: Buffer) => inspectXlsxArchive(await fileOf(bytes));
const refusal = (bytes: Buffer) => refusalOf(inspect(bytes));

const storedEntry = (name: string, text: string): ZipEntry => {
  const raw = Buffer.from(text, 'utf8');
  return { name, data: raw, method: 0, crc: crc32(raw), size: raw.length };
};

// A sheet part whose one text cell makes it `size` bytes, deflated ~1,000 times.
async function hugeSheet(size: number): Promise<ZipEntry> {
  const head = sheetXml(`${VOTER_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>`).replace('</sheetData></worksheet>', '');
  return repeatedEntry('xl/worksheets/sheet1.xml', size, Buffer.alloc(64 * 1024, 'A'), head, '</t></is></c></row></sheetData></worksheet>');
}

describe('inspectXlsxArchive', () => {
  it('should list every part in file order with where its data lies when the archive is sound', async () => {
    const sheet = sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Sound Voter', 'SOUND0001', '']));
    const bytes = zipArchive([...workbookEntries(sheet), storedEntry('docProps/app.xml', '<Properties/>')]);
    const parts = await inspect(bytes);
    expect(parts.map((part) => part.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'docProps/app.xml']);
    // Each part starts where the one before it ends, and its data reads back as stored.
    expect(parts[0]!.start).toBe(0);
    for (const [index, part] of parts.entries()) if (index > 0) expect(part.start).toBe(parts[index - 1]!.end);
    const sheetPart = parts.find((part) => part.name === 'xl/worksheets/sheet1.xml')!;
    expect(sheetPart.method).toBe(8);
    expect(inflateRawSync(bytes.subarray(sheetPart.dataStart, sheetPart.dataEnd)).toString('utf8')).toBe(sheet);
    const stored = parts.at(-1)!;
    expect(stored.method).toBe(0);
    expect(bytes.subarray(stored.dataStart, stored.dataEnd).toString('utf8')).toBe('<Properties/>');
  });

  it('should refuse one highly compressed huge entry as a bomb', async () => {
    expect(await refusal(zipArchive([zipEntry('xl/worksheets/sheet1.xml', Buffer.alloc(50 * 1024 * 1024))]))).toEqual({ reason: 'bomb', message: BOMB });
  });

  it('should refuse an archive that expands a thousand times overall when no entry alone passes 1 MB', async () => {
    const megabyte = zipEntry('x', Buffer.alloc(1024 * 1024));
    const media = Array.from({ length: 1000 }, (_, index) => ({ ...megabyte, name: `xl/media/image${index}.bin` }));
    expect(await refusal(zipArchive(workbookEntries(sheetXml(VOTER_HEADER_ROW), { extra: media })))).toEqual({ reason: 'bomb', message: BOMB });
  });

  it('should refuse an entry that expands past the size its directory declares, zip64 or not', async () => {
    const sheet = await hugeSheet(40 * 1024 * 1024);
    expect(await refusal(xlsxOf({ ...sheet, directory: { size: 40_000 } }))).toEqual({ reason: 'bomb', message: BOMB });
    expect(await refusal(xlsxOf({ ...sheet, directory: { zip64: true, size: 40_000 } }))).toEqual({ reason: 'bomb', message: BOMB });
    // And one that claims more than any disk holds.
    const boastful = { ...zipEntry('xl/worksheets/sheet1.xml', sheetXml(VOTER_HEADER_ROW)), directory: { zip64: true, size: 2 ** 62 } };
    expect(await refusal(xlsxOf(boastful))).toEqual({ reason: 'bomb', message: BOMB });
  });

  it('should refuse a shared-strings table too large to hold in memory even when every size is honest', async () => {
    // A random 32 KB block repeated keeps the ratio under the per-entry limit of 100.
    const block = Buffer.from(Array.from({ length: 32 * 1024 }, (_, index) => `<si><t>${((index * 2654435761) >>> 0).toString(36)}</t></si>`).join('').slice(0, 32 * 1024));
    const size = XLSX_SHARED_STRINGS_MAX_BYTES + 1024 * 1024;
    const strings = await repeatedEntry('xl/sharedStrings.xml', size, block, '<sst>', '</sst>');
    expect(size / strings.data.length).toBeLessThan(100);
    expect(await refusal(xlsxOf(sheetXml(VOTER_HEADER_ROW), { extra: [strings] }))).toEqual({
      reason: 'too-much-text',
      message: 'The file holds more text than can be read at once; save it as .csv and import that instead',
    });
  }, 60_000);

  it('should refuse a local entry the central directory does not list', async () => {
    const hidden = { ...zipEntry('xl/worksheets/sheet2.xml', sheetXml(VOTER_HEADER_ROW)), directory: { listed: false } };
    expect(await refusal(zipArchive([hidden, ...workbookEntries(sheetXml(VOTER_HEADER_ROW))]))).toEqual({ reason: 'damaged', message: DAMAGED });
  });

  it('should refuse an end record that claims an empty directory in front of real entries', async () => {
    expect(await refusal(zipArchive(workbookEntries(sheetXml(VOTER_HEADER_ROW)), { claimEntries: 0 }))).toEqual({ reason: 'damaged', message: DAMAGED });
  });

  it('should refuse a directory that names an entry differently from its local header', async () => {
    const sheet = zipEntry('xl/worksheets/sheet1.xml', sheetXml(VOTER_HEADER_ROW));
    expect(await refusal(xlsxOf({ ...sheet, directory: { name: 'xl/media/image1.png' } }))).toEqual({ reason: 'damaged', message: DAMAGED });
  });

  it('should refuse a sheet cut short, whose XML never reaches its closing tag', async () => {
    const whole = sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Cut Voter', 'CUT000001', '']));
    expect(await refusal(xlsxOf(whole.slice(0, whole.indexOf('CUT000001'))))).toEqual({ reason: 'damaged', message: DAMAGED });
  });

  it('should refuse a sheet part whose data does not inflate', async () => {
    const raw = Buffer.from(sheetXml(VOTER_HEADER_ROW));
    const garbage: ZipEntry = { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(200, 0xff), method: 8, crc: crc32(raw), size: raw.length };
    expect(await refusal(xlsxOf(garbage))).toEqual({ reason: 'damaged', message: DAMAGED });
  });

  it('should refuse bytes that are no zip at all, and a zip cut off before its directory', async () => {
    expect(await refusal(Buffer.from('Voter Number,Full Name,Voter ID\n1,Not A Zip,NOTZIP001\n'))).toEqual({ reason: 'damaged', message: DAMAGED });
    const whole = xlsxOf(sheetXml(VOTER_HEADER_ROW));
    expect(await refusal(whole.subarray(0, whole.length - 40))).toEqual({ reason: 'damaged', message: DAMAGED });
  });
});
