import type { RollCoverFacts, RollPageResult } from '@shared/rolls/roll-types';
import { looksLikeCover, PART_LABEL, parseCover } from './cover-facts';
import { cropGray, type GrayImage, type PixelRect } from './gray-image';
import { type OcrEngine, type OcrLine } from './ocr';
import { ocrProfile } from './language-profiles';
import { marginPng, png } from './ocr-pieces';
import { chooseLanguage } from './page-language';
import type { PageSource } from './page-source';
import type { PageReadState, PageTurnsHeld } from './read-state';
import { textLineFromRuns } from './text-lines';

// A cover's part number printed in a cell of its own under its label ("Part number" over "5" at
// the top right of an ECI cover): read across the page, the lone digit under the label's words
// is lost. When a line ends with the label, its words and what is under them are read again.
export async function partNumberBelowLabel(ocr: OcrEngine, image: GrayImage, lines: OcrLine[]): Promise<number | null> {
  for (const line of lines) {
    const text = spacedLineText(line);
    const label = text.match(PART_LABEL);
    if (!label || label.index === undefined || text.slice(label.index + label[0].length).trim() !== '') continue;
    // The label ends the line: its words are the line's last ones.
    const words = line.words.slice(-label[0].trim().split(/\s+/u).length);
    const first = words[0];
    const last = words[words.length - 1];
    if (!first || !last) continue;
    // The label's words and what is under them, read as a block: the words' own boxes may
    // reach down over the number, which OCR took for a speck of them.
    const top = Math.min(...words.map((word) => word.y0));
    const height = line.y1 - line.y0;
    const rect: PixelRect = { x: first.x0 - height, y: top - 2, width: last.x1 - first.x0 + 2 * height, height: 3 * height };
    const read = await ocr.read('eng', await marginPng(cropGray(image, rect)));
    const number = read.flatMap((found) => found.words).find((word) => /^\d{1,4}$/u.test(word.text));
    if (number) return Number(number.text);
  }
  return null;
}

// A line as read, its columns kept apart: a gap between words wider than the line is high
// becomes a run of spaces (a cover's label, its value and the next column on one line).
export function spacedLineText(line: OcrLine): string {
  const height = line.y1 - line.y0;
  return line.words.map((word, at) => `${at === 0 ? '' : word.x0 - (line.words[at - 1] as OcrLine['words'][number]).x1 > height ? '    ' : ' '}${word.text}`).join('');
}

// Covers come first; pages further in without boxes are maps, photos and legends.
const COVER_PAGES = 3;

// A page without voter boxes: a cover's facts when it is one of the first pages and looks like a
// cover (its text layer, else OCR of the whole page in the roll's language), else another page.
export async function readCoverPage(source: PageSource, ocr: OcrEngine, state: PageReadState, turns: PageTurnsHeld, signal?: AbortSignal): Promise<RollPageResult> {
  const { pageNumber, image, content } = source;
  turns.series.release();
  if (pageNumber > COVER_PAGES) return { page: pageNumber, kind: 'other', method: 'none', cover: null, voters: [] };
  const coverOf = (text: string): RollCoverFacts | null => (looksLikeCover(text) ? parseCover(pageNumber, text) : null);
  if (source.path === 'text') {
    const cover = coverOf(textLineFromRuns(content.runs).map((line) => line.words.map((word) => word.text).join(' ')).join('\n'));
    return { page: pageNumber, kind: cover ? 'cover' : 'other', method: 'text', cover, voters: [] };
  }
  const whole = { x: 0, y: 0, width: image.width, height: image.height };
  await turns.learning.ready;
  // The cover's language is a guess from its title (a Marathi booth list's cover reads as Hindi
  // to it): it is not kept for the roll, whose voter boxes' labels tell it surely.
  const language = state.language ?? (await chooseLanguage(ocr, image, { x: 0, y: 0, width: image.width, height: Math.round(image.height * 0.12) }, {}, source.pageText));
  turns.learning.release();
  signal?.throwIfAborted();
  const models = ocrProfile(language).cover;
  const lines = await ocr.read(models, await png(image, whole));
  const cover = coverOf(lines.map(spacedLineText).join('\n'));
  if (cover && cover.partNo === null) cover.partNo = await partNumberBelowLabel(ocr, image, lines);
  // Tesseract's memory grows to fit the largest image it was given and never shrinks: after
  // a whole page the model is let go (made again for the voter pages, a second's work).
  // At 144 dpi the cover read worse (district, taluka), so the page keeps its scale.
  await ocr.release(models);
  return { page: pageNumber, kind: cover ? 'cover' : 'other', method: 'ocr', cover, voters: [] };
}
