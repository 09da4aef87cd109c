import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OcrEngine } from './ocr';

// A line of digits drawn large and plain: what any English model reads.
async function digitsPng(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="90"><rect width="100%" height="100%" fill="white"/><text x="20" y="64" font-family="DejaVu Sans, sans-serif" font-size="48">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('OcrEngine', () => {
  it('should answer every page read side by side when more calls come than it has workers', async () => {
    const ocr = new OcrEngine(2);
    try {
      const texts = ['1234567', '7654321', '2468013', '1357924'];
      const pngs = await Promise.all(texts.map(digitsPng));
      const read = await Promise.all(pngs.map(async (png) => (await ocr.read('eng', png, 'line', '0123456789'))[0]?.text));
      expect(read).toEqual(texts);
    } finally {
      await ocr.close();
    }
  }, 60_000);

  it('should go down to fewer workers when a language is limited, finishing the calls under way and answering every call after', async () => {
    const ocr = new OcrEngine(2);
    try {
      const texts = ['1029384', '5647382', '9182736', '4455667'];
      const [first, second, third, fourth] = await Promise.all(texts.map(digitsPng));
      const underWay = [ocr.read('eng', first as Buffer, 'line', '0123456789'), ocr.read('eng', second as Buffer, 'line', '0123456789')];
      expect(ocr.workerCount('eng')).toBe(2);
      ocr.limit('eng', 1);
      expect((await Promise.all(underWay)).map((lines) => lines[0]?.text)).toEqual(texts.slice(0, 2));
      expect(ocr.workerCount('eng')).toBe(1);
      const after = await Promise.all([third, fourth].map((png) => ocr.read('eng', png as Buffer, 'line', '0123456789')));
      expect(after.map((lines) => lines[0]?.text)).toEqual(texts.slice(2));
      expect(ocr.workerCount('eng')).toBe(1);
      // The limit outlives a release: the language's workers made again are as few.
      await ocr.release('eng');
      await Promise.all([first, second].map((png) => ocr.read('eng', png as Buffer, 'line', '0123456789')));
      expect(ocr.workerCount('eng')).toBe(1);
    } finally {
      await ocr.close();
    }
  }, 60_000);

  it('should finish a call under way when its language is released, and read again afterwards', async () => {
    const ocr = new OcrEngine(1);
    try {
      // Three different images: the same image twice would be answered by the first reading.
      const [first, second, third] = await Promise.all(['3141592', '2718281', '1414213'].map(digitsPng));
      const underWay = ocr.read('eng', first as Buffer, 'line', '0123456789');
      const waiting = ocr.read('eng', second as Buffer, 'line', '0123456789');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await ocr.release('eng');
      expect((await underWay)[0]?.text).toBe('3141592');
      expect((await waiting)[0]?.text).toBe('2718281');
      expect((await ocr.read('eng', third as Buffer, 'line', '0123456789'))[0]?.text).toBe('1414213');
    } finally {
      await ocr.close();
    }
  }, 60_000);

  it("should read an image that comes again (a roll's strip above the boxes, page after page) only once, each caller getting its own copy", async () => {
    const ocr = new OcrEngine(1);
    const recognised: Buffer[] = [];
    const recognize = (ocr as unknown as { recognize: (...args: unknown[]) => Promise<unknown> }).recognize.bind(ocr);
    (ocr as unknown as { recognize: (...args: unknown[]) => Promise<unknown> }).recognize = (...args: unknown[]) => {
      recognised.push(args[1] as Buffer);
      return recognize(...args);
    };
    try {
      const [strip, other] = await Promise.all(['4021986', '5550123'].map(digitsPng));
      const [first, again] = await Promise.all([ocr.readRepeated('eng', strip as Buffer, 'line'), ocr.readRepeated('eng', strip as Buffer, 'line')]);
      expect(first[0]?.text).toBe('4021986');
      expect(again).toEqual(first);
      (again[0] as { text: string }).text = 'changed by a caller';
      expect((await ocr.readRepeated('eng', strip as Buffer, 'line'))[0]?.text).toBe('4021986');
      // Another image, other settings, or a plain read are read afresh.
      expect((await ocr.readRepeated('eng', other as Buffer, 'line'))[0]?.text).toBe('5550123');
      expect((await ocr.readRepeated('eng', strip as Buffer, 'block'))[0]?.text).toBe('4021986');
      expect((await ocr.read('eng', strip as Buffer, 'line'))[0]?.text).toBe('4021986');
      expect(recognised).toHaveLength(4);
    } finally {
      await ocr.close();
    }
  }, 60_000);
});
