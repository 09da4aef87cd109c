import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellText, readSheetRows } from './spreadsheet-readers';

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
