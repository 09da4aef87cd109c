import { describe, expect, it } from 'vitest';
import { readCoverPage } from './cover-page';
import type { OcrEngine, OcrLine } from './ocr';
import type { PageSource } from './page-source';
import { takeTurn } from './page-turns';
import type { PageReadState } from './read-state';

// A scanned cover whose title OCR reads without a Marathi roll's words: its language is a guess
// for reading the cover, never kept for the roll's voter pages (their box labels tell it).
const engine = (text: string): OcrEngine =>
  ({
    read: async (): Promise<OcrLine[]> => [{ text, confidence: 0.9, y0: 0, y1: 10, words: text.split(' ').map((word) => ({ text: word, confidence: 0.9, x0: 0, y0: 0, x1: 1, y1: 1 })) }],
    readRepeated: async (): Promise<OcrLine[]> => [],
    limit: () => undefined,
    release: async () => undefined,
  }) as unknown as OcrEngine;

const scannedCover = (): PageSource => ({
  pageNumber: 1,
  content: { width: 60, height: 80, runs: [], images: [], glyphs: [] },
  image: { width: 60, height: 80, data: new Uint8Array(60 * 80).fill(255) },
  pageText: '',
  hasText: false,
  path: 'scan',
  boxes: [],
  lineLevel: 140,
  photos: [],
});

describe('a scanned cover page', () => {
  it("should read the cover in the language its title looks like without keeping it for the roll's pages", async () => {
    const state: PageReadState = {};
    const turns = (state.turns = {});
    await readCoverPage(scannedCover(), engine('मतदार यादी भाग संख्या'), state, { learning: takeTurn(turns, 'learning'), series: takeTurn(turns, 'series') });
    expect(state.language).toBeUndefined();
  });

  it('should read the cover in the language the roll is known to be in', async () => {
    const state: PageReadState = { language: 'mar' };
    const asked: string[] = [];
    const ocr = engine('मतदार यादी');
    const read = ocr.read.bind(ocr);
    ocr.read = async (models, ...rest) => {
      asked.push(models);
      return read(models, ...rest);
    };
    const turns = (state.turns = {});
    await readCoverPage(scannedCover(), ocr, state, { learning: takeTurn(turns, 'learning'), series: takeTurn(turns, 'series') });
    expect(asked[0]).toBe('mar');
    expect(state.language).toBe('mar');
  });
});
