import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { zipArchive, zipEntry } from '../support/hostile-spreadsheets';

type CellValue = string | number | boolean | Date | null | { formula: string; result: string | number };

// An .xlsx written with the streaming writer, as the application writes its own.
export async function xlsxFile(rows: CellValue[][], sheetName = 'Voters'): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

// A real legacy Excel 97-2003 (BIFF8) file.
export function xlsFile(rows: (string | number | null)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Voters');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export function csvFile(rows: (string | number)[][], options: { delimiter?: string; bom?: boolean } = {}): Buffer {
  const delimiter = options.delimiter ?? ',';
  const quote = (cell: string | number) => {
    const text = String(cell);
    return /["\n\r,;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const text = rows.map((row) => row.map(quote).join(delimiter)).join('\r\n');
  return Buffer.from((options.bom ? '\uFEFF' : '') + text, 'utf8');
}

// Every sheet of an .xlsx as rows of cell values (small files only: the whole-file reader).
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

// A zip whose one entry claims (truthfully) to expand 1,000 times: 50 MB of zeros in ~50 KB.
export function zipBomb(): Buffer {
  return zipArchive([zipEntry('xl/worksheets/sheet1.xml', Buffer.alloc(50 * 1024 * 1024))]);
}

