import type { GrayImage, PixelRect } from './gray-image';
import type { OcrLine } from './ocr';

// On a scanned roll every box prints the same labels ("Father's Name :", "House Number :",
// "Gender :") in the same font at the same size, and OCR's time follows the amount of text it
// is given: about half of a box is labels. So once OCR has read a box whole, the reader keeps each label's
// picture (a template); the next boxes whose every line starts with a known label have only
// their values read, cut out after the labels and stacked, and the labels are put back as text.
// A line that matches no template (a new relation word, a wrapped name, a stamp over the box)
// sends the box to the whole-box reading, which then teaches its labels. Used on Latin rolls:
// Devanagari lines cut into pieces read worse than whole (read-page.ts).

const DARK = 160;
// How much of a label's ink must fall near the template's (and the template's near it), word
// by word: a word is the unit so that one changed word ("Mother's" for "Father's") cannot hide
// in a long label. On the samples the same label scores 0.97 to 1 and another label at most
// 0.88.
export const LABEL_MATCH = 0.94;

export interface InkBand {
  top: number;
  bottom: number; // exclusive
}

export interface InkRun {
  x0: number;
  x1: number; // exclusive
}

// Ink as 0/1, and the same grown by one pixel each way: the tolerance for a scan's edges.
export interface Bitmap {
  width: number;
  height: number;
  ink: Uint8Array;
  near: Uint8Array;
  // Summed ink (and grown ink) above and left of each point ((width + 1) × (height + 1)), made
  // on first use: the count in any rectangle in four reads.
  sums?: { ink: Int32Array; near: Int32Array };
}

// The pixels of a template's word, listed once: its ink and its grown ink, as columns and rows
// within the template.
interface WordPixels {
  inkX: Int16Array;
  inkY: Int16Array;
  nearX: Int16Array;
  nearY: Int16Array;
}

export interface LabelTemplate {
  text: string; // as OCR read it, e.g. "Father's Name :"
  field: string; // what it introduces: name, father, husband, house, age, gender, ...
  inner: boolean; // printed inside a line ("Gender :" after the age), not at its start
  ink: Bitmap; // tight to the label's ink
  words: InkRun[]; // the label's words, in template columns
  wordPixels: WordPixels[]; // each word's pixels (matching reads the image only where they are)
  lastGlyph: number; // where its last glyph (the colon) starts, in template columns
}

export function bitmap(image: GrayImage): Bitmap {
  const { width, height } = image;
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i += 1) ink[i] = (image.data[i] ?? 255) < DARK ? 1 : 0;
  const near = new Uint8Array(ink.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!ink[y * width + x]) continue;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(height - 1, y + 1); yy += 1) near.fill(1, yy * width + Math.max(0, x - 1), yy * width + Math.min(width, x + 2));
    }
  }
  return { width, height, ink, near };
}

// Rows of text: runs of rows with ink (specks, and a frame line's stub, of three pixels or less
// ignored); a run lower than
// `minHeight` (a dot or vowel sign standing clear of its line) joins the nearer neighbour.
export function textBands(image: Bitmap, minHeight: number, from = 0, to = image.height): InkBand[] {
  const bands: InkBand[] = [];
  let start = -1;
  let last = -1;
  for (let y = from; y < to; y += 1) {
    let ink = 0;
    for (let x = y * image.width, end = x + image.width; x < end && ink <= 3; x += 1) ink += image.ink[x] ?? 0;
    if (ink <= 3) continue;
    if (start < 0) start = y;
    else if (y - last > 1) {
      bands.push({ top: start, bottom: last + 1 });
      start = y;
    }
    last = y;
  }
  if (start >= 0) bands.push({ top: start, bottom: last + 1 });
  for (let i = 0; i < bands.length && bands.length > 1; ) {
    const band = bands[i] as InkBand;
    if (band.bottom - band.top >= minHeight) {
      i += 1;
      continue;
    }
    const above = bands[i - 1];
    const below = bands[i + 1];
    const into = !above || (below && below.top - band.bottom <= band.top - above.bottom) ? (below as InkBand) : above;
    into.top = Math.min(into.top, band.top);
    into.bottom = Math.max(into.bottom, band.bottom);
    bands.splice(i, 1);
  }
  return bands;
}

// Columns with ink in a band, split where the paper is blank for more than `gap` columns.
export function inkRuns(image: Bitmap, band: InkBand, gap: number, from = 0, to = image.width): InkRun[] {
  const runs: InkRun[] = [];
  let start = -1;
  let last = -1;
  for (let x = from; x < to; x += 1) {
    let dark = false;
    for (let y = band.top; y < band.bottom && !dark; y += 1) dark = image.ink[y * image.width + x] === 1;
    if (!dark) continue;
    if (start < 0) start = x;
    else if (x - last > gap + 1) {
      runs.push({ x0: start, x1: last + 1 });
      start = x;
    }
    last = x;
  }
  if (start >= 0) runs.push({ x0: start, x1: last + 1 });
  return runs;
}

export function inkBox(image: Bitmap, rect: PixelRect): PixelRect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  const right = Math.min(image.width, rect.x + rect.width);
  const bottom = Math.min(image.height, rect.y + rect.height);
  for (let y = Math.max(0, rect.y); y < bottom; y += 1) {
    for (let x = Math.max(0, rect.x); x < right; x += 1) {
      if (!image.ink[y * image.width + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

function cropBitmap(image: Bitmap, rect: PixelRect): Bitmap {
  const pick = (source: Uint8Array) => {
    const out = new Uint8Array(rect.width * rect.height);
    for (let y = 0; y < rect.height; y += 1) out.set(source.subarray((rect.y + y) * image.width + rect.x, (rect.y + y) * image.width + rect.x + rect.width), y * rect.width);
    return out;
  };
  const ink = pick(image.ink);
  // The grown ink is grown again inside the crop, so that ink just outside it does not count.
  return { ...bitmap({ width: rect.width, height: rect.height, data: ink.map((v) => (v ? 0 : 255)) }), ink };
}

export function makeTemplate(image: Bitmap, rect: PixelRect, label: Omit<LearnedLabel, 'rect'>, wordGap: number): LabelTemplate | null {
  const box = inkBox(image, rect);
  if (!box || box.width < 8 || box.height < 4) return null;
  const ink = cropBitmap(image, box);
  const glyphs = inkRuns(ink, { top: 0, bottom: ink.height }, 0);
  const words = inkRuns(ink, { top: 0, bottom: ink.height }, wordGap);
  return { text: label.text, field: label.field, inner: label.inner, ink, words, wordPixels: words.map((word) => wordPixels(ink, word)), lastGlyph: glyphs[glyphs.length - 1]?.x0 ?? 0 };
}

function wordPixels(ink: Bitmap, word: InkRun): WordPixels {
  const list = (of: Uint8Array) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let y = 0; y < ink.height; y += 1) {
      for (let x = word.x0; x < word.x1; x += 1) {
        if (!of[y * ink.width + x]) continue;
        xs.push(x);
        ys.push(y);
      }
    }
    return [Int16Array.from(xs), Int16Array.from(ys)] as const;
  };
  const [inkX, inkY] = list(ink.ink);
  const [nearX, nearY] = list(ink.near);
  return { inkX, inkY, nearX, nearY };
}

// The image's ink (or grown ink) pixels in columns x0..x1 and rows y0..y1 (ends exclusive),
// clipped to it.
function countIn(image: Bitmap, of: 'ink' | 'near', x0: number, y0: number, x1: number, y1: number): number {
  const { width, height } = image;
  const sums = (image.sums ??= { ink: summed(image.ink, width, height), near: summed(image.near, width, height) })[of];
  const left = Math.max(0, Math.min(width, x0));
  const right = Math.max(0, Math.min(width, x1));
  const top = Math.max(0, Math.min(height, y0));
  const bottom = Math.max(0, Math.min(height, y1));
  if (right <= left || bottom <= top) return 0;
  const at = (x: number, y: number) => sums[y * (width + 1) + x] ?? 0;
  return at(right, bottom) - at(left, bottom) - at(right, top) + at(left, top);
}

function summed(values: Uint8Array, width: number, height: number): Int32Array {
  const stride = width + 1;
  const sums = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    const from = y * width;
    const above = y * stride + 1;
    const here = above + stride;
    for (let x = 0; x < width; x += 1) {
      row += values[from + x] as number;
      sums[here + x] = (sums[above + x] as number) + row;
    }
  }
  return sums;
}

// How well one word of the template fits the image with the template's top-left ink at
// (left, top): the smaller of the two shares of ink that land near the other's.
function wordFit(template: LabelTemplate, index: number, image: Bitmap, left: number, top: number): number {
  const word = template.words[index] as InkRun;
  const pixels = template.wordPixels[index] as WordPixels;
  const { width, height } = image;
  // The template's ink that lands on or next to the image's.
  let templateHit = 0;
  for (let i = 0; i < pixels.inkX.length; i += 1) {
    const ix = left + (pixels.inkX[i] as number);
    const iy = top + (pixels.inkY[i] as number);
    if (ix >= 0 && ix < width && iy >= 0 && iy < height && image.near[iy * width + ix]) templateHit += 1;
  }
  // The image's ink, in the word's columns, that lands on or next to the template's.
  let imageHit = 0;
  for (let i = 0; i < pixels.nearX.length; i += 1) {
    const ix = left + (pixels.nearX[i] as number);
    const iy = top + (pixels.nearY[i] as number);
    if (ix >= 0 && ix < width && iy >= 0 && iy < height && image.ink[iy * width + ix]) imageHit += 1;
  }
  const templateInk = pixels.inkX.length;
  const imageInk = countIn(image, 'ink', left + word.x0, top, left + word.x1, top + template.ink.height);
  return Math.min(templateInk ? templateHit / templateInk : 0, imageInk ? imageHit / imageInk : 0);
}

// At most what wordFit can give there, from counts alone: the template's ink cannot land near
// more of the image's grown ink than the word's columns hold, nor the image's ink near more of
// the template's grown ink than it has.
function wordFitBound(template: LabelTemplate, index: number, image: Bitmap, left: number, top: number): number {
  const word = template.words[index] as InkRun;
  const pixels = template.wordPixels[index] as WordPixels;
  const bottom = top + template.ink.height;
  const imageInk = countIn(image, 'ink', left + word.x0, top, left + word.x1, bottom);
  const imageNear = countIn(image, 'near', left + word.x0, top, left + word.x1, bottom);
  const templateInk = pixels.inkX.length;
  if (!templateInk || !imageInk) return 0;
  return Math.min(1, imageNear / templateInk, pixels.nearX.length / imageInk);
}

// The label's fit, word by word: the spacing between a label's words (the colon after
// "Name") differs by a few pixels from box to box, so each word finds its own place near where
// the word before it ended. The score is the worst word's; `end` is the column after the label.
// A fit that cannot beat `toBeat` stops early with a score no higher than it.
function fit(template: LabelTemplate, image: Bitmap, left: number, top: number, toBeat: number): { score: number; end: number; lastGlyph: number } {
  let worst = 1;
  let shift = 0;
  for (let index = 0; index < template.words.length; index += 1) {
    let best = -1;
    let bestShift = shift;
    const reach = index === 0 ? 0 : 3;
    for (let dx = -reach; dx <= reach; dx += 1) {
      // Where even the bound is no better than this word's best so far, or than the score to
      // beat, the word cannot be placed there.
      if (wordFitBound(template, index, image, left + shift + dx, top) <= Math.max(best, toBeat)) continue;
      const score = wordFit(template, index, image, left + shift + dx, top);
      if (score > best) {
        best = score;
        bestShift = shift + dx;
      }
    }
    shift = bestShift;
    worst = Math.min(worst, best);
    if (worst < LABEL_MATCH || worst <= toBeat) break;
  }
  return { score: worst, end: left + shift + template.ink.width, lastGlyph: left + shift + template.lastGlyph };
}

export interface LabelMatch {
  template: LabelTemplate;
  end: number; // the first column after the label
  lastGlyph: number; // the column where its last glyph (the colon) starts
  top: number; // the label's first row
}

// The template that fits a label whose ink starts at column `x` of the band, if one fits well
// enough, nudged a pixel each way.
export function matchLabel(templates: LabelTemplate[], image: Bitmap, band: InkBand, x: number, inner: boolean): LabelMatch | null {
  let best: LabelMatch | null = null;
  let bestScore = LABEL_MATCH;
  for (const template of templates) {
    if (template.inner !== inner) continue;
    const box = inkBox(image, { x, y: band.top - 2, width: template.ink.width, height: band.bottom - band.top + 4 });
    if (!box || box.height < template.ink.height - 3) continue;
    // The label's top is where the ink in its columns starts; when that ink is taller than the
    // label (the serial's frame reaching down into the first line), its bottom decides.
    const tops = new Set([box.y, box.y + box.height - template.ink.height]);
    for (const top of tops) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const { score, end, lastGlyph } = fit(template, image, x + dx, top + dy, bestScore);
          if (score > bestScore) {
            bestScore = score;
            best = { template, end, lastGlyph, top: top + dy };
          }
        }
      }
    }
  }
  return best;
}

export interface LearnedLabel {
  rect: PixelRect; // where the label is in the image OCR read
  text: string;
  field: string;
  inner: boolean;
}

// The labels of a box read whole: a line's first words that `fieldOf` takes for a whole printed
// label with its colon, and a gender label later in the line; kept only when OCR was sure of
// every word.
export function labelsInLines(lines: OcrLine[], fieldOf: (text: string) => string | null): LearnedLabel[] {
  const found: LearnedLabel[] = [];
  // The end of a label starting at word `start` that `accept` takes, or -1.
  const labelAt = (words: OcrLine['words'], start: number, accept: (field: string) => boolean): number => {
    for (let end = start + 1; end <= Math.min(words.length, start + 4); end += 1) {
      const span = words.slice(start, end);
      const text = span.map((w) => w.text).join(' ');
      const field = fieldOf(text);
      if (field && accept(field) && span.every((w) => w.confidence >= 0.6)) return end;
    }
    return -1;
  };
  const add = (span: OcrLine['words'], inner: boolean) => {
    const x0 = Math.min(...span.map((w) => w.x0));
    const y0 = Math.min(...span.map((w) => w.y0));
    const text = span.map((w) => w.text).join(' ');
    found.push({ rect: { x: x0, y: y0, width: Math.max(...span.map((w) => w.x1)) - x0, height: Math.max(...span.map((w) => w.y1)) - y0 }, text, field: fieldOf(text) ?? '', inner });
  };
  for (const { words } of lines) {
    const end = labelAt(words, 0, (field) => field !== 'gender');
    if (end < 0) continue;
    add(words.slice(0, end), false);
    for (let start = end + 1; start < words.length; start += 1) {
      const innerEnd = labelAt(words, start, (field) => field === 'gender');
      if (innerEnd < 0) continue;
      add(words.slice(start, innerEnd), true);
      break;
    }
  }
  return found;
}
