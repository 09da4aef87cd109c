import sharp from 'sharp';
import { type TextLine, type TextWord } from './box-fields';
import { cropGray, eraseRules, type GrayImage, type PixelRect, stackGray } from './gray-image';
import { type OcrEngine, type OcrLine, type OcrModels } from './ocr';
import { SCALE } from './page-scale';

export function ocrToLines(lines: OcrLine[]): TextLine[] {
  return lines.map((line) => ({ words: line.words.filter((word) => word.text.trim()).map((word) => ({ text: word.text, confidence: word.confidence })) }));
}

// `enlarge`: small print reads better made larger (cubic) than as rendered.
// One channel: sharp writes a one-channel image as RGB unless told, which tesseract decodes to
// 32 bits a pixel and turns grey again (the same text from a third of the bytes; 3-4% less time
// on a stack of an English page's values, too little to show in a page's time).
export async function grayPng(image: GrayImage, enlarge = 1): Promise<Buffer> {
  const raw = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 1 } });
  return (enlarge === 1 ? raw : raw.resize({ width: Math.round(image.width * enlarge), kernel: 'cubic' })).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

// A piece read alone, on a white margin: OCR misreads letters that touch the image's edge.
export async function marginPng(piece: GrayImage, enlarge = 1): Promise<Buffer> {
  return grayPng(stackGray([piece], 4 * SCALE).image, enlarge);
}

export async function png(image: GrayImage, rect: PixelRect): Promise<Buffer> {
  // Runs of ink longer than the tallest letter at this scale (about 12 points) are rules.
  return grayPng(eraseRules(cropGray(image, rect), 12 * SCALE));
}

// Reads pieces stacked, as few calls as the stack's size allows; each word goes to the piece
// its middle lies in (OCR may run two pieces into one line). `only` limits the characters,
// `enlarge` scales the stack (small print reads better larger).
export const STACK_PIXELS = 1_000_000;

// A word read from a piece, with where it lies across the stack (pixels of the piece's scale).
export interface PlacedWord extends TextWord {
  x0: number;
  x1: number;
  spaces?: number[]; // OcrWord's
}

export async function readPieces(ocr: OcrEngine, language: OcrModels, pieces: GrayImage[], { only = '', enlarge = 1 } = {}): Promise<PlacedWord[][]> {
  const words = pieces.map(() => [] as PlacedWord[]);
  const gap = 6 * SCALE;
  for (let from = 0; from < pieces.length; ) {
    // Tesseract keeps the memory of the largest image it was given: a stack of a million pixels
    // (six boxes' values, ten serials) reads as fast as one of five and holds 130 MB less.
    let to = from + 1;
    let width = (pieces[from] as GrayImage).width + 2 * gap;
    let height = (pieces[from] as GrayImage).height + 2 * gap;
    for (; to < pieces.length; to += 1) {
      const next = pieces[to] as GrayImage;
      const grownWidth = Math.max(width, next.width + 2 * gap);
      if (grownWidth * (height + next.height + gap) * enlarge * enlarge > STACK_PIXELS) break;
      width = grownWidth;
      height += next.height + gap;
    }
    const { image: stacked, spans } = stackGray(pieces.slice(from, to), gap);
    for (const word of (await ocr.read(language, await grayPng(stacked, enlarge), 'block', only)).flatMap((line) => line.words)) {
      const middle = (word.y0 + word.y1) / 2 / enlarge;
      // The piece the word's middle lies in, else the nearest within 4 pixels (the first piece
      // whose reach held it took the first letter of the line below: "पवार वैशाली विनोद प").
      const distance = (span: { top: number; bottom: number }) => (middle < span.top ? span.top - middle : middle > span.bottom ? middle - span.bottom : 0);
      const nearest = spans.reduce((best, span, index) => (distance(span) < distance(spans[best] as (typeof spans)[number]) ? index : best), 0);
      const at = spans.length > 0 && distance(spans[nearest] as (typeof spans)[number]) <= 4 ? nearest : -1;
      if (at >= 0 && word.text.trim()) (words[from + at] as PlacedWord[]).push({ text: word.text, confidence: word.confidence, x0: word.x0 / enlarge, x1: word.x1 / enlarge, ...(word.spaces && { spaces: word.spaces }) });
    }
    from = to;
  }
  return words;
}

// A line of `image` from `from` to the end of its last word `words` reach, its height and a
// little; null when that is too small to read.
export function lineRest(image: GrayImage, line: OcrLine, from: number, words: OcrLine['words']): GrayImage | null {
  const to = Math.min(image.width, Math.max(...words.map((word) => word.x1)) + SCALE);
  const top = Math.max(0, line.y0 - SCALE);
  const bottom = Math.min(image.height, line.y1 + SCALE);
  if (to - from < 3 || bottom - top < 3) return null;
  return cropGray(image, { x: from, y: top, width: to - from, height: bottom - top });
}
