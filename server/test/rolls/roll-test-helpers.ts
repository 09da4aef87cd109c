import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { boxKey, rollsDir } from '../../src/features/rolls/roll-import-jobs';
import { insertImportVoters, insertRollImport, updateRollImport } from '../../src/features/rolls/roll-import-repository';
import type { TestApp } from '../support/test-app';
import { box, rollUpload } from './fake-roll-reader';

let seeded = 0;

// A roll import waiting for review (as the reader would leave it), with one box, for tests that
// need one without reading a roll. Its box is key `n`.
export async function seedRollImportInReview(t: TestApp): Promise<{ id: number; n: number }> {
  seeded += 1;
  await mkdir(rollsDir(t.ctx.config.dataDir), { recursive: true });
  const directory = await mkdtemp(path.join(rollsDir(t.ctx.config.dataDir), 'import-'));
  const filePath = path.join(directory, 'roll.pdf');
  await writeFile(filePath, '%PDF-1.4\n%%EOF\n');
  const row = await insertRollImport(t.ctx.db, { fileName: 'seeded.pdf', filePath, userId: 1, now: new Date().toISOString() });
  const n = boxKey(3, 0);
  await insertImportVoters(t.ctx.db, row.id, [{ n, box: { ...box(1, { epic: `SEE${String(1000000 + seeded)}` }), photo: undefined } as never, flagged: false, hasPhoto: false }]);
  await updateRollImport(t.ctx.db, row.id, { state: 'review', part_no: 5, booth: 'Booth-05', page_count: 1, pages_done: 1, voters_found: 1 });
  return { id: row.id, n };
}

// A request uploading one small PDF.
export function tinyRollUpload() {
  return rollUpload([{ name: 'roll.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
}
