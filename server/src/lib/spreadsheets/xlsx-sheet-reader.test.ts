import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sheetRow, sheetXml, textCell, VOTER_HEADER_ROW, workbookEntries, xlsxOf, zipArchive, zipEntry } from '../../../test/support/hostile-spreadsheets';
import { failureOf as failureOfReading, refusalOf, useTempFiles } from '../../../test/support/spreadsheet-unit-helpers';
import type { ReadProgress } from './sheet-rows';
import { UNREADABLE_SPREADSHEET } from './spreadsheet-error';
import { XmlError } from './xml-scanner';
import { isDateFormat, xlsxRows } from './xlsx-sheet-reader';
import { XlsxSheetWriter } from './xlsx-sheet-writer';

// The .xlsx reader on its own, with small workbooks built in the test (no app, no database).
const fileOf = useTempFiles('xlsx-sheet-reader-');

// Every row as [number, ...cells].
async function rowsOf(bytes: Buffer, progress: ReadProgress = { fraction: 0 }): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  for await (const row of xlsxRows(await fileOf(bytes), progress)) rows.push([row.number, ...row.cells]);
  return rows;
}

const failureOf = (bytes: Buffer) => failureOfReading(rowsOf(bytes));

const STRINGS_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

describe('xlsxRows', () => {
  it('should read inline strings, numbers, booleans, errors and cached formula results, never the formula', async () => {
    const rows =
      `<row r="1">${textCell('A1', 'Text')}<c r="B1"><v>42.50</v></c><c r="C1" t="b"><v>1</v></c><c r="D1" t="b"><v>0</v></c><c r="E1" t="e"><v>#DIV/0!</v></c></row>` +
      `<row r="2"><c r="A2"><f>1+1</f><v>2</v></c><c r="B2" t="str"><f>HYPERLINK("http://example.invalid","x")</f><v>Click me</v></c><c r="C2"><f>NOW()</f></c><c r="D2" t="d"><v>1990-01-31T00:00:00Z</v></c></row>`;
    expect(await rowsOf(xlsxOf(sheetXml(rows)))).toEqual([
      [1, 'Text', '42.5', 'true', 'false', ''],
      [2, '2', 'Click me', '', '1990-01-31'],
    ]);
  });

  it('should read shared strings with runs, leave out phonetic guides and decode entities', async () => {
    const strings = zipEntry(
      'xl/sharedStrings.xml',
      `<?xml version="1.0"?><sst ${STRINGS_NS}><si><t>Plain</t></si><si><r><t xml:space="preserve">Sunita </t></r><r><rPr><b/></rPr><t>Kale</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si><si><t>Ravi &amp; Sons</t></si></sst>`,
    );
    const sheet = sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>9</v></c></row>`);
    // Excel's own order puts the shared strings after the sheet.
    expect(await rowsOf(zipArchive([...workbookEntries(sheet), strings]))).toEqual([[1, 'Plain', 'Sunita Kale', 'Ravi & Sons', '']]);
  });

  it('should read numbers in a date format as dates, in the 1900 and the 1904 date systems', async () => {
    const styles = zipEntry(
      'xl/styles.xml',
      `<?xml version="1.0"?><styleSheet ${STRINGS_NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;[Red]&quot;none&quot;"/></numFmts>` +
        '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="2"/></cellXfs></styleSheet>',
    );
    const serial = (Date.UTC(1985, 5, 15) - Date.UTC(1899, 11, 30)) / 86_400_000;
    const sheet = sheetXml(`<row r="1"><c r="A1" s="1"><v>${serial}</v></c><c r="B1" s="2"><v>${serial}</v></c><c r="C1" s="3"><v>${serial}</v></c><c r="D1" s="1"><v> </v></c></row>`);
    expect(await rowsOf(zipArchive(workbookEntries(sheet, { extra: [styles] })))).toEqual([[1, '1985-06-15', '1985-06-15', String(serial), '']]);
    const in1904 = sheetXml(`<row r="1"><c r="A1" s="1"><v>${serial - 1462}</v></c></row>`);
    expect(await rowsOf(zipArchive(workbookEntries(in1904, { extra: [styles], workbookBody: '<workbookPr date1904="1"/>' })))).toEqual([[1, '1985-06-15']]);
  });

  it('should read prefixed names, cells without references, skipped columns and rows without numbers', async () => {
    const sheet =
      '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="3"><x:c t="inlineStr"><x:is><x:t>first</x:t></x:is></x:c><x:c><x:v>2</x:v></x:c><x:c r="E3" t="inlineStr"><x:is><x:r><x:t>In</x:t></x:r><x:r><x:t>line</x:t></x:r></x:is></x:c></x:row>' +
      '<x:row><x:c r="B4"><x:v>7</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    expect(await rowsOf(xlsxOf(sheet))).toEqual([
      [3, 'first', '2', '', '', 'Inline'],
      [4, '', '7'],
    ]);
  });

  it('should read the first sheet in the workbook order rather than the first in the archive', async () => {
    // sheet2.xml comes first in the archive; the workbook's first sheet is sheet1.xml.
    const second = zipEntry('xl/worksheets/sheet2.xml', sheetXml(sheetRow(1, ['Second sheet'])));
    expect(await rowsOf(xlsxOf(sheetXml(sheetRow(1, ['First sheet'])), { extra: [second] }))).toEqual([[1, 'First sheet']]);
  });

  it('should give no rows when the workbook has no sheet', async () => {
    expect(await rowsOf(zipArchive(workbookEntries(sheetXml('')).filter((entry) => !entry.name.startsWith('xl/worksheets/'))))).toEqual([]);
  });

  it('should refuse as unreadable a zip that holds neither a workbook nor a sheet', async () => {
    expect(await refusalOf(rowsOf(zipArchive([zipEntry('word/document.xml', '<document/>')])))).toEqual({ reason: 'damaged', message: UNREADABLE_SPREADSHEET });
  });

  it('should report how much of the sheet it has read, ending at all of it', async () => {
    let rows = VOTER_HEADER_ROW;
    for (let number = 2; number <= 2000; number += 1) rows += sheetRow(number, [String(number), `Voter ${number}`, `PROGRESS${number}`, '']);
    const progress: ReadProgress = { fraction: 0 };
    const read = await rowsOf(xlsxOf(sheetXml(rows)), progress);
    expect(read).toHaveLength(2000);
    expect(read.at(-1)).toEqual([2000, '2000', 'Voter 2000', 'PROGRESS2000', '']);
    expect(progress.fraction).toBe(1);
  });

  it('should read back what the sheet writer wrote', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new XlsxSheetWriter(output, 'Voters', [
      { header: 'Name', width: 28 },
      { header: 'Age', width: 16 },
      { header: 'Note', width: 16 },
    ]);
    await writer.addRows([
      ['गणेश <Patil> & "sons"', 45, null],
      ['', 7.5, "'=SUM(A1)"],
    ]);
    await writer.end();
    expect(await rowsOf(Buffer.concat(chunks))).toEqual([
      [1, 'Name', 'Age', 'Note'],
      [2, 'गणेश <Patil> & "sons"', '45'],
      [3, '', '7.5', "'=SUM(A1)"],
    ]);
  });

  it('should refuse a zip bomb and a damaged archive before reading a row', async () => {
    expect((await refusalOf(rowsOf(zipArchive([zipEntry('xl/worksheets/sheet1.xml', Buffer.alloc(50 * 1024 * 1024))])))).reason).toBe('bomb');
    const whole = sheetXml(VOTER_HEADER_ROW + sheetRow(2, ['1', 'Cut Voter', 'CUT000001', '']));
    expect(await refusalOf(rowsOf(xlsxOf(whole.slice(0, whole.indexOf('CUT000001')))))).toEqual({ reason: 'damaged', message: UNREADABLE_SPREADSHEET });
  });

  it('should refuse a DOCTYPE, entities it does not know and characters XML forbids, expanding nothing', async () => {
    const laughs = sheetXml(sheetRow(1, ['@@']).replace('@@', '&lol1;'), { doctype: '<!DOCTYPE worksheet [<!ENTITY lol0 "lol"><!ENTITY lol1 "&lol0;&lol0;">]>' });
    expect(await failureOf(xlsxOf(laughs))).toBeInstanceOf(XmlError);
    expect(await failureOf(xlsxOf(sheetXml(sheetRow(1, ['@@']).replace('@@', '&file;'))))).toBeInstanceOf(XmlError);
    expect(await failureOf(xlsxOf(sheetXml(sheetRow(1, ['Bell\u0007Voter']))))).toBeInstanceOf(XmlError);
    expect(await failureOf(xlsxOf(sheetXml(`${VOTER_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>1</t></c></row>`)))).toBeInstanceOf(XmlError);
  });

  it('should refuse bytes that are not UTF-8', async () => {
    const head = Buffer.from(sheetXml(VOTER_HEADER_ROW).replace('</sheetData>', '<row r="2"><c r="B2" t="inlineStr"><is><t>'));
    const bytes = Buffer.concat([head, Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('</t></is></c></row></sheetData></worksheet>')]);
    expect(await failureOf(xlsxOf(bytes))).toBeInstanceOf(TypeError);
  });

  it('should refuse a cell past the last column a sheet may have, and read one in it', async () => {
    expect(await rowsOf(xlsxOf(sheetXml(`<row r="1">${textCell('XFD1', 'Far Away')}</row>`)))).toEqual([[1, ...Array<string>(16_383).fill(''), 'Far Away']]);
    const failure = await failureOf(xlsxOf(sheetXml(`<row r="1">${textCell('XFE1', 'Too far')}</row>`)));
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/past the last column a sheet may have/);
  });
});

describe('isDateFormat', () => {
  it('should see a date or time part outside quoted text and brackets', () => {
    for (const format of ['dd/mm/yyyy', 'mm-dd-yy', 'h:mm AM/PM', '[$-409]mmm d, yyyy']) expect(isDateFormat(format), format).toBe(true);
    for (const format of [undefined, '', '0.00', '#,##0', '"day"0', '[Red]0.0']) expect(isDateFormat(format), String(format)).toBe(false);
  });
});
