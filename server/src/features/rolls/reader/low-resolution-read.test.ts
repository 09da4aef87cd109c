import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RollPageResult } from '@shared/rolls/roll-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES } from './language-profiles';
import { plausibleNames } from './name-plausibility';
import { readRoll } from './roll-reader';
import { indicVoters, writeIndicRoll } from './synthetic-indic-roll.test-helper';
import { writeLowResolutionCopy } from './synthetic-roll.test-helper';

// A Hindi roll (made-up names) reprinted at low resolution, grey and JPEG-compressed, as the
// image-only rolls of issue 53 came: every box found, its EPIC read, and no name keeping its label
// or the relative's line. (Its 7-point serials in their small frames mostly read wrong at this
// resolution, unlike the real rolls' at 115 ppi: not measured here.)
let dir: string;
const voters = indicVoters('hin', 30);

async function readAll(file: string): Promise<RollPageResult[]> {
  const pages: RollPageResult[] = [];
  for await (const page of readRoll(file, { concurrency: 1 })) pages.push(page);
  return pages;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'roll-low-resolution-'));
  await writeIndicRoll(path.join(dir, 'roll.pdf'), 'hin', voters);
  await writeLowResolutionCopy(path.join(dir, 'roll.pdf'), path.join(dir, 'roll-115ppi.pdf'), { ppi: 115 });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readRoll on a low-resolution scan', { timeout: 240_000 }, () => {
  it('should find every box and read names without their labels when a Hindi roll is scanned at 115 ppi', async () => {
    const [page] = await readAll(path.join(dir, 'roll-115ppi.pdf'));
    expect(page?.method).toBe('ocr');
    const read = page?.voters ?? [];
    expect(read).toHaveLength(30);
    const epics = read.filter((box, index) => box.epic === voters[index]?.epic).length;
    const plausible = read.filter((box) => plausibleNames(box.fullName, box.relativeName, PROFILES.hin)).length;
    // Tesseract reads 7-point Devanagari at 115 ppi with its letters often wrong (25 of 30 EPICs
    // and 29 of 30 plausible rows when this was written): the bounds leave room for that, not for
    // a box missed or a label kept.
    expect(epics).toBeGreaterThanOrEqual(22);
    expect(plausible).toBeGreaterThanOrEqual(27);
    expect(read.filter((box) => /का नाम|निर्वाचक/u.test(`${box.fullName} ${box.relativeName}`))).toEqual([]);
  });
});
