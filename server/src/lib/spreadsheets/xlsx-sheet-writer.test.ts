import { PassThrough, Writable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipPartText } from '../../../test/support/hostile-spreadsheets';
import { columnLetters, footerText, type SheetCell, XlsxSheetWriter, XlsxWorkbookWriter, xmlText } from './xlsx-sheet-writer';

const COLUMNS = [
  { header: 'Name', width: 28 },
  { header: 'Age', width: 16 },
  { header: 'Note', width: 16 },
];

async function written(rows: SheetCell[][]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new XlsxSheetWriter(output, 'Voters', COLUMNS);
  await writer.addRows(rows);
  await writer.end();
  return Buffer.concat(chunks);
}

describe('xmlText', () => {
  it('should escape markup and leave out what XML 1.0 cannot hold, keeping emoji and Devanagari', () => {
    expect(xmlText('plain text')).toBe('plain text');
    expect(xmlText('<b>"R&D"</b>')).toBe('&lt;b&gt;&quot;R&amp;D&quot;&lt;/b&gt;');
    expect(xmlText('a\u0000b\u000Bc\tline\nnext\r')).toBe('abc\tline\nnext\r');
    expect(xmlText('lone \uD800 high, lone \uDC00 low, pair 😀, गणेश')).toBe('lone  high, lone  low, pair 😀, गणेश');
    expect(xmlText('\uFFFE\uFFFF')).toBe('');
  });
});

describe('columnLetters', () => {
  it('should name columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });
});

describe('XlsxSheetWriter', () => {
  const rows: SheetCell[][] = [
    ['गणेश <Patil> & "sons"', 45, null],
    ['  padded  ', 0, 'line one\nline two'],
    ['', 7.5, "'=SUM(A1)"],
  ];

  it('should write a workbook that exceljs reads back: header, frozen first row, widths, text and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await written(rows)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Voters');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(28);
    const values: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toEqual([
      ['Name', 'Age', 'Note'],
      ['गणेश <Patil> & "sons"', 45],
      ['  padded  ', 0, 'line one\nline two'],
      [undefined, 7.5, "'=SUM(A1)"],
    ]);
  });

  it('should write a workbook that SheetJS reads back the same', async () => {
    const workbook = XLSX.read(await written(rows), { type: 'buffer' });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null })).toEqual([
      ['Name', 'Age', 'Note'],
      ['गणेश <Patil> & "sons"', 45, null],
      ['  padded  ', 0, 'line one\nline two'],
      [null, 7.5, "'=SUM(A1)"],
    ]);
  });

  it('should wait for a slow client and stop waiting when the client goes away', async () => {
    // A client that takes nothing: the writer must stop at its buffers, not hold the file.
    const stuck = new Writable({ highWaterMark: 1024, write: () => undefined });
    const writer = new XlsxSheetWriter(stuck, 'Voters', COLUMNS);
    const many = Array.from({ length: 200_000 }, (_, index): SheetCell[] => [`Voter number ${index} with a fairly long name`, index, 'note']);
    let settled = false;
    const adding = writer.addRows(many).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect(writer.rows).toBeLessThan(many.length);
    stuck.destroy();
    await adding;
    await writer.end();
    expect(settled).toBe(true);
  });
});

describe('XlsxWorkbookWriter', () => {
  async function twoSheets(): Promise<Buffer> {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new XlsxWorkbookWriter(output, [
      { name: 'Voters', columns: COLUMNS, printFooter: `&L${footerText('Exported by R&D')}&RPage &P`, validations: [{ column: 2, source: "'Allowed values'!$A$2:$A$3" }] },
      { name: 'Allowed values', columns: [{ header: 'Note', width: 20 }] },
    ]);
    await writer.addRows([['Asha', 30, 'Yes']]);
    await writer.nextSheet();
    await writer.addRows([['Yes'], ['No']]);
    await writer.end({ title: 'Voter export', creator: 'Asha Patil (asha)', lastModifiedBy: 'Asha Patil (asha)', created: new Date('2026-11-23T10:00:00Z'), company: 'Office <1>', custom: { Rows: '1' } });
    return Buffer.concat(chunks);
  }

  it('should write the sheets in order, bold headers, a drop-down list and a page footer that exceljs reads back', async () => {
    const bytes = await twoSheets();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Voters', 'Allowed values']);
    const [voters, allowed] = workbook.worksheets;
    expect(voters!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(voters!.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(voters!.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: ["'Allowed values'!$A$2:$A$3"] });
    expect(voters!.headerFooter.oddFooter).toBe('&LExported by R&&D&RPage &P');
    expect(allowed!.getRow(3).getCell(1).value).toBe('No');
  });

  it('should write the document properties that SheetJS reads back', async () => {
    const bytes = await twoSheets();
    const { Props, Custprops } = XLSX.read(bytes, { type: 'buffer', bookProps: true });
    expect(Props).toMatchObject({ Title: 'Voter export', Author: 'Asha Patil (asha)', LastAuthor: 'Asha Patil (asha)', Company: 'Office <1>' });
    expect(Props!.CreatedDate!.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(Custprops).toEqual({ Rows: '1' });
    expect(zipPartText(bytes, 'docProps/core.xml')).toContain('<dcterms:created xsi:type="dcterms:W3CDTF">2026-11-23T10:00:00Z</dcterms:created>');
  });
});
