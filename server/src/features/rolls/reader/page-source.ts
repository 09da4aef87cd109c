import { findVoterBoxes } from './box-finder';
import { boxPhotos } from './box-photos';
import { isGarbledLayer } from './devanagari';
import { knownGlyphShare, runsFromGlyphs } from './glyph-layer';
import { profilesOfScript } from './language-profiles';
import type { GrayImage, PixelRect } from './gray-image';
import { inPoints, SCALE } from './page-scale';
import { type PageContent, pageContent, type PDFDocumentProxy, type RenderedPage, renderPage } from './pdf-pages';
import { layerDisagreesWithGlyphs, retoldRuns } from './reencoded-layer';
import { logicalRuns } from './text-order';

// Stage 1 of reading a page (read-page.ts): the page as the later stages need it. Its text
// layer in Unicode's logical order (text-order.ts), its rendering in grey, its voter boxes found
// from the ruling lines, each box's photo, and which path its text takes:
// - `text`: a right text layer, read as it is;
// - `garbled`: a layer whose characters are wrong but whose places are right (decision 045),
//   its values from the glyphs drawn (glyph-text.ts) or OCR of each value's place. Where the
//   page's font is one whose glyphs are known, its voter boxes draw almost only known glyphs and
//   no OCR model reads its script, the layer is written anew from the glyphs (glyph-layer.ts)
//   and read as `text`;
// - `scan`: no layer to trust (none, or somebody's OCR laid over a full-page scan): OCR.

// Box size limits in points: three or two columns on an A4 page, rows of 40 to 200 points.
const BOX_LIMITS = { minWidth: 100, maxWidth: 330, minHeight: 40, maxHeight: 220 };

// The share of a page's voter-box glyphs that must be known for its garbled layer to be written
// anew from them (only in a script no OCR model reads: Gujarati): a word holding an unknown glyph
// keeps the layer's character and is flagged. Half is enough: the alternative is OCR by another
// script's model, which reads no name right (a Shruti roll with a tenth of the table unknown read
// 2 names of 113 so, decision 081).
const GLYPH_LAYER_SHARE = 0.5;

export type TextPath = 'text' | 'garbled' | 'scan';

export interface PageSource {
  pageNumber: number;
  content: PageContent;
  image: GrayImage; // grey, at SCALE pixels a point
  pageText: string; // the layer's text, runs joined by spaces
  hasText: boolean; // a layer of its own (not laid over a full-page scan)
  path: TextPath;
  boxes: PixelRect[]; // the voter boxes in reading order, in pixels
  lineLevel: number; // the grey level under which the boxes' lines were ink (light on a faint scan)
  photos: (Uint8Array | null)[]; // each box's photo as JPEG
}

export async function loadPage(doc: PDFDocumentProxy, pageNumber: number): Promise<PageSource> {
  const page = await doc.getPage(pageNumber);
  const raw = await pageContent(page);
  // The page in colour (18 MB at this scale) is needed only for its photos, cut out as soon as
  // the boxes are found and then let go: a scan's page is read for seconds, two side by side.
  let colour: RenderedPage | null = await renderPage(page, SCALE);
  const image = colour.gray;
  const rawText = raw.runs.map((run) => run.text).join(' ');
  // Four boxes of one size tell a voter page from a cover's table; a part's last page may hold
  // fewer voters, which its text layer shows by their EPIC numbers.
  const fewBoxesCount = /\b[A-Z]{3}\d{7}\b/u.test(rawText) ? 1 : 4;
  // A text layer laid over a full-page scan is somebody else's OCR, with its mistakes: read
  // the scan ourselves.
  const scanned = raw.images.some((img) => img.width * img.height >= raw.width * raw.height * 0.85);
  const hasText = !scanned && rawText.replace(/\s/gu, '').length >= 50;
  // A scan's lines may be faint (box-finder.ts); a layer's page draws its own.
  const limits = { minWidth: BOX_LIMITS.minWidth * SCALE, maxWidth: BOX_LIMITS.maxWidth * SCALE, minHeight: BOX_LIMITS.minHeight * SCALE, maxHeight: BOX_LIMITS.maxHeight * SCALE };
  const { boxes, lineLevel } = findVoterBoxes(image, limits, fewBoxesCount, !hasText);
  // A layer re-encoded by a tool that re-subset its fonts says nothing of a known font's glyphs:
  // its runs are told again from them (reencoded-layer.ts).
  const reencoded = hasText && layerDisagreesWithGlyphs(raw.glyphs);
  const garbled = hasText && (reencoded || isGarbledLayer(rawText));
  const glyphRuns = garbled && boxes.length > 0 && (knownGlyphShare(raw.glyphs, boxes.map(inPoints)) ?? 0) >= GLYPH_LAYER_SHARE ? runsFromGlyphs(raw.glyphs) : null;
  // The garbled path reads a value from its glyphs where all are known, else by OCR of its place:
  // a script no OCR model reads (Gujarati) is read from its glyphs as a whole layer instead.
  const fromGlyphs = glyphRuns !== null && profilesOfScript(glyphRuns.map((run) => run.text).join(' ')).every((profile) => profile.ocr === null);
  const path: TextPath = !hasText ? 'scan' : garbled && !fromGlyphs ? 'garbled' : 'text';
  // Only a right layer is put in logical order: a garbled one's characters are matched one for
  // one with the glyphs drawn (garbled-box.ts).
  const layer = fromGlyphs && glyphRuns ? { ...raw, runs: glyphRuns } : raw;
  const garbledLayer = reencoded ? { ...raw, runs: retoldRuns(raw.runs, raw.glyphs) } : raw;
  const content = path === 'text' ? { ...layer, runs: logicalRuns(layer.runs) } : garbledLayer;
  const pageText = path === 'text' || reencoded ? content.runs.map((run) => run.text).join(' ') : rawText;
  const photos = boxes.length === 0 ? [] : await boxPhotos(colour, content, boxes);
  colour = null;
  return { pageNumber, content, image, pageText, hasText, path, boxes, lineLevel, photos };
}
