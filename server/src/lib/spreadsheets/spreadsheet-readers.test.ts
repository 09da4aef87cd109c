import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/support/spreadsheet-unit-helpers';
import { cellText, detectKind, readSheetRows, type SpreadsheetKind, XLS_MAX_BYTES } from './spreadsheet-readers';
import { UNREADABLE_SPREADSHEET } from './spreadsheet-error';

const folder = mkdtempSync(path.join(os.tmpdir(), 'csv-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('readSheetRows (CSV)', () => {
  it('should read a large CSV to the end when its reader waits between batches, as a slow database makes it', async () => {
    // 4 MB of ordinary rows. The reader used to let the file stream on while rows were being
    // saved, queue it unparsed and then take the queue for one endless row (an import on
    // PostgreSQL stopped at row 6,956 with "longer than 1 MB").
    const file = path.join(folder, 'voters.csv');
    const lines = ['Voter Number,Full Name,Voter ID,Father/Husband Name,Ward/Area'];
    for (let index = 1; index <= 30_000; index += 1) lines.push(`${index},Sunita Ganesh Patil ${index},SLOW${String(index).padStart(7, '0')},Ganesh Vitthal Patil,Ward ${index % 17} near the old temple road`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    let count = 0;
    let last: string[] = [];
    for await (const row of readSheetRows(file, 'csv')) {
      count += 1;
      last = row.cells;
      if (count % 2000 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(count).toBe(30_001);
    expect(last.slice(0, 3)).toEqual(['30000', 'Sunita Ganesh Patil 30000', 'SLOW0030000']);
  });
});

describe('cellText', () => {
  it('should read spreadsheet cell values as text', () => {
    expect(cellText({ formula: 'A1*2', result: 42 })).toBe('42');
    expect(cellText({ richText: [{ text: 'Ra' }, { text: 'vi' }] })).toBe('Ravi');
    expect(cellText(new Date(Date.UTC(1990, 0, 31)))).toBe('1990-01-31');
    expect(cellText({ error: '#REF!' })).toBe('');
  });
});

async function readAll(file: string, kind: SpreadsheetKind): Promise<number> {
  let count = 0;
  for await (const _row of readSheetRows(file, kind)) count += 1;
  return count;
}

describe('detectKind', () => {
  const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);
  const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
  const CSV = Buffer.from('Voter Number,Full Name\n1,Ravi\n');
  const saved = (name: string, bytes: Buffer) => {
    const file = path.join(folder, name);
    writeFileSync(file, bytes);
    return file;
  };

  it('should trust the bytes once the name says spreadsheet', async () => {
    expect(await detectKind(saved('a.xlsx', ZIP), 'Voters.XLSX')).toBe('xlsx');
    expect(await detectKind(saved('b.xls', OLE), 'voters.xls')).toBe('xls');
    expect(await detectKind(saved('c.xls', ZIP), 'voters.xls')).toBe('xlsx');
    expect(await detectKind(saved('d.csv', CSV), 'voters.csv')).toBe('csv');
  });

  it('should refuse a name or bytes that are not a spreadsheet', async () => {
    for (const [name, bytes] of [
      ['voters.txt', CSV],
      ['voters.csv', ZIP],
      ['voters.csv', Buffer.from([0, 0, 0x41])],
      ['voters', CSV],
    ] as const) {
      expect(await refusalOf(detectKind(saved('e.bin', bytes), name)), name).toEqual({ reason: 'unsupported-type', message: 'Unsupported file type: use .xlsx, .xls or .csv' });
    }
  });

  it('should call an Excel-named file whose bytes are not Excel damaged rather than a wrong type', async () => {
    // An encrypted .xlsx is an OLE file; a cut or renamed one is neither zip nor OLE.
    for (const [name, bytes] of [
      ['voters.xlsx', OLE],
      ['voters.xlsx', CSV],
      ['voters.xls', CSV],
    ] as const) {
      expect(await refusalOf(detectKind(saved('e.bin', bytes), name)), name).toEqual({ reason: 'damaged', message: UNREADABLE_SPREADSHEET });
    }
  });
});

describe('readSheetRows refusals', () => {
  it('should refuse a legacy .xls larger than it may read whole, before reading it', async () => {
    const file = path.join(folder, 'large.xls');
    writeFileSync(file, Buffer.alloc(XLS_MAX_BYTES + 1));
    expect((await refusalOf(readAll(file, 'xls'))).reason).toBe('too-large');
  });

  it('should refuse a legacy .xls it cannot parse as damaged', async () => {
    const file = path.join(folder, 'damaged.xls');
    writeFileSync(file, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0xff)]));
    expect((await refusalOf(readAll(file, 'xls'))).reason).toBe('damaged');
  });

  it('should refuse a CSV row longer than 1 MB and say which row it is', async () => {
    const file = path.join(folder, 'long-row.csv');
    writeFileSync(file, `Voter Number,Full Name\n1,Ravi\n2,${'x'.repeat(2 * 1024 * 1024)}\n`);
    expect(await refusalOf(readAll(file, 'csv'))).toEqual({ reason: 'row-too-long', message: 'Row 3 is longer than 1 MB; no voter row is that long, so the file was not read past it' });
  });
});
