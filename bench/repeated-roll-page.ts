import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, type PDFPage } from 'pdf-lib';

// The Marathi and Hindi samples are one page each: read alone, their time is mostly starting a
// thread and loading models. A roll of copies of that page shows what a page of a ward list
// costs. Made in a temporary folder (the samples name real people: never in the repository) and
// deleted when the process ends.
export async function repeatedRollPage(file: string, count: number): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const source = await PDFDocument.load(readFileSync(file));
  const copy = await PDFDocument.create();
  for (let index = 0; index < count; index += 1) copy.addPage((await copy.copyPages(source, [0]))[0] as PDFPage);
  const out = path.join(folder, `${count}x-${path.basename(file)}`);
  writeFileSync(out, await copy.save());
  return out;
}

// A roll as an office that printed it and scanned it back would have it: every page an image
// (300 dpi, colour), no text layer. The Marathi ward list so read goes the way of an image-only
// ECI roll in Marathi, of which the samples hold none. Made and deleted as above.
export async function scannedRollPage(file: string): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const out = path.join(folder, `scanned-${path.basename(file)}`);
  // Loaded here only: it renders with pdf.js, some 150 MB in this process, which a bench that
  // measures memory (roll-server-bench.ts) would otherwise count.
  const { writeScannedCopy } = await import('../server/src/features/rolls/reader/synthetic-roll.test-helper');
  await writeScannedCopy(file, out);
  return out;
}

// A roll re-saved with its fonts re-subset (resubset-roll.test-helper.ts: Ghostscript, which
// the bench then needs): the same pages, so the sample's ground truth scores it. Made and
// deleted as above.
export async function resubsetRoll(file: string): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const out = path.join(folder, `resubset-${path.basename(file)}`);
  const { writeResubsetCopy } = await import('../server/src/features/rolls/reader/resubset-roll.test-helper');
  writeResubsetCopy(file, out);
  return out;
}

// The Daman-Diu roll printed again with a right Gujarati layer in drawing order (right-layer-
// copy.test-helper.ts): the stand-in for ECI's Gujarati rolls of 2025. Pages not asked for stay
// blank. Made and deleted as above.
export async function rightLayerRoll(file: string, pages?: number[]): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const out = path.join(folder, `right-layer-${path.basename(file)}`);
  const { writeRightLayerCopy } = await import('../server/src/features/rolls/reader/right-layer-copy.test-helper');
  const leftOut = await writeRightLayerCopy(file, out, pages);
  if (leftOut > 0) console.error(`right-layer copy of ${path.basename(file)}: ${leftOut} words fontkit could not set left out`);
  return out;
}
