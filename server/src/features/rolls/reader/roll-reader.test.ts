import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RollPageResult } from '@shared/rolls/roll-types';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowConfidence } from './roll-csv';
import { NeedsOcrError } from './needs-ocr';
import { liveReaderProcesses, writeHeavyDrawingPdf, writeHugeImagePdf, writeHugePagePdf, writeManyPagesPdf } from './hostile-pdf.test-helper';
import { readRoll, renderRollCrop, RollReadError, RollReaderProcess, tooSlowMessage } from './roll-reader';
import { type SyntheticVoter, syntheticVoters, writeLetterPdf, writeScannedCopy, writeSyntheticRoll } from './synthetic-roll.test-helper';

let dir: string;

// What a box must read as for a synthetic voter.
const fieldsOf = (voter: SyntheticVoter) => ({
  serialNo: voter.serial,
  epic: voter.epic,
  fullName: voter.name,
  relation: voter.relationLabel.startsWith('Husband') ? 'husband' : voter.relationLabel.startsWith('Mother') ? 'mother' : 'father',
  relativeName: voter.relative,
  houseNo: voter.house,
  age: voter.age,
  gender: voter.gender === 'MALE' ? 'Male' : 'Female',
});
const voters = syntheticVoters(12);

async function readAll(file: string, options = {}): Promise<RollPageResult[]> {
  const pages: RollPageResult[] = [];
  for await (const page of readRoll(file, { concurrency: 2, ...options })) pages.push(page);
  return pages.sort((a, b) => a.page - b.page);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'roll-reader-'));
  await writeSyntheticRoll(path.join(dir, 'roll.pdf'), voters, { cover: true });
  await writeSyntheticRoll(path.join(dir, 'voters-only.pdf'), syntheticVoters(30));
  await writeScannedCopy(path.join(dir, 'voters-only.pdf'), path.join(dir, 'scan.pdf'));
  await writeSyntheticRoll(path.join(dir, 'two-columns.pdf'), voters.slice(0, 6), { columns: 2 });
  await writeSyntheticRoll(path.join(dir, 'last-page.pdf'), voters.slice(0, 2));
  await writeLetterPdf(path.join(dir, 'letter.pdf'));
  await writeFile(path.join(dir, 'not-a-pdf.pdf'), 'name,epic\nAsha,XYZ1234567\n');
  // Rendering the scanned copy takes seconds on a busy machine.
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Reading renders pages and starts worker threads: seconds each on a busy machine.
describe('readRoll', { timeout: 180_000 }, () => {
  it('should read every voter box of a text-layer roll exactly when the text layer is right', async () => {
    const pages = await readAll(path.join(dir, 'roll.pdf'));
    expect(pages.map((page) => page.kind)).toEqual(['cover', 'voters']);
    const read = pages[1]!.voters;
    expect(pages[1]!.method).toBe('text');
    expect(read).toHaveLength(12);
    read.forEach((box, index) => {
      const voter = voters[index]!;
      expect(box).toMatchObject({
        page: 2,
        partNo: 7,
        section: '1-Station Road',
        ...fieldsOf(voter),
        deleted: false,
        duplicateMark: voter.duplicate === true,
      });
      expect(box.rect.width).toBeGreaterThan(150);
      expect(box.rect.height).toBeGreaterThan(60);
    });
  });

  it('should read every field of a scanned roll by OCR, also the boxes read from their values alone', async () => {
    // The first boxes are read whole and teach the labels' pictures; later boxes have only
    // their values read (label-templates.ts): every box must come out the same.
    const scanned = syntheticVoters(30);
    const [page] = await readAll(path.join(dir, 'scan.pdf'));
    expect(page!.method).toBe('ocr');
    expect(page!.voters).toHaveLength(30);
    page!.voters.forEach((box, index) => {
      const voter = scanned[index]!;
      expect(box).toMatchObject({
        ...fieldsOf(voter),
        duplicateMark: voter.duplicate === true,
      });
    });
  });

  it('should flag the EPIC for review, not reject the voter, when its check digit fails', async () => {
    const pages = await readAll(path.join(dir, 'roll.pdf'), { pages: [2] });
    const broken = pages[0]!.voters[4]!;
    expect(broken.epic).toBe(voters[4]!.epic);
    expect(broken.review).toContainEqual({ field: 'epic', reason: 'epic-check-digit' });
    expect(broken.confidence.epic).toBeLessThan(0.8);
    expect(rowConfidence(broken)).toBeLessThan(0.8);
    const clean = pages[0]!.voters[0]!;
    expect(clean.review).toEqual([]);
    expect(rowConfidence(clean)).toBeGreaterThanOrEqual(0.8);
  });

  it('should read the cover facts and printed totals when the roll has a cover page', async () => {
    const pages = await readAll(path.join(dir, 'roll.pdf'), { pages: [1] });
    expect(pages[0]!.cover).toMatchObject({
      page: 1,
      constituency: '12 - Sample Nagar',
      partNo: 7,
      pollingStationNumber: 7,
      pollingStationName: 'Zilla Parishad School Room 1',
      pollingStationAddress: 'Main Road, Sample Nagar',
      village: 'Sampleville',
      taluka: 'Sampletal',
      district: 'Yavatmal',
      pin: '445001',
      sections: [
        { number: '1', name: 'Station Road' },
        { number: '2', name: 'Market Lane' },
      ],
      totals: { male: 6, female: 6, third: 0, total: 12 },
    });
  });

  it('should find the boxes of a two-column grid when the roll is not 3 × 10', async () => {
    const pages = await readAll(path.join(dir, 'two-columns.pdf'));
    expect(pages[0]!.voters.map((voter) => voter.serialNo)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages[0]!.voters.map((voter) => voter.fullName)).toEqual(voters.slice(0, 6).map((voter) => voter.name));
  });

  it("should read a part's last page when it holds fewer than a row of voters", async () => {
    const pages = await readAll(path.join(dir, 'last-page.pdf'));
    expect(pages[0]!.voters.map((voter) => [voter.serialNo, voter.epic])).toEqual(voters.slice(0, 2).map((voter) => [voter.serial, voter.epic]));
  });

  it('should read every voter of a roll longer than the reader keeps the file open for, in page order', async () => {
    // The reader thread opens the file again every ten pages (roll-page-worker.ts): 12 pages,
    // two read side by side, cross that while a page of the first opening is still being read.
    const long = syntheticVoters(12 * 30);
    await writeSyntheticRoll(path.join(dir, 'long.pdf'), long);
    const pages = await readAll(path.join(dir, 'long.pdf'));
    expect(pages.map((page) => page.page)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(pages.flatMap((page) => page.voters.map((voter) => [voter.serialNo, voter.epic, voter.fullName]))).toEqual(long.map((voter) => [voter.serial, voter.epic, voter.name]));
    // A review's crops, page after page, go the same way: each the box asked for.
    for (const page of pages) {
      const box = page.voters[0]!.rect;
      const png = await renderRollCrop(path.join(dir, 'long.pdf'), page.page, box);
      expect(png.readUInt32BE(16)).toBe(Math.ceil(box.width * (200 / 72)));
    }
  });

  it('should read a roll of text pages and scanned pages whole, the scans handed back by the process without OCR', async () => {
    // Text pages first: once one is read, a second thread without OCR reads beside the first
    // (decision 055) and hands back any scanned page it takes.
    const text = syntheticVoters(3 * 30);
    await writeSyntheticRoll(path.join(dir, 'text-part.pdf'), text);
    const mixed = await PDFDocument.create();
    for (const file of ['text-part.pdf', 'scan.pdf']) {
      const source = await PDFDocument.load(await readFile(path.join(dir, file)));
      for (const page of await mixed.copyPages(source, source.getPageIndices())) mixed.addPage(page);
    }
    await writeFile(path.join(dir, 'mixed.pdf'), await mixed.save());
    const pages = await readAll(path.join(dir, 'mixed.pdf'));
    expect(pages.map((page) => [page.page, page.method])).toEqual([
      [1, 'text'],
      [2, 'text'],
      [3, 'text'],
      [4, 'ocr'],
    ]);
    expect(pages.slice(0, 3).flatMap((page) => page.voters.map((voter) => [voter.serialNo, voter.epic, voter.fullName]))).toEqual(text.map((voter) => [voter.serial, voter.epic, voter.name]));
    expect(pages[3]!.voters.map((voter) => voter.epic)).toEqual(syntheticVoters(30).map((voter) => voter.epic));
  });

  it('should hand back a page that needs OCR from a reader process without OCR, and read a text page there', async () => {
    const scanned = await RollReaderProcess.start(path.join(dir, 'scan.pdf'), 0);
    const text = await RollReaderProcess.start(path.join(dir, 'voters-only.pdf'), 0);
    try {
      await expect(scanned.ask({ kind: 'read', page: 1 })).rejects.toBeInstanceOf(NeedsOcrError);
      const page = await text.ask<RollPageResult>({ kind: 'read', page: 1 });
      expect(page.method).toBe('text');
      expect(page.voters.map((voter) => voter.epic)).toEqual(syntheticVoters(30).map((voter) => voter.epic));
    } finally {
      await scanned.close();
      await text.close();
    }
  });

  it('should report progress page by page when asked', async () => {
    const progress: number[] = [];
    await readAll(path.join(dir, 'roll.pdf'), { onProgress: ({ pagesDone, pageCount }: { pagesDone: number; pageCount: number }) => progress.push(pagesDone / pageCount) });
    expect(progress).toEqual([0.5, 1]);
  });

  it('should stop with an AbortError when the reading is cancelled', async () => {
    const controller = new AbortController();
    const reading = readAll(path.join(dir, 'roll.pdf'), { signal: controller.signal, concurrency: 1 });
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('should refuse with a clear message when the file is not a PDF', async () => {
    await expect(readAll(path.join(dir, 'not-a-pdf.pdf'))).rejects.toThrow(new RollReadError('This file is not a PDF'));
  });

  it('should refuse with a clear message when the PDF is not an electoral roll', async () => {
    const reading = readAll(path.join(dir, 'letter.pdf'));
    await expect(reading).rejects.toBeInstanceOf(RollReadError);
    await expect(readAll(path.join(dir, 'letter.pdf'))).rejects.toThrow('This file is not an electoral roll PDF');
  });
});

describe('the page count and renderRollCrop', { timeout: 60_000 }, () => {
  it('should count the pages before reading any and render a crop of a box as PNG', async () => {
    const counted: number[] = [];
    await readAll(path.join(dir, 'roll.pdf'), { onPageCount: (count: number) => counted.push(count), onProgress: () => counted.push(-1) });
    expect(counted).toEqual([2, -1, -1]);
    const png = await renderRollCrop(path.join(dir, 'roll.pdf'), 2, { x: 25, y: 50, width: 180, height: 72 });
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(Math.ceil(180 * (200 / 72)));
  });

  it('should refuse a page the roll does not have', async () => {
    await expect(renderRollCrop(path.join(dir, 'roll.pdf'), 9, { x: 0, y: 0, width: 10, height: 10 })).rejects.toBeInstanceOf(RollReadError);
  });
});

// Issue 54: files an attacker could send, each refused before it costs the server much.
describe('hostile files', { timeout: 60_000 }, () => {
  it('should refuse a page larger than a roll page before drawing it', async () => {
    await writeHugePagePdf(path.join(dir, 'huge-page.pdf'), 5000);
    await expect(readAll(path.join(dir, 'huge-page.pdf'))).rejects.toThrow(
      new RollReadError('Page 1 is 5,000 × 5,000 points, larger than a roll page can be (at most 1,700 points a side and 16 million pixels; A4 is 595 × 842)'),
    );
  });

  it('should refuse an image of more pixels than a roll page needs before decoding it', async () => {
    // 6,000 × 6,000: 36 million pixels, over the budget of 25 million.
    await writeHugeImagePdf(path.join(dir, 'huge-image.pdf'), 6000);
    await expect(readAll(path.join(dir, 'huge-image.pdf'))).rejects.toThrow(
      new RollReadError('Page 1 holds an image of more than 25 million pixels, more than a roll page needs (a page scanned at 300 dpi has 9 million); scan the roll at 300 dpi'),
    );
  });

  it('should refuse a file of more pages than a roll may have before reading any', async () => {
    await writeManyPagesPdf(path.join(dir, 'many-pages.pdf'), 3000);
    const progress: number[] = [];
    await expect(readAll(path.join(dir, 'many-pages.pdf'), { onProgress: ({ pagesDone }: { pagesDone: number }) => progress.push(pagesDone) })).rejects.toThrow(
      new RollReadError('This file has 3,000 pages; a roll may have at most 500. Split it into smaller files'),
    );
    expect(progress).toEqual([]);
  });

  it('should say a file is not a roll once its first ten pages hold neither a cover nor voter boxes', async () => {
    // Small pages: quick to look at, as blank as a large one.
    await writeManyPagesPdf(path.join(dir, 'blank-pages.pdf'), 60, [120, 170]);
    let read = 0;
    await expect(readAll(path.join(dir, 'blank-pages.pdf'), { onProgress: ({ pagesDone }: { pagesDone: number }) => (read = pagesDone) })).rejects.toThrow(new RollReadError('This file is not an electoral roll PDF'));
    expect(read).toBeGreaterThanOrEqual(10);
    expect(read).toBeLessThan(15);
  });

  it('should kill a reader process whose page draws past its time budget', async () => {
    await writeHeavyDrawingPdf(path.join(dir, 'heavy-drawing.pdf'), 100);
    const reader = await RollReaderProcess.start(path.join(dir, 'heavy-drawing.pdf'), 0, { drawSeconds: 1 });
    await expect(reader.ask({ kind: 'read', page: 1 })).rejects.toThrow(new RollReadError(tooSlowMessage(1, 1)));
    await reader.close();
    expect(liveReaderProcesses()).not.toContain(reader.pid);
  });

  it('should kill a reader process past its memory budget', async () => {
    const reader = await RollReaderProcess.start(path.join(dir, 'roll.pdf'), 0, { memoryMb: 40 });
    await expect(reader.ask({ kind: 'read', page: 2 })).rejects.toThrow('Reading this file needed more than 40 MB of memory, more than a roll needs; it is not a roll as printed');
    await reader.close();
  });

  it('should kill the reader process at once when its reading is cancelled mid-page', async () => {
    // The crop tests above leave a crop process open for 30 s: only this reading's count.
    const earlier = new Set(liveReaderProcesses());
    const readingProcesses = () => liveReaderProcesses().filter((pid) => !earlier.has(pid));
    const controller = new AbortController();
    const reading = readAll(path.join(dir, 'heavy-drawing.pdf'), { signal: controller.signal, concurrency: 1 });
    // Wait until the process is at work on the page.
    for (let waited = 0; readingProcesses().length === 0 && waited < 100; waited += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readingProcesses()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cancelled = Date.now();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - cancelled).toBeLessThan(5000);
    expect(readingProcesses()).toEqual([]);
  });
});
