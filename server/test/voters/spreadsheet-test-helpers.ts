import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';

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
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const raw = Buffer.alloc(50 * 1024 * 1024);
  const data = deflateRawSync(raw);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(raw.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(raw.length, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
