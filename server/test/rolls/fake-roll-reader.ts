import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { RollBoxField, RollCoverFacts, RollPageResult, RollVoterBox } from '@shared/rolls/roll-types';
import { ROLL_BOX_FIELDS } from '@shared/rolls/roll-types';
import type { RollReader } from '../../src/features/rolls/roll-reader-seam';
import { RollReadError } from '../../src/features/rolls/roll-reader-seam';

// A test double of the roll reader (the real one is the rollread branch's): the uploaded "PDF"
// carries its pages as JSON after a `%ROLL ` line, so each test writes the roll it needs.
// Pages may say `delayMs` to make reading take a while (cancel tests).

export interface FakeRoll {
  pages: RollPageResult[];
  delayMs?: number;
}

const MARKER = '%ROLL ';

export function fakeRollPdf(roll: FakeRoll): Buffer {
  return Buffer.from(`%PDF-1.4\n${MARKER}${JSON.stringify(roll, (_key, value: unknown) => (value instanceof Uint8Array ? Array.from(value) : value))}\n%%EOF\n`);
}

async function rollOf(filePath: string): Promise<FakeRoll> {
  const text = await readFile(filePath, 'utf8');
  const line = text.split('\n').find((row) => row.startsWith(MARKER));
  if (!line) throw new RollReadError('This file is not an electoral roll PDF');
  const roll = JSON.parse(line.slice(MARKER.length)) as FakeRoll;
  for (const page of roll.pages) for (const box of page.voters) if (Array.isArray(box.photo)) box.photo = Uint8Array.from(box.photo as unknown as number[]);
  return roll;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

export const fakeRollReader: RollReader = {
  readRoll(filePath, options) {
    return (async function* () {
      const roll = await rollOf(filePath);
      options?.onPageCount?.(roll.pages.length);
      for (const page of roll.pages) {
        if (roll.delayMs) await sleep(roll.delayMs, options?.signal);
        if (options?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        yield page;
      }
    })();
  },
  async renderRollCrop(filePath, _page, rect) {
    await rollOf(filePath);
    return sharp({ create: { width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)), channels: 3, background: { r: 240, g: 240, b: 240 } } })
      .png()
      .toBuffer();
  },
};

const sure = (): Record<RollBoxField, number> => Object.fromEntries(ROLL_BOX_FIELDS.map((field) => [field, 0.99])) as Record<RollBoxField, number>;

// A box as the reader would give it, every field read with confidence unless overridden.
export function box(serialNo: number, overrides: Partial<RollVoterBox> = {}): RollVoterBox {
  return {
    page: 3,
    rect: { x: 20 + ((serialNo - 1) % 3) * 180, y: 60 + Math.floor((serialNo - 1) / 3) * 70, width: 180, height: 70 },
    partNo: 5,
    serialNo,
    section: '1',
    epic: `ABC${String(1000000 + serialNo)}`,
    fullName: `मतदार ${serialNo}`,
    relation: 'father',
    relativeName: 'वडील नाव',
    houseNo: String(serialNo),
    age: 30 + serialNo,
    gender: 'Male',
    deleted: false,
    duplicateMark: false,
    confidence: sure(),
    review: [],
    photo: null,
    ...overrides,
  };
}

export function cover(overrides: Partial<RollCoverFacts> = {}): RollCoverFacts {
  return {
    page: 1,
    constituency: '77 - Digras',
    partNo: 5,
    pollingStationNumber: 5,
    pollingStationName: 'जिल्हा परिषद शाळा, खोली क्र. 1',
    pollingStationAddress: 'जिल्हा परिषद शाळा, मुख्य रस्ता',
    village: null,
    taluka: null,
    district: 'Yavatmal',
    pin: '445203',
    sections: [{ number: '1', name: 'गाव भाग 1' }],
    totals: { male: null, female: null, third: null, total: null },
    ...overrides,
  };
}

export function rollOfBoxes(boxes: RollVoterBox[], coverFacts: RollCoverFacts | null = cover(), delayMs?: number): FakeRoll {
  const pages: RollPageResult[] = [];
  if (coverFacts) pages.push({ page: coverFacts.page, kind: 'cover', method: 'text', cover: coverFacts, voters: [] });
  const byPage = new Map<number, RollVoterBox[]>();
  for (const item of boxes) byPage.set(item.page, [...(byPage.get(item.page) ?? []), item]);
  for (const [page, voters] of byPage) pages.push({ page, kind: 'voters', method: 'ocr', cover: null, voters });
  return { pages, delayMs };
}

// A multipart body with any number of files, as a browser's file input sends it.
export function rollUpload(files: { name: string; data: Buffer; field?: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vmsRoll${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
