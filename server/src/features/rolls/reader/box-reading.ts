import type { PixelRect } from './gray-image';
import { readGarbledBox } from './garbled-box';
import { GlyphLearner } from './learned-glyphs';
import type { OcrEngine, OcrLanguage } from './ocr';
import { inPoints, SCALE } from './page-scale';
import type { PageSource } from './page-source';
import type { PageReadState } from './read-state';
import { type PreparedBox, prepareScannedBox } from './scan-box';
import { textLayerBox } from './text-lines';

// Stage 3 of reading a page (read-page.ts): each voter box's text, by the page's path
// (page-source.ts). A right text layer gives it at once; a garbled layer its values from the
// glyphs drawn or OCR of their places (garbled-box.ts), else the box as a scan; a scan is cut
// into pieces for OCR (scan-box.ts), read whole only when it must be (stage 4 reads the page's
// pieces stacked).
export async function prepareBox(source: PageSource, ocr: OcrEngine, state: PageReadState, language: OcrLanguage | null, box: PixelRect, photo: { left: number; top: number } | null): Promise<PreparedBox> {
  const rect = inPoints(box);
  const item: PreparedBox = { rect, boxText: null, labelled: null, epicPicture: null, readEpic: false, serialZone: null, mark: false, ageLine: null, devanagariScan: false, houseValue: null, namePieces: [] };
  if (source.path === 'text') {
    item.boxText = textLayerBox(source.content, source.image, box, photo);
    return item;
  }
  if (source.path === 'garbled') {
    item.boxText = await readGarbledBox(ocr, language ?? 'mar', source.image, source.content, rect, photo ? (box.x + photo.left) / SCALE : rect.x + rect.width, (state.glyphs ??= new GlyphLearner()));
    if (item.boxText) return item;
  }
  await prepareScannedBox({ source, ocr, state, language: language ?? 'eng' }, item, box, photo);
  return item;
}
