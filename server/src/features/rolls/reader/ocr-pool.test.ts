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

  it('should finish a call under way when its language is released, and read again afterwards', async () => {
    const ocr = new OcrEngine(1);
    try {
      const png = await digitsPng('3141592');
      const underWay = ocr.read('eng', png, 'line', '0123456789');
      const waiting = ocr.read('eng', png, 'line', '0123456789');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await ocr.release('eng');
      expect((await underWay)[0]?.text).toBe('3141592');
      expect((await waiting)[0]?.text).toBe('3141592');
      expect((await ocr.read('eng', png, 'line', '0123456789'))[0]?.text).toBe('3141592');
    } finally {
      await ocr.close();
    }
  }, 60_000);
});
