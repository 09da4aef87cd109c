import { ROLL_REVIEW_CONFIDENCE, type RollCoverFacts, type RollPageResult, type RollRect, type RollVoterBox } from '@shared/rolls/roll-types';
import leven from 'leven';
import sharp from 'sharp';
import { findBoxes, voterBoxGroup } from './box-finder';
import { duplicateMark } from './duplicate-mark';
import { ageInRange, type BoxText, numberDigits, type ParsedBox, parseBox, printedLabelField, type TextLine, type TextWord, withoutColon } from './box-fields';
import { looksLikeCover, PART_LABEL, parseCover } from './cover-facts';
import { hasDevanagari, isGarbledDevanagari, latinDigits, looksMarathi } from './devanagari';
import { checkEpic, findEpic, nearestEpic } from './epic';
import { type GarbledValueField, type GarbledValueSegment, garbledValues } from './garbled-values';
import { glyphsText, type PlacedGlyph } from './glyph-text';
import { cropGray, eraseRules, type GrayImage, type PixelRect, stackGray } from './gray-image';
import { type Bitmap, bitmap, type InkBand, type InkRun, inkBox, inkRuns, type LabelTemplate, labelsInLines, makeTemplate, matchLabel, textBands } from './label-templates';
import { type OcrEngine, type OcrLanguage, type OcrLine, type OcrModels, type OcrWord, spacedText, watchedOcr } from './ocr';
import { type PageTurns, type Turn, takeTurn } from './page-turns';
import { type PageContent, pageContent, type PDFDocumentProxy, type RenderedPage, renderPage, type TextRun } from './pdf-pages';

// Pixels per PDF point for reading: 3 is 216 dpi, enough for 7-point roll text.
const SCALE = 3;
// Box size limits in points: three or two columns on an A4 page, rows of 40 to 200 points.
const BOX_LIMITS = { minWidth: 100, maxWidth: 330, minHeight: 40, maxHeight: 220 };
// Covers come first; pages further in without boxes are maps, photos and legends.
const COVER_PAGES = 3;

export interface PageReadState {
  // The OCR language found for this roll, tried first on its later pages.
  language?: OcrLanguage;
  // The pictures of this roll's labels, learnt from boxes read whole (label-templates.ts).
  labels?: LabelTemplate[];
  // The letters of the EPICs read right so far, with how often each was seen.
  epicSeries?: Map<string, number>;
  // Pages read side by side take turns at what they share, in the order they were asked for:
  // the language and the label pictures (`learning`), the EPIC series (`series`). So a roll
  // reads the same whatever the timing of its pages' OCR.
  turns?: PageTurns;
}

// At 216 dpi: blank columns between words (a letter's own gaps are narrower), the height below
// which a row of ink is a dot or vowel sign of the next line, and the most label pictures a
// roll keeps.
const WORD_GAP = 2 * SCALE;
const LINE_MIN = 2 * SCALE;
const MAX_LABELS = 24;
const COLON_WIDTH = 2 * SCALE;
const EPIC_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/';

// The model that reads a scanned page's Devanagari (its boxes, its header strip, an unsure
// age): the Marathi one for a Hindi roll too. The Hindi model alone misreads this print's म as
// स, द as व and व as प (26 of the Hindi sample's 30 names right); the Marathi one, same script,
// reads 29 of them right, and the two together (tesseract runs both over every word) 30, for
// 37% more CPU a page (decision 058).
const pageModels = (language: OcrLanguage): OcrModels => (language === 'eng' ? 'eng' : 'mar');
// The second reading of an unsure name: the roll's own language's model. On a Hindi roll that is
// another model than the first reading's, a witness of its own: the Marathi model's second
// reading confirmed the sample's one misread name, the Hindi model's read it right and sure.
const witnessModels = (language: OcrLanguage): OcrModels => language;
// A cover page, read once a roll: both Devanagari models on a Hindi roll, as before decision 058
// (no Hindi cover among the samples to measure one model on).
const coverModels = (language: OcrLanguage): OcrModels => (language === 'hin' ? 'hin+mar' : language);

function textLineFromRuns(runs: TextRun[]): TextLine[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const run of sorted) {
    const line = lines.find((candidate) => Math.abs((candidate[0] as TextRun).y - run.y) < Math.max(2, run.height * 0.45));
    if (line) line.push(run);
    else lines.push([run]);
  }
  return lines
    .sort((a, b) => (a[0] as TextRun).y - (b[0] as TextRun).y)
    .map((line) => ({ words: line.sort((a, b) => a.x - b.x).flatMap((run) => run.text.trim().split(/\s+/u).map((text) => ({ text: text.normalize('NFC'), confidence: 0.97 }))) }));
}

function runsIn(runs: TextRun[], rect: RollRect): TextRun[] {
  return runs.filter((run) => run.x >= rect.x - 1 && run.x < rect.x + rect.width && run.y + run.height / 2 >= rect.y && run.y + run.height / 2 <= rect.y + rect.height);
}

// A cover's part number printed in a cell of its own under its label ("Part number" over "5" at
// the top right of an ECI cover): read across the page, the lone digit under the label's words
// is lost. When a line ends with the label, its words and what is under them are read again.
async function partNumberBelowLabel(ocr: OcrEngine, image: GrayImage, lines: OcrLine[]): Promise<number | null> {
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
function spacedLineText(line: OcrLine): string {
  const height = line.y1 - line.y0;
  return line.words.map((word, at) => `${at === 0 ? '' : word.x0 - (line.words[at - 1] as OcrLine['words'][number]).x1 > height ? '    ' : ' '}${word.text}`).join('');
}

function ocrToLines(lines: OcrLine[]): TextLine[] {
  return lines.map((line) => ({ words: line.words.filter((word) => word.text.trim()).map((word) => ({ text: word.text, confidence: word.confidence })) }));
}

// `enlarge`: small print reads better made larger (cubic) than as rendered.
// One channel: sharp writes a one-channel image as RGB unless told, which tesseract decodes to
// 32 bits a pixel and turns grey again (the same text from a third of the bytes; 3-4% less time
// on a stack of an English page's values, too little to show in a page's time).
async function grayPng(image: GrayImage, enlarge = 1): Promise<Buffer> {
  const raw = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 1 } });
  return (enlarge === 1 ? raw : raw.resize({ width: Math.round(image.width * enlarge), kernel: 'cubic' })).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

// A piece read alone, on a white margin: OCR misreads letters that touch the image's edge.
async function marginPng(piece: GrayImage, enlarge = 1): Promise<Buffer> {
  return grayPng(stackGray([piece], 4 * SCALE).image, enlarge);
}

async function png(image: GrayImage, rect: PixelRect): Promise<Buffer> {
  // Runs of ink longer than the tallest letter at this scale (about 12 points) are rules.
  return grayPng(eraseRules(cropGray(image, rect), 12 * SCALE));
}

function whiteOut(image: GrayImage, rect: PixelRect): void {
  const x0 = Math.max(0, Math.floor(rect.x));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width));
  for (let y = Math.max(0, Math.floor(rect.y)); y < Math.min(image.height, rect.y + rect.height); y += 1) {
    image.data.fill(255, y * image.width + x0, y * image.width + x1);
  }
}


// Where the text of a box ends on the right: the photo (or its frame) takes the right side
// below the header line. Found from the page's images, else from a long vertical run of ink: a
// frame's line, or a dark part of a photo printed without one.
export function photoLeft(image: GrayImage, box: PixelRect, images: PageContent['images']): { left: number; top: number } | null {
  const inside = images.filter((img) => img.x * SCALE >= box.x && (img.x + img.width) * SCALE <= box.x + box.width + 2 && img.y * SCALE >= box.y - 2 && (img.y + img.height) * SCALE <= box.y + box.height + 2 && img.width * SCALE < box.width / 2);
  if (inside.length > 0) return { left: Math.min(...inside.map((img) => img.x * SCALE)) - box.x, top: Math.min(...inside.map((img) => img.y * SCALE)) - box.y };
  const frame = longRun(image, box, 140, 0.35);
  // A colour photo scanned in grey (a ward list printed and scanned) has no frame, and little
  // of it is as dark as print: a face against a pale wall is mid-grey. Where the paper is clean,
  // a column of anything darker than paper, unbroken over a quarter of the box, is a photo: no
  // line of text is that tall (a tenth of the box). Such a photo's first long column is inside
  // it (hair, a shirt), and so may the dark run taken for a frame be: with ink beside it, it is
  // a photo's. Its edges are then found as far as its ink goes, else OCR reads a cheek left in
  // the text's crop as letters after a name ("पाटील शिवदास 3 6").
  const clean = cleanPaper(image, box);
  const found = frame ?? (clean ? longRun(image, box, PHOTO_INK, 0.25) : null);
  if (!found) return null;
  const left = clean ? photoEdge(image, box, found.x, found.top, found.bottom) : found.x;
  // A frame's line has paper beside it: its top is the frame's.
  if (frame && left === found.x) return { left, top: found.top };
  return { left, top: photoTop(image, box, left, Math.round(box.width * 0.96), found.top) };
}

// A page's photos sit at one place in their boxes (the roll's template). A scanned photo with a
// pale background may show no edge where it starts, or its first dark column well inside it, and
// OCR then reads the face's edge as letters after a name ("… पि क्र )"). So once at least
// three boxes and half of a page's boxes agree, a box whose photo was not found, or was found
// right of that place, takes the usual place (the median of those found).
export function usualPhotoPlaces(found: ({ left: number; top: number } | null)[], boxWidth: number): ({ left: number; top: number } | null)[] {
  const known = found.filter((place): place is { left: number; top: number } => place !== null);
  if (known.length < 3 || known.length * 2 < found.length) return found;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const usual = { left: median(known.map((place) => place.left)), top: median(known.map((place) => place.top)) };
  // Within a fiftieth of the box (about 11 pixels at the reader's scale) is the same place.
  const near = Math.max(2, Math.round(boxWidth * 0.02));
  return found.map((place) => (place === null || place.left > usual.left + near ? usual : place));
}

// The first column of a box's right half with a vertical run of pixels darker than `ink` over
// at least `share` of the box's height, and that run's rows.
function longRun(image: GrayImage, box: PixelRect, ink: number, share: number): { x: number; top: number; bottom: number } | null {
  const from = Math.round(box.width * 0.5);
  const to = Math.round(box.width * 0.96);
  const rowFrom = Math.round(box.height * 0.15);
  const rowTo = Math.round(box.height * 0.97);
  for (let x = from; x < to; x += 1) {
    let run = 0;
    let best = 0;
    let bestStart = 0;
    for (let y = rowFrom; y < rowTo; y += 1) {
      if ((image.data[(box.y + y) * image.width + box.x + x] ?? 255) < ink) {
        run += 1;
        if (run > best) {
          best = run;
          bestStart = y - run + 1;
        }
      } else run = 0;
    }
    if (best >= box.height * share) return { x, top: bestStart, bottom: bestStart + best };
  }
  return null;
}

// Pale paper and print: at least three pixels in four of the box's left half lighter than
// PHOTO_INK (82-85% on the Marathi ward list scanned). A dim scan's grey paper would make every
// column a photo's.
const PHOTO_INK = 200;
function cleanPaper(image: GrayImage, box: PixelRect): boolean {
  let pale = 0;
  let all = 0;
  for (let y = box.y; y < box.y + box.height; y += 2) {
    for (let x = box.x; x < box.x + box.width / 2; x += 2) {
      all += 1;
      if ((image.data[y * image.width + x] ?? 255) >= PHOTO_INK) pale += 1;
    }
  }
  return all > 0 && pale >= all * 0.75;
}

// A photo's first long column is inside it (hair, a shirt): its lighter edge stands further
// left, and its face above the shirt higher up. It starts at the nearest column left of `x` with
// no ink over the rows of that run (looked for over at most a tenth of the box) and at its
// first row with ink across the photo below the header line (a pale forehead may leave rows
// without ink between the hair and the run).
function photoEdge(image: GrayImage, box: PixelRect, x: number, top: number, bottom: number): number {
  const limit = Math.max(0, x - Math.round(box.width * 0.1));
  let left = x;
  while (left > limit && photoInk(image, { x: box.x + left - 1, y: box.y + top, width: 1, height: bottom - top })) left -= 1;
  return left;
}

function photoTop(image: GrayImage, box: PixelRect, left: number, right: number, top: number): number {
  // Not into the header line (serial number, EPIC).
  for (let y = Math.max(Math.round(box.height * 0.15), headerBottom(image, box) + 1); y < top; y += 1) {
    if (photoInk(image, { x: box.x + left, y: box.y + y, width: right - left, height: 1 })) return y;
  }
  return top;
}

// Whether a strip of `image` (a column or a row) holds ink: two pixels darker than PHOTO_INK.
function photoInk(image: GrayImage, strip: PixelRect): boolean {
  let ink = 0;
  for (let y = strip.y; y < strip.y + strip.height; y += 1) {
    for (let x = strip.x; x < strip.x + strip.width; x += 1) if ((image.data[y * image.width + x] ?? 255) < PHOTO_INK) ink += 1;
  }
  return ink >= 2;
}

// In a box cut out for OCR (rules erased): the header line (serial number, EPIC) ends at the
// first blank row under the first ink, between an eighth and a third of the box's height.
function headerLineEnd(crop: GrayImage): number {
  const from = Math.round(crop.height * 0.12);
  const to = Math.round(crop.height * 0.35);
  let seenInk = false;
  for (let y = 0; y < to; y += 1) {
    let ink = 0;
    for (let x = 0; x < crop.width; x += 1) if ((crop.data[y * crop.width + x] ?? 255) < 140) ink += 1;
    // A speck or two of a scan is not a line of text.
    if (ink > 2) seenInk = true;
    else if (seenInk && y >= from) return y;
  }
  return Math.round(crop.height * 0.22);
}

// The header line (serial number, EPIC) ends at the first blank row under the first ink.
function headerBottom(image: GrayImage, box: PixelRect): number {
  const margin = 6;
  let seenInk = false;
  for (let y = margin; y < box.height - margin; y += 1) {
    let ink = false;
    for (let x = margin; x < box.width - margin; x += 1) {
      if ((image.data[(box.y + y) * image.width + box.x + x] ?? 255) < 140) {
        ink = true;
        break;
      }
    }
    if (ink) seenInk = true;
    else if (seenInk) return y;
  }
  return Math.round(box.height * 0.2);
}

// `drawn`: the sample's text from its glyphs (glyph-text.ts), when all are known: no OCR needed.
async function chooseLanguage(ocr: OcrEngine, image: GrayImage, strip: PixelRect, state: PageReadState, pageText: string, drawn: string | null = null): Promise<OcrLanguage> {
  if (state.language) return state.language;
  let language: OcrLanguage;
  if (drawn && hasDevanagari(drawn)) language = looksMarathi(drawn) ? 'mar' : 'hin';
  else if (hasDevanagari(pageText)) {
    // A garbled text layer still says the page is Devanagari; which language, OCR tells.
    const read = (await ocr.read('hin', await png(image, strip))).map((line) => line.text).join(' ');
    language = looksMarathi(read) ? 'mar' : 'hin';
  } else {
    const english = await ocr.read('eng', await png(image, strip));
    const latinWords = english.flatMap((line) => line.words).filter((word) => /^[A-Za-z]{3,}$/u.test(word.text) && word.confidence > 0.75).length;
    if (latinWords >= 3) language = 'eng';
    else {
      const read = (await ocr.read('hin', await png(image, strip))).map((line) => line.text).join(' ');
      language = looksMarathi(read) ? 'mar' : 'hin';
    }
  }
  state.language = language;
  // The Hindi model told Marathi from Hindi (the labels differ, the script is one). From here a
  // Devanagari roll is read by the Marathi model (pageModels; about 100 MB a worker); a Hindi
  // roll keeps one Hindi worker for its unsure names' second readings (a few pieces a page).
  if (language === 'hin') ocr.limit('hin', 1);
  else await ocr.release('hin');
  // A Devanagari roll's English reading is its serials, EPICs and house digits, a tenth of its
  // OCR time: one English worker keeps up (the Hindi scan ×10 read as fast, peak memory 64 MB
  // lower on average over four runs).
  if (language !== 'eng') ocr.limit('eng', 1);
  return language;
}

function pageFacts(text: string): { partNo: number | null; section: string | null } {
  const plain = latinDigits(text);
  const part = plain.match(/(part\s*(number|no\.?)|भाग\s*(संख्या|क्रमांक|क्र\.?))\s*(?:[:.]|ः)*\s*(\d+)/iu)?.[4];
  const sectionMatch = plain.match(/(section\s*no\.?\s*and\s*name|अनुभाग\s*संख्या\s*(व|और)\s*नाम|यादी\s*भाग\s*क्र\.?\s*\d+)\s*(?::|ः)*\s*([^\n]+)/iu);
  // OCR may read the colon after the label apart from it (": 1-Station Road").
  return { partNo: part ? Number(part) : null, section: sectionMatch?.[3]?.replace(/^(?:[\s:;.]|ः)+/u, '').trim() || null };
}

// A garbled layer's Latin runs are right: the serial number, EPIC and cross-reference.
function garbledHeader(runs: TextRun[], headerPoints: RollRect): TextLine {
  const latin = runsIn(runs, headerPoints).filter((run) => !hasDevanagari(run.text) && /[A-Z0-9]/u.test(run.text));
  return { words: textLineFromRuns(latin)[0]?.words.map((word) => ({ ...word, confidence: 0.99 })) ?? [] };
}

// What a garbled layer gives right beside the header: the age, printed in the digits font, and
// the duplicate mark, drawn as text.
function addGarbledKnowns(boxText: BoxText, runs: TextRun[], rect: RollRect): void {
  const boxRuns = runsIn(runs, rect);
  const ageRuns = boxRuns.filter((run) => /^\d{1,3}$/u.test(run.text.trim()) && run.x < rect.x + rect.width * 0.35 && run.y > rect.y + rect.height * 0.6);
  const last = ageRuns.sort((a, b) => b.y - a.y)[0];
  if (last) boxText.known = { ...boxText.known, age: Number(last.text.trim()) };
  if (boxRuns.some((run) => run.text.includes('**'))) boxText.body.push({ words: [{ text: '**', confidence: 1 }] });
}

// Reads pieces stacked, as few calls as the stack's size allows; each word goes to the piece
// its middle lies in (OCR may run two pieces into one line). `only` limits the characters,
// `enlarge` scales the stack (small print reads better larger).
const STACK_PIXELS = 1_000_000;
// A word read from a piece, with where it lies across the stack (pixels of the piece's scale).
export interface PlacedWord extends TextWord {
  x0: number;
  x1: number;
  spaces?: number[]; // OcrWord's
}
async function readPieces(ocr: OcrEngine, language: OcrModels, pieces: GrayImage[], { only = '', enlarge = 1 } = {}): Promise<PlacedWord[][]> {
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
      const at = spans.findIndex((span) => middle >= span.top - 4 && middle <= span.bottom + 4);
      if (at >= 0 && word.text.trim()) (words[from + at] as PlacedWord[]).push({ text: word.text, confidence: word.confidence, x0: word.x0 / enlarge, x1: word.x1 / enlarge, ...(word.spaces && { spaces: word.spaces }) });
    }
    from = to;
  }
  return words;
}

// A box of a garbled page: each value given by its glyphs where the font's glyphs are known
// (glyph-text.ts), the others cut out where the layer puts them, stacked and read in one OCR
// call (see garbled-values.ts). Null when the layout is not the expected one.
async function readGarbledBox(ocr: OcrEngine, language: OcrLanguage, image: GrayImage, content: PageContent, rect: RollRect, textRight: number): Promise<BoxText | null> {
  const values = garbledValues(runsIn(content.runs, rect), rect, textRight);
  if (!values) return null;
  const { segments } = values;
  const drawn = segments.map((segment) => textOfGlyphs(content, segment.rect));
  const unread = segments.filter((_, index) => drawn[index] === null);
  // No rule erasing here: a piece holds no frame, and a bold name's headline (shirorekha) is a
  // long run of ink that the eraser would take for a rule.
  const pieces = unread.map((segment) => cropGray(image, { x: segment.rect.x * SCALE, y: segment.rect.y * SCALE, width: segment.rect.width * SCALE, height: segment.rect.height * SCALE }));
  const read = pieces.length > 0 ? await readPieces(ocr, language, pieces) : [];
  const of = (field: GarbledValueField): TextWord[] => {
    const index = segments.findIndex((segment) => segment.field === field);
    const text = drawn[index];
    // Drawn text is as sure as a right text layer.
    if (typeof text === 'string') return text.split(/\s+/u).filter(Boolean).map((word) => ({ text: word, confidence: 0.97 }));
    return read[unread.indexOf(segments[index] as GarbledValueSegment)] ?? [];
  };
  const house = values.houseNo ? [{ text: values.houseNo, confidence: 0.97 }] : of('house');
  const gender = values.gender ? [{ text: values.gender, confidence: 0.9 }] : of('gender');
  const label = (text: string) => ({ text, confidence: 1 });
  const firstLine = Math.min(...segments.map((segment) => segment.rect.y));
  const boxText: BoxText = {
    header: garbledHeader(content.runs, { x: rect.x, y: rect.y, width: rect.width, height: firstLine - rect.y }),
    // Printed labels put back in front of the values, so the parser reads them as on any roll.
    body: [{ words: [label('नाव:'), ...of('name')] }, { words: values.relativeLabel ? [...`${values.relativeLabel}:`.split(' ').map(label), ...of('relative')] : of('relative') }, { words: [label('घर क्रमांक:'), ...house] }, { words: [label('वय:'), label('लिंग:'), ...gender] }],
  };
  addGarbledKnowns(boxText, content.runs, rect);
  return boxText;
}

// A value's text from the glyphs drawn in its place, when every one of them is known and they are
// the very glyphs the text layer holds there (one character each in a garbled layer: a glyph
// placed elsewhere than the layer says is never taken). Null otherwise: OCR reads it.
function textOfGlyphs(content: PageContent, rect: RollRect): string | null {
  if (content.glyphs.length === 0) return null;
  const glyphs = glyphsIn(content, rect);
  const layer = runsIn(content.runs, rect).map((run) => run.text.replace(/\s/gu, '')).join('');
  if ([...layer].length !== glyphs.filter((glyph) => glyph.text !== ' ').length) return null;
  return drawnText(glyphs);
}

const glyphsIn = (content: PageContent, rect: RollRect) =>
  content.glyphs.filter((glyph) => glyph.x >= rect.x - 0.5 && glyph.x <= rect.x + rect.width + 0.5 && glyph.baseline >= rect.y && glyph.baseline <= rect.y + rect.height);

// The text of glyphs, line by line, top to bottom; null when a glyph is not known.
function drawnText(glyphs: PlacedGlyph[]): string | null {
  if (!glyphs.some((glyph) => glyph.text !== ' ')) return null;
  const lines: PlacedGlyph[][] = [];
  for (const glyph of [...glyphs].sort((a, b) => a.baseline - b.baseline)) {
    const line = lines.find((candidate) => Math.abs((candidate[0] as PlacedGlyph).baseline - glyph.baseline) < 2);
    if (line) line.push(glyph);
    else lines.push([glyph]);
  }
  const texts = lines.map(glyphsText);
  return texts.every((text) => text !== null) ? texts.map((text) => text.replace(/\s+/gu, ' ').trim()).join('\n') : null;
}

// The left half of a box's header, where its serial number is printed in a small frame: the
// frame's columns (inked over most of the header's height) and rules whited out, cut to the ink
// left (OCR's time follows the pixels it is given, and the half is mostly paper: cut to the
// digits, the page's serials cost a fifth). Null when no ink is left.
function serialZone(crop: GrayImage, headerEnd: number): GrayImage | null {
  const zone = cropGray(crop, { x: 0, y: 0, width: Math.round(crop.width * 0.5), height: headerEnd });
  for (let x = 0; x < zone.width; x += 1) {
    let ink = 0;
    for (let y = 0; y < zone.height; y += 1) if ((zone.data[y * zone.width + x] ?? 255) < 140) ink += 1;
    if (ink > zone.height * 0.6) for (let y = 0; y < zone.height; y += 1) zone.data[y * zone.width + x] = 255;
  }
  const cleaned = eraseRules(zone, 12 * SCALE);
  const ink = inkBox(bitmap(cleaned), { x: 0, y: 0, width: cleaned.width, height: cleaned.height });
  if (!ink) return null;
  const margin = SCALE;
  return cropGray(cleaned, { x: ink.x - margin, y: ink.y - margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin });
}

// A box between being cut into pieces and being parsed (readPage).
interface PreparedBox {
  rect: RollRect;
  // The box's text when it was read whole (or came from the text layer); a labelled box's is
  // put together from its values once the page's pieces are read.
  boxText: BoxText | null;
  labelled: LabelledValues | null;
  epicPicture: GrayImage | null;
  readEpic: boolean; // the EPIC is read from its picture with the page's other EPICs
  serialZone: GrayImage | null;
  mark: boolean; // the "**" mark, found by its shape
  ageLine: GrayImage | null;
  devanagariScan: boolean; // read whole by a Devanagari model (its house number is checked)
  houseValue: GrayImage | null; // such a box's house number, cut from its line (houseValuePiece)
  namePieces: NamePiece[]; // such a box's names as first read, each with its value's picture
}

// The EPIC alone, cut from the header line's right: OCR's time follows the width it reads, and
// beside the serial's small digits in their frame, OCR misreads it (the serial has its own
// reading). Null when the header's right holds no ink.
function epicPiece(crop: GrayImage, ink: Bitmap, headerEnd: number): GrayImage | null {
  const runs = inkRuns(ink, { top: 0, bottom: headerEnd }, 4 * SCALE, 0, crop.width);
  const last = runs[runs.length - 1];
  if (!last || last.x0 < crop.width * 0.3 || last.x1 - last.x0 < 5 * SCALE) return null;
  return cropGray(crop, { x: last.x0, y: 0, width: last.x1 - last.x0, height: headerEnd + 2 });
}

type LabelledPart = { label: string } | { piece: number };

// A scanned Latin box cut after its labels: each line's parts and the field its label names,
// the value pieces to read, and its house line (label and value) for a second reading.
interface LabelledValues {
  lines: LabelledPart[][];
  lineFields: string[]; // name, father, husband, mother, other, house, age
  pieces: GrayImage[];
  houseLine: GrayImage | null;
}

// Nothing after a label, or only a dash: a short stroke a few pixels high.
function isBlankValue(ink: Bitmap, band: InkBand, runs: InkRun[]): boolean {
  if (runs.length === 0) return true;
  if (runs.length > 1) return false;
  const run = runs[0] as InkRun;
  const box = inkBox(ink, { x: run.x0, y: band.top, width: run.x1 - run.x0, height: band.bottom - band.top });
  return !box || (box.width <= 5 * SCALE && box.height <= SCALE + 1);
}

const RELATIVE_FIELDS = new Set(['father', 'husband', 'mother', 'other']);

// A scanned box whose lines start with known labels: the values cut out after their labels, or
// null when the box is not like that. Every box must show the name, a relative and the age by
// their labels; a line without a label is taken only as a long name's or relative's second line.
function valuesAfterLabels(crop: GrayImage, ink: Bitmap, from: number, templates: LabelTemplate[]): LabelledValues | null {
  if (!templates.some((template) => !template.inner)) return null;
  const pieces: GrayImage[] = [];
  const lines: LabelledPart[][] = [];
  const lineFields: string[] = [];
  const fields = new Set<string>();
  let houseLine: GrayImage | null = null;
  let wraps = false; // the line before holds a long value that may go on in this one
  const bands = textBands(ink, LINE_MIN, from);
  for (const [index, band] of bands.entries()) {
    const runs = inkRuns(ink, band, WORD_GAP);
    const first = runs[0];
    if (!first) return null;
    const last = runs[runs.length - 1] as (typeof runs)[number];
    const label = matchLabel(templates, ink, band, first.x0, false);
    // A piece reaches towards its neighbours: the tail of a "y" or "q" is too thin to count as
    // a row of ink, and cut off it reads "v" or "g". It starts a little above its label (what
    // stands higher in the band is the serial's frame).
    const top = Math.max(from, band.top - SCALE, bands[index - 1]?.bottom ?? 0, label ? label.top - 2 * SCALE : 0);
    const height = Math.min(crop.height, band.bottom + 2 * SCALE, bands[index + 1]?.top ?? crop.height) - top;
    const cut = (parts: LabelledPart[], x0: number, x1: number) => {
      if (x1 - x0 < 3) return;
      parts.push({ piece: pieces.length });
      pieces.push(cropGray(crop, { x: x0, y: top, width: x1 - x0, height }));
    };
    if (!label) {
      const previous = lines[lines.length - 1];
      if (!wraps || !previous) return null;
      cut(previous, first.x0, last.x1 + 1);
      wraps = false;
      continue;
    }
    // A band much taller than its label is two lines run together.
    if (band.bottom - Math.max(band.top, label.top) > label.template.ink.height * 2.2) return null;
    fields.add(label.template.field);
    const parts: LabelledPart[] = [];
    // Names and relatives' names, the long values, are read without their labels. The house
    // and age lines are read whole, labels and all: a two-digit age or a house number alone
    // gives OCR too little to go on ("a7" for 47, "1391" for 139/11), and they are short.
    wraps = label.template.field === 'name' || RELATIVE_FIELDS.has(label.template.field);
    if (wraps) {
      // Something standing apart after the value is not part of it: the box is read whole.
      const after = runs.filter((run) => run.x0 >= label.end);
      if (after.some((run, at) => at > 0 && run.x0 - (after[at - 1] as InkRun).x1 > 5 * SCALE)) return null;
      // The value is cut just after the label's colon: the fast English model reads a colon
      // kept in front as "2" or ">" (the best model read it as a colon, and read a value cut
      // bare with a letter more: "IMohan"). The label's words go back in front as text.
      parts.push({ label: withoutColon(label.template.text) });
      cut(parts, label.end + 2, last.x1 + 1);
    } else if (label.template.field === 'house' && isBlankValue(ink, band, runs.filter((run) => run.x0 >= label.end))) {
      // Most houses print no number (nothing, or a dash): nothing to read.
      parts.push({ label: label.template.text });
    } else {
      cut(parts, first.x0, last.x1 + 1);
      if (label.template.field === 'house') houseLine = pieces.at(-1) ?? null;
    }
    lines.push(parts);
    lineFields.push(label.template.field);
  }
  // Every box of a Latin roll prints all four lines. One missing is a line whose label was not
  // matched, taken for the end of a long name ("GADKAR House Number --"): the box is read whole.
  if (!fields.has('name') || !fields.has('house') || !fields.has('age') || ![...fields].some((field) => RELATIVE_FIELDS.has(field))) return null;
  return { lines, lineFields, pieces, houseLine };
}

// Keeps the label pictures of a box OCR read whole (lines in the coordinates of `image`).
function learnLabels(state: PageReadState, image: Bitmap, lines: OcrLine[]): void {
  const templates = (state.labels ??= []);
  const bands = textBands(image, LINE_MIN);
  for (const found of labelsInLines(lines, printedLabelField)) {
    if (templates.length >= MAX_LABELS) return;
    // OCR's word boxes reach into the lines above and below: the label's rows are its band's.
    const middle = found.rect.y + found.rect.height / 2;
    const band = bands.find((candidate) => middle >= candidate.top && middle < candidate.bottom);
    if (!band) continue;
    const rect = { x: found.rect.x - 1, y: band.top, width: found.rect.width + 2, height: band.bottom - band.top };
    const start = inkRuns(image, band, WORD_GAP, Math.max(0, rect.x), rect.x + rect.width)[0];
    if (!start || matchLabel(templates, image, band, start.x0, found.inner)) continue;
    const template = makeTemplate(image, rect, found, WORD_GAP);
    // A label ends with its colon, a glyph two points wide at most: OCR's word box may reach
    // into the value's first letter ("Name:" 54 pixels wide, its last glyph 11), and a picture
    // cut so would take that letter for part of every label it matches.
    if (template && template.ink.width - template.lastGlyph <= COLON_WIDTH) templates.push(template);
  }
}

export async function readPage(doc: PDFDocumentProxy, pageNumber: number, ocr: OcrEngine, state: PageReadState, signal?: AbortSignal): Promise<RollPageResult> {
  const turns = (state.turns ??= {});
  const learning = takeTurn(turns, 'learning');
  const series = takeTurn(turns, 'series');
  let usedOcr = false;
  try {
    const result = await readPageInTurn(doc, pageNumber, watchedOcr(ocr, () => (usedOcr = true)), state, { learning, series }, signal);
    // A garbled layer whose glyphs were all known was read as text (glyph-text.ts).
    if (result.method === 'ocr' && !usedOcr) result.method = 'text';
    return result;
  } finally {
    learning.release();
    series.release();
  }
}

async function readPageInTurn(doc: PDFDocumentProxy, pageNumber: number, ocr: OcrEngine, state: PageReadState, turns: { learning: Turn; series: Turn }, signal?: AbortSignal): Promise<RollPageResult> {
  const page = await doc.getPage(pageNumber);
  const content = await pageContent(page);
  // The page in colour (18 MB at this scale) is needed only for its photos, cut out as soon as
  // the boxes are found and then let go: a scan's page is read for seconds, two side by side.
  let colour: RenderedPage | null = await renderPage(page, SCALE);
  const image = colour.gray;
  const pageText = content.runs.map((run) => run.text).join(' ');
  // Four boxes of one size tell a voter page from a cover's table; a part's last page may hold
  // fewer voters, which its text layer shows by their EPIC numbers.
  const fewBoxesCount = /\b[A-Z]{3}\d{7}\b/u.test(pageText) ? 1 : 4;
  const pixelBoxes = voterBoxGroup(findBoxes(image, { minWidth: BOX_LIMITS.minWidth * SCALE, maxWidth: BOX_LIMITS.maxWidth * SCALE, minHeight: BOX_LIMITS.minHeight * SCALE, maxHeight: BOX_LIMITS.maxHeight * SCALE }), fewBoxesCount);
  // A text layer laid over a full-page scan is somebody else's OCR, with its mistakes: read
  // the scan ourselves.
  const scanned = content.images.some((img) => img.width * img.height >= content.width * content.height * 0.85);
  const hasText = !scanned && pageText.replace(/\s/gu, '').length >= 50;
  const garbled = hasText && isGarbledDevanagari(pageText);
  const trustText = hasText && !garbled;

  const photos = pixelBoxes.length === 0 ? [] : await boxPhotos(colour, content, pixelBoxes);
  colour = null;

  if (pixelBoxes.length === 0) {
    turns.series.release();
    if (pageNumber > COVER_PAGES) return { page: pageNumber, kind: 'other', method: 'none', cover: null, voters: [] };
    const coverOf = (text: string): RollCoverFacts | null => (looksLikeCover(text) ? parseCover(pageNumber, text) : null);
    let cover: RollCoverFacts | null;
    let method: RollPageResult['method'];
    if (trustText) {
      cover = coverOf(textLineFromRuns(content.runs).map((line) => line.words.map((word) => word.text).join(' ')).join('\n'));
      method = 'text';
    } else {
      const whole = { x: 0, y: 0, width: image.width, height: image.height };
      await turns.learning.ready;
      const language = await chooseLanguage(ocr, image, { x: 0, y: 0, width: image.width, height: Math.round(image.height * 0.12) }, state, pageText);
      turns.learning.release();
      signal?.throwIfAborted();
      const lines = await ocr.read(coverModels(language), await png(image, whole));
      cover = coverOf(lines.map(spacedLineText).join('\n'));
      if (cover && cover.partNo === null) cover.partNo = await partNumberBelowLabel(ocr, image, lines);
      // Tesseract's memory grows to fit the largest image it was given and never shrinks: after
      // a whole page the model is let go (made again for the voter pages, a second's work).
      // At 144 dpi the cover read worse (district, taluka), so the page keeps its scale.
      await ocr.release(coverModels(language));
      method = 'ocr';
    }
    return { page: pageNumber, kind: cover ? 'cover' : 'other', method, cover, voters: [] };
  }

  await turns.learning.ready;
  let language: OcrLanguage | null = null;
  if (!trustText) {
    // The language is told best by a voter box's labels (नाव/वय in Marathi, नाम/आयु in Hindi).
    const sample = pixelBoxes[0] as PixelRect;
    const drawn = garbled ? drawnText(glyphsIn(content, inPoints(sample))) : null;
    language = await chooseLanguage(ocr, image, { x: sample.x + 4, y: sample.y + 4, width: Math.round(sample.width * 0.7), height: sample.height - 8 }, state, pageText, drawn);
  }
  // Only a Latin scan's boxes learn (label pictures): any other page is done with what pages
  // share once its language is known, and the next page need not wait for its OCR (held to the
  // end, a Marathi roll's pages were read one after the other).
  if (language !== 'eng') turns.learning.release();

  // A page's boxes are read in three steps, so that OCR's fixed cost of a call (about half the
  // time of reading a serial number alone) is paid a few times a page rather than three times a
  // box: each box is cut into its pieces (read whole only when it must be: a text layer, a
  // garbled page, a Devanagari scan, or a Latin box whose labels are not known yet, which
  // teaches them); then the page's pieces of each kind are read stacked (values, EPICs, serial
  // numbers); then each box is parsed.
  const prepared: PreparedBox[] = [];
  const photoPlaces = usualPhotoPlaces(
    pixelBoxes.map((box) => photoLeft(image, box, content.images)),
    Math.min(...pixelBoxes.map((box) => box.width)),
  );
  for (const [index, box] of pixelBoxes.entries()) {
    signal?.throwIfAborted();
    const rect = inPoints(box);
    const photo = photoPlaces[index] ?? null;
    const item: PreparedBox = { rect, boxText: null, labelled: null, epicPicture: null, readEpic: false, serialZone: null, mark: false, ageLine: null, devanagariScan: false, houseValue: null, namePieces: [] };
    prepared.push(item);
    if (trustText) {
      const header = headerBottom(image, box);
      const headerPoints: RollRect = { x: rect.x, y: rect.y, width: rect.width, height: header / SCALE };
      const textRight = photo ? photo.left : box.width;
      const bodyPoints: RollRect = { x: rect.x, y: rect.y + header / SCALE, width: textRight / SCALE, height: rect.height - header / SCALE };
      const headerLines = textLineFromRuns(runsIn(content.runs, headerPoints));
      item.boxText = { header: { words: headerLines.flatMap((line) => line.words) }, body: textLineFromRuns(runsIn(content.runs, bodyPoints)) };
      continue;
    }
    if (garbled) {
      item.boxText = await readGarbledBox(ocr, language ?? 'mar', image, content, rect, photo ? (box.x + photo.left) / SCALE : rect.x + rect.width);
      if (item.boxText) continue;
    }
    const ocrLanguage = language ?? 'eng';
    // The box without its frame lines and photo: one block of text lines for OCR.
    const inset = 4;
    const crop = cropGray(image, { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset });
    if (photo) whiteOut(crop, { x: photo.left - inset - 2, y: photo.top - inset - 2, width: crop.width, height: crop.height });
    const cleanCrop = eraseRules(crop, 12 * SCALE);
    let headerEnd: number;
    const headerLine = headerLineEnd(cleanCrop);
    let ink = bitmap(cleanCrop);
    const mark = garbled ? null : duplicateMark(ink, headerLine, SCALE, photo ? photo.left - inset : crop.width);
    if (mark) {
      whiteOut(cleanCrop, { x: mark.x - 2, y: mark.y - 2, width: mark.width + 4, height: mark.height + 4 });
      ink = bitmap(cleanCrop);
      item.mark = true;
    }
    // Latin rolls only: on the Hindi scan, pieces cut from Devanagari lines (vowel signs above
    // the headline, a visarga for a colon) read worse than whole lines (five names more wrong).
    const labelled = garbled || ocrLanguage !== 'eng' ? null : valuesAfterLabels(cleanCrop, ink, headerLine, state.labels ?? []);
    if (labelled) {
      headerEnd = headerLine;
      item.labelled = labelled;
      // The EPIC alone, as one line of capitals, digits and slashes: read among the values,
      // OCR doubles its round letters ("WWEO0338400").
      item.epicPicture = epicPiece(cleanCrop, ink, headerEnd);
      item.readEpic = true;
    } else if (ocrLanguage === 'eng') {
      // One model reads the whole box in one call; the header line ends where its first line ends.
      const ocrLines = await ocr.read(ocrLanguage, await grayPng(cleanCrop));
      learnLabels(state, ink, ocrLines.slice(1));
      const lines = ocrToLines(ocrLines);
      headerEnd = Math.min(Math.round(box.height * 0.35), (ocrLines[0]?.y1 ?? Math.round(box.height * 0.2)) + 4);
      item.boxText = { header: lines[0] ?? { words: [] }, body: lines.slice(1) };
    } else {
      // The serial number and EPIC are Latin, the rest Devanagari: each model reads only its
      // own part (the header line with the English one, as a single line), so no model spends
      // time on text it cannot read.
      headerEnd = headerLine;
      // A Devanagari word hangs from a headline as long as the word itself, longer than any
      // Latin letter: erased as a rule, names came out wrong (देव्रती as देप्रती, प्रसाद as प््ाद).
      // Across, only the frame's rules go here, which span the box.
      const devanagari = eraseRules(crop, 12 * SCALE, 140, Math.round(crop.width / 2));
      if (mark) whiteOut(devanagari, { x: mark.x - 2, y: mark.y - 2, width: mark.width + 4, height: mark.height + 4 });
      const bodyCrop = cropGray(devanagari, { x: 0, y: headerEnd, width: devanagari.width, height: devanagari.height - headerEnd });
      const bodyLines = await ocr.read(pageModels(ocrLanguage), await grayPng(bodyCrop));
      const body = ocrToLines(bodyLines);
      item.devanagariScan = true;
      item.namePieces = namePieces(bodyCrop, bodyLines);
      item.houseValue = ocrLanguage === 'mar' ? marathiHouseValuePiece(bodyCrop, bodyLines) : houseValuePiece(bodyCrop, bodyLines);
      item.ageLine = devanagariAgeLine(bodyCrop, bodyLines);
      const headerPoints: RollRect = { x: rect.x, y: rect.y, width: rect.width, height: (photo ? photo.top : box.height * 0.25) / SCALE };
      let header: TextLine = garbled ? garbledHeader(content.runs, headerPoints) : { words: [] };
      if (header.words.length === 0) {
        const top = cropGray(cleanCrop, { x: 0, y: 0, width: cleanCrop.width, height: headerEnd + 2 });
        header = ocrToLines(await ocr.read('eng', await marginPng(top), 'line'))[0] ?? { words: [] };
      }
      item.boxText = { header, body };
    }
    if (garbled && item.boxText) addGarbledKnowns(item.boxText, content.runs, rect);
    // Small printed serials are OCR's weakest spot: read again, digits only, from the left half
    // of the header (the EPIC is on the right).
    if (!garbled) item.serialZone = serialZone(crop, headerEnd);
    // The labelled reading cut the EPIC's picture already.
    if (!garbled && !labelled) item.epicPicture = epicPiece(cleanCrop, ink, headerEnd);
    // A Latin box's last line is its age and gender, kept for a second look at an unsure age.
    const lastBand = ocrLanguage === 'eng' && !garbled ? textBands(ink, LINE_MIN, headerEnd).at(-1) : undefined;
    if (lastBand) {
      const top = Math.max(0, lastBand.top - SCALE);
      item.ageLine = cropGray(cleanCrop, { x: 0, y: top, width: cleanCrop.width, height: Math.min(cleanCrop.height, lastBand.bottom + 2 * SCALE) - top });
    }
  }

  turns.learning.release();
  signal?.throwIfAborted();
  // The strip above the first row of boxes names the constituency, part and section.
  const firstTop = Math.min(...pixelBoxes.map((box) => box.y));
  const strip: PixelRect = { x: 0, y: 0, width: image.width, height: Math.max(10, firstTop - 2) };
  const stripPoints: RollRect = { x: 0, y: 0, width: content.width, height: firstTop / SCALE };
  const drawnStrip = garbled ? drawnText(glyphsIn(content, stripPoints)) : null;
  const stripText = trustText
    ? textLineFromRuns(runsIn(content.runs, stripPoints)).map((line) => line.words.map((w) => w.text).join(' ')).join('\n')
    : (drawnStrip ?? (await ocr.readRepeated(pageModels(language ?? 'eng'), await png(image, strip))).map((line) => line.text).join('\n'));
  const facts = pageFacts(stripText);
  const withValues = prepared.filter((item) => item.labelled);
  const valueWords = await readPieces(ocr, 'eng', withValues.flatMap((item) => item.labelled?.pieces ?? []));
  const withEpic = prepared.filter((item) => item.readEpic && item.epicPicture);
  const epicWords = await readPieces(ocr, 'eng', withEpic.map((item) => item.epicPicture as GrayImage), { only: EPIC_CHARACTERS });
  const withSerial = prepared.filter((item) => item.serialZone);
  // Twice as large: the serial is printed in a small font. Three times, as the "best" model
  // wanted, the fast one misread one serial in six of the English part (page 29's "764" as "4",
  // page 21's "525" as "925"); twice, none of its 986 after the run's check (1.5 times: as good).
  const serialWords = await readPieces(ocr, 'eng', withSerial.map((item) => item.serialZone as GrayImage), { only: '0123456789', enlarge: 2 });
  const withHouse = prepared.filter((item) => item.houseValue);
  const housePieces = withHouse.map((item) => item.houseValue as GrayImage);
  // A Marathi scan's house values are read by the Marathi and the English model, side by side,
  // and each word kept from the surer (surerWords); any other roll's by the English one.
  const houseWords =
    language === 'mar'
      ? await Promise.all([readPieces(ocr, 'mar', housePieces), readPieces(ocr, 'eng', housePieces)]).then(([marathi, english]) => marathi.map((words, index) => surerWords(words, english[index] ?? [])))
      : await readPieces(ocr, 'eng', housePieces);
  let nextValue = 0;
  for (const item of withValues) {
    const labelled = item.labelled as NonNullable<PreparedBox['labelled']>;
    const words = valueWords.slice(nextValue, nextValue + labelled.pieces.length);
    nextValue += labelled.pieces.length;
    const body = labelled.lines.map((parts) => ({
      words: parts.flatMap((part) => ('label' in part ? part.label.split(' ').map((text) => ({ text, confidence: 1 })) : (words[part.piece] ?? []))),
    }));
    item.boxText = { header: { words: epicWords[withEpic.indexOf(item)] ?? [] }, body };
  }
  withSerial.forEach((item, index) => {
    // A speck beside the number can read as a digit of its own ("7 23"): the surest number wins.
    const serial = (serialWords[index] ?? []).filter((word) => /^\d{1,5}$/u.test(word.text)).sort((a, b) => b.confidence - a.confidence)[0];
    if (serial && item.boxText) item.boxText.known = { ...item.boxText.known, serialNo: Number(serial.text), serialConfidence: serial.confidence };
  });

  const voters: RollVoterBox[] = [];
  // Each box's header as read and the picture of its EPIC, for a second look at an EPIC OCR
  // garbled.
  const headers: string[] = [];
  const epicPictures: (GrayImage | null)[] = [];
  for (const [index, item] of prepared.entries()) {
    const { rect } = item;
    const boxText = item.boxText ?? { header: { words: [] }, body: [] };
    if (item.mark) boxText.body.push({ words: [{ text: '**', confidence: 0.9 }] });
    const parsed = parseBox(boxText);
    const houseReading = item.houseValue ? (houseWords[withHouse.indexOf(item)] ?? []) : [];
    if (item.devanagariScan && language === 'mar') takeHouseReading(parsed, houseReading);
    else if (item.devanagariScan) checkHouseDigits(parsed, houseReading);
    headers.push(boxText.header.words.map((word) => word.text).join(' '));
    epicPictures.push(item.epicPicture);
    if (item.ageLine && parsed.age !== null && parsed.confidence.age < AGE_SURE) await checkAge(ocr, item.ageLine, parsed, item.devanagariScan ? pageModels(language ?? 'mar') : 'eng');
    voters.push({ page: pageNumber, rect, partNo: facts.partNo, section: facts.section, ...parsed, photo: photos[index] ?? null });
  }
  await checkHouses(ocr, prepared.map((item) => item.labelled?.houseLine ?? null), voters);
  await checkNames(ocr, prepared.map((item) => item.labelled), voters);
  if (language !== null && language !== 'eng') {
    await checkScannedHouses(ocr, prepared.map((item) => (item.devanagariScan ? item.houseValue : null)), voters, language);
    await checkScannedNames(ocr, witnessModels(language), prepared.map((item) => item.namePieces), voters, witnessModels(language) === pageModels(language));
  }
  checkSerialRun(voters);
  await checkEpics(ocr, voters, headers, epicPictures, state, turns.series, !hasText);
  return { page: pageNumber, kind: 'voters', method: trustText ? 'text' : 'ocr', cover: null, voters };
}

// A box found in the page's pixels, in PDF points.
const inPoints = (box: PixelRect): RollRect => ({ x: box.x / SCALE, y: box.y / SCALE, width: box.width / SCALE, height: box.height / SCALE });

// Each box's photo, the picture painted inside it (narrower than half the box; a scan's one
// picture is the whole page), cut in colour as JPEG; null for a box without one.
async function boxPhotos(rendered: RenderedPage, content: PageContent, boxes: PixelRect[]): Promise<(Uint8Array | null)[]> {
  const { rgba, gray } = rendered;
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return Promise.all(
    boxes.map(async (box) => {
      const rect = inPoints(box);
      const photo = content.images.find((img) => img.x >= rect.x && img.x + img.width <= rect.x + rect.width + 1 && img.y >= rect.y && img.y + img.height <= rect.y + rect.height + 1 && img.width < rect.width / 2);
      if (!photo) return null;
      const px = { left: Math.round(photo.x * SCALE), top: Math.round(photo.y * SCALE), width: Math.round(photo.width * SCALE), height: Math.round(photo.height * SCALE) };
      return new Uint8Array(await sharp(pixels, { raw: { width: gray.width, height: gray.height, channels: 4 } }).extract(px).jpeg({ quality: 85 }).toBuffer());
    }),
  );
}

// An age OCR was unsure of (under AGE_SURE) is read again from its line alone at twice the size
// (on the English sample "46" read as "48" at 81%, and again so from the line alone at the same
// size; twice as large it reads "46" at 93%). Two readings that agree make the age sure; two that
// differ leave the surer one for a person to check.
const AGE_SURE = 0.9;
export async function checkAge(ocr: OcrEngine, line: GrayImage, box: ReturnType<typeof parseBox>, models: OcrModels = 'eng'): Promise<void> {
  const larger = await marginPng(line, 2);
  // Devanagari digits as numbers, and a colon the reading kept in front ("वय :४३") taken off.
  const words = (await ocr.read(models, larger, 'line', '', 2 * 72 * SCALE)).flatMap((read) => read.words).map((word) => ({ ...word, text: numberDigits(word.text).replace(/^(?::|ः)+/u, '') }));
  // The first number after the label, before the gender.
  const again = words.find((word) => /^\d{1,3}$/u.test(word.text));
  // Two readings of an age no voter has stay flagged as out of range, however sure.
  if (again && Number(again.text) === box.age && ageInRange(box.age)) {
    box.confidence.age = AGE_SURE;
    box.review = box.review.filter((reason) => reason.field !== 'age');
    return;
  }
  if (again && again.confidence > box.confidence.age) box.age = Number(again.text);
  box.confidence.age = Math.min(box.confidence.age, again?.confidence ?? 0, 0.5);
  // The reason names what is wrong with the age kept: out of range, or two readings that differ.
  box.review = box.review.filter((reason) => reason.field !== 'age');
  box.review.push({ field: 'age', reason: box.age !== null && !ageInRange(box.age) ? 'age-out-of-range' : 'low-confidence' });
}

// A Latin box's house number is read a second time, by English's "best" model, from its line
// (label and all, stacked with the page's others in one call). In this print the fast model reads
// a "1" after a slash as "4" and is sure of it ("94/4" at 94% for 94/1): on the English part 88
// of its 371 numbered houses were wrong, 40 of them not flagged. The best model reads most right.
// Two readings that agree make the number sure; where they differ, the best model's reading is
// taken if it is sure of it, else the surer of the two, flagged. A reading with characters no
// house number prints ("45/2¢", an unmatched bracket) is never sure.
const HOUSE_SURE = 0.9;
const HOUSE_CHARACTERS = /^[A-Za-z\d/\-().,:& ]+$/u;
const plausibleHouse = (house: string) => HOUSE_CHARACTERS.test(house) && house.split('(').length === house.split(')').length;
export async function checkHouses(ocr: OcrEngine, lines: (GrayImage | null)[], boxes: ReturnType<typeof parseBox>[]): Promise<void> {
  const withHouse = boxes.flatMap((box, index) => (box.houseNo && lines[index] ? [index] : []));
  if (withHouse.length === 0) return;
  const readings = await readPieces(ocr, 'eng-best', withHouse.map((index) => lines[index] as GrayImage));
  withHouse.forEach((at, index) => {
    const box = boxes[at] as ReturnType<typeof parseBox>;
    // The line as the best model read it, through the same parsing as the box's own lines.
    const again = parseBox({ header: { words: [] }, body: [{ words: readings[index] ?? [] }] });
    const first = { house: box.houseNo as string, confidence: box.confidence.houseNo };
    const second = { house: again.houseNo, confidence: again.confidence.houseNo };
    if (second.house === null) return;
    if (second.house === first.house) box.confidence.houseNo = Math.max(HOUSE_SURE, first.confidence, second.confidence);
    else if (second.confidence >= ROLL_REVIEW_CONFIDENCE && plausibleHouse(second.house)) {
      box.houseNo = second.house;
      box.confidence.houseNo = second.confidence;
    } else {
      const surer = second.confidence >= first.confidence ? second : first;
      box.houseNo = surer.house;
      box.confidence.houseNo = Math.min(surer.confidence, 0.5);
    }
    if (!plausibleHouse(box.houseNo as string)) box.confidence.houseNo = Math.min(box.confidence.houseNo, 0.5);
    box.review = box.review.filter((reason) => reason.field !== 'houseNo');
    if (box.confidence.houseNo < ROLL_REVIEW_CONFIDENCE) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
  });
}

// A Latin box's unsure name or relative's name is read a second time, by English's best model,
// from the pieces its first reading read (stacked with the page's others in one call). On the
// English part 124 of its names went to review at under 80% and all but 21 of them read the same
// by the best model, right (checked by eye). Two readings that agree make the name sure; where
// they differ the surer is kept, flagged: the best model is not always right where the fast one
// doubts ("Igbal" at 85% for the fast model's "Iqbal" at 75%).
const NAME_FIELDS = [
  { field: 'fullName', printed: (label: string) => label === 'name' },
  { field: 'relativeName', printed: (label: string) => RELATIVE_FIELDS.has(label) },
] as const;
type NameField = (typeof NAME_FIELDS)[number]['field'];
const NAME_SURE = 0.9;
export async function checkNames(ocr: OcrEngine, labelled: (LabelledValues | null)[], boxes: ReturnType<typeof parseBox>[]): Promise<void> {
  const again = boxes.flatMap((box, index) => {
    const values = labelled[index];
    const unsure = NAME_FIELDS.filter(({ field }) => box[field] !== null && box.confidence[field] < ROLL_REVIEW_CONFIDENCE);
    if (!values || unsure.length === 0) return [];
    const lines = values.lines.filter((_, at) => unsure.some(({ printed }) => printed(values.lineFields[at] ?? '')));
    return [{ box, unsure, lines, pieces: lines.flatMap((parts) => parts.flatMap((part) => ('piece' in part ? [values.pieces[part.piece] as GrayImage] : []))) }];
  });
  if (again.length === 0) return;
  const words = await readPieces(ocr, 'eng-best', again.flatMap((item) => item.pieces));
  let next = 0;
  for (const { box, unsure, lines } of again) {
    const body = lines.map((parts) => ({ words: parts.flatMap((part) => ('label' in part ? part.label.split(' ').map((text) => ({ text, confidence: 1 })) : (words[next++] ?? []))) }));
    const second = parseBox({ header: { words: [] }, body });
    for (const { field } of unsure) weighSecondName(box, field, second);
  }
}

// A name's second reading against its first: agreeing, the name is sure; differing, the surer
// is kept (or the first, when the second reading is no better a witness), flagged.
function weighSecondName(box: ReturnType<typeof parseBox>, field: NameField, second: ReturnType<typeof parseBox>, keepFirst = false): void {
  const first = { name: box[field], confidence: box.confidence[field] };
  const other = { name: second[field], confidence: second.confidence[field] };
  if (other.name === null) return;
  box.review = box.review.filter((reason) => reason.field !== field || reason.reason !== 'low-confidence');
  if (other.name === first.name) box.confidence[field] = Math.max(NAME_SURE, first.confidence, other.confidence);
  else {
    const surer = !keepFirst && other.confidence > first.confidence ? other : first;
    box[field] = surer.name;
    box.confidence[field] = Math.min(surer.confidence, 0.5);
    box.review.push({ field, reason: 'low-confidence' });
  }
}

// A name or relative's name of a Devanagari scan as its line alone reads, the words of its label
// (up to the colon) and the picture of its value (from the colon to the line's end), cut while
// the box's picture is at hand (a page's pieces are a few kilobytes each).
export interface NamePiece {
  field: NameField;
  name: string;
  labelWords: TextWord[];
  piece: GrayImage;
}

export function namePieces(image: GrayImage, lines: OcrLine[]): NamePiece[] {
  return lines.flatMap((line) => {
    const alone = parseBox({ header: { words: [] }, body: ocrToLines([line]) });
    const fields = NAME_FIELDS.filter(({ field }) => alone[field] !== null);
    if (fields.length === 0) return [];
    // The value starts after the last word with a colon; a word that goes on after its colon
    // ("पूर्ण:महाजन", read as one) is read again with the value, so all of the name is.
    const colon = line.words.findLastIndex((word) => /:|ः/u.test(word.text));
    const colonWord = line.words[colon];
    const joined = colonWord !== undefined && !/(?::|ः)$/u.test(colonWord.text);
    const valueFrom = joined ? colon : colon + 1;
    const valueWords = line.words.slice(valueFrom);
    if (valueWords.length === 0) return [];
    const from = !colonWord ? 0 : joined ? Math.max(0, colonWord.x0 - SCALE) : colonWord.x1 + 1;
    const piece = lineRest(image, line, from, valueWords);
    if (!piece) return [];
    const labelWords = line.words.slice(0, valueFrom).map((word) => ({ text: word.text, confidence: 1 }));
    return fields.map(({ field }) => ({ field, name: alone[field] as string, labelWords, piece }));
  });
}

// A Devanagari scan's unsure name or relative's name is read a second time, by the roll's own
// language's model (witnessModels), from its value alone at twice the size (the page's such
// values stacked in one call: another picture than the whole box the first reading saw). A
// second reading that agrees and is sure of itself makes the name sure; one that differs leaves
// the name flagged. `sameModel`: the first reading's model read it again (a Marathi roll), and
// the first reading is kept, since that model misread a right name as surely ("छृन्नु" for
// छन्नु); on the scanned ward list 7 of its 11 right unsure names were so confirmed, and its
// one misread name ("माहेइवरी" for माहेश्वरी) read otherwise and stays flagged. Another model (a
// Hindi roll's) is a witness like the English roll's best model: the surer reading is kept.
export async function checkScannedNames(ocr: OcrEngine, models: OcrModels, pieces: NamePiece[][], boxes: ReturnType<typeof parseBox>[], sameModel = true): Promise<void> {
  const again = boxes.flatMap((box, index) =>
    NAME_FIELDS.flatMap(({ field }) => {
      if (box[field] === null || box.confidence[field] >= ROLL_REVIEW_CONFIDENCE) return [];
      // The line whose reading alone gives the name the box has.
      const found = pieces[index]?.find((candidate) => candidate.field === field && candidate.name === box[field]);
      return found ? [{ box, found }] : [];
    }),
  );
  if (again.length === 0) return;
  const words = await readPieces(ocr, models, again.map((item) => item.found.piece), { enlarge: 2 });
  again.forEach(({ box, found }, index) => {
    const second = parseBox({ header: { words: [] }, body: [{ words: [...found.labelWords, ...(words[index] ?? [])] }] });
    // The same models can misread a name the same way twice, unsure both times ("माहेइवरी" at
    // 35%, read from the value at its own size): only a sure second reading is a witness.
    if (second[found.field] === box[found.field] && second.confidence[found.field] < ROLL_REVIEW_CONFIDENCE) return;
    weighSecondName(box, found.field, second, sameModel);
  });
}

// A Devanagari scan's age line ("वय : ४३ लिंग : पु", "आयु : 30 लिंग : पुरुष"), for the same second
// look as a Latin box's; null when OCR found no such line.
const AGE_LINE = /वय|आयु/u;
function devanagariAgeLine(image: GrayImage, lines: OcrLine[]): GrayImage | null {
  const line = lines.find((candidate) => AGE_LINE.test(candidate.text));
  if (!line) return null;
  const top = Math.max(0, line.y0 - SCALE);
  return cropGray(image, { x: 0, y: top, width: image.width, height: Math.min(image.height, line.y1 + 2 * SCALE) - top });
}

// A house number on a Devanagari scan printed in Latin digits ("115/12(2)", "81डी3"): its value
// cut from its line, from the end of the label (the Devanagari model may have dropped the first
// digit, so the cut does not start at the first digit it saw) to the line's end. Null when
// the line shows no Latin digit (no number, or one printed in Devanagari digits).
const HOUSE_LINE = /मकान|घर\s*क्र/u;
function houseValuePiece(image: GrayImage, lines: OcrLine[]): GrayImage | null {
  const line = lines.find((candidate) => HOUSE_LINE.test(candidate.text));
  const at = line?.words.findIndex((word) => /[0-9]/u.test(word.text)) ?? -1;
  if (!line || at < 0) return null;
  const first = line.words[at] as OcrLine['words'][number];
  const from = Math.max(0, at > 0 ? (line.words[at - 1] as OcrLine['words'][number]).x1 + 1 : first.x0 - 3 * SCALE);
  return lineRest(image, line, from, line.words.slice(at));
}

// A Marathi scan's house number: its value, cut from the end of its label ("घर क्रमांक :") to
// the line's end, whatever it holds. Null when the line, its label or a value was not read.
function marathiHouseValuePiece(image: GrayImage, lines: OcrLine[]): GrayImage | null {
  const line = lines.find((candidate) => HOUSE_LINE.test(candidate.text));
  if (!line) return null;
  let at = line.words.findIndex((word) => /क्रमांक|क्र\.?$/u.test(word.text));
  if (at < 0) return null;
  // The label's colon, when read as a word of its own.
  if (/^(?:[:;.]|ः)+$/u.test(line.words[at + 1]?.text ?? '')) at += 1;
  const rest = line.words.slice(at + 1);
  if (rest.length === 0) return null;
  return lineRest(image, line, (line.words[at] as OcrLine['words'][number]).x1 + 1, rest);
}

// A line of `image` from `from` to the end of its last word `words` reach, its height and a
// little; null when that is too small to read.
function lineRest(image: GrayImage, line: OcrLine, from: number, words: OcrLine['words']): GrayImage | null {
  const to = Math.min(image.width, Math.max(...words.map((word) => word.x1)) + SCALE);
  const top = Math.max(0, line.y0 - SCALE);
  const bottom = Math.min(image.height, line.y1 + SCALE);
  if (to - from < 3 || bottom - top < 3) return null;
  return cropGray(image, { x: from, y: top, width: to - from, height: bottom - top });
}

// Two readings of one line merged as tesseract merges its models' readings in a worker holding
// both: word by word, the surer. Words of the two that overlap across the line are one place; a
// place takes the words of the reading surer of them on average (a reading with no word there
// is sure of nothing). A worker with both models held 45-65 MB more; it could also read one word
// in two scripts ("२B"): here a word the English reading wins keeps the Devanagari digits the
// Marathi reading has in it (devanagariDigitsKept).
export function surerWords(first: PlacedWord[], second: PlacedWord[]): PlacedWord[] {
  type Tagged = { word: PlacedWord; from: number };
  const tagged: Tagged[] = [...first.map((word) => ({ word, from: 0 })), ...second.map((word) => ({ word, from: 1 }))].sort((a, b) => a.word.x0 - b.word.x0);
  const chosen: PlacedWord[] = [];
  for (let at = 0; at < tagged.length; ) {
    let end = (tagged[at] as Tagged).word.x1;
    let next = at + 1;
    for (; next < tagged.length && (tagged[next] as Tagged).word.x0 < end; next += 1) end = Math.max(end, (tagged[next] as Tagged).word.x1);
    const place = tagged.slice(at, next);
    const sureness = [0, 1].map((from) => {
      const words = place.filter((item) => item.from === from);
      return words.length === 0 ? 0 : words.reduce((sum, item) => sum + item.word.confidence, 0) / words.length;
    });
    const winner = (sureness[1] as number) > (sureness[0] as number) ? 1 : 0;
    // The English reading taken where the Marathi one read a Devanagari digit in it: that digit kept.
    const marathi = place.find((item) => item.from === 0);
    const english = place.find((item) => item.from === 1);
    const mixed = winner === 1 && place.length === 2 && marathi && english ? devanagariDigitsKept(marathi.word, english.word) : null;
    chosen.push(...(mixed ? [mixed] : place.filter((item) => item.from === winner).map((item) => item.word)));
    at = next;
  }
  return chosen;
}

// A Latin model reads a Devanagari digit as a Latin look-alike ("०३" as "08", "२A" as "QA",
// "२B" as "3B"), surely; the Marathi model reads those digits right but not the Latin letters
// beside them ("२&"). Where both read one word of as many characters, each Devanagari digit of
// the Marathi reading replaces the English reading's character at its place when that is
// another digit or a Q (२'s look-alike). Never ०: it is also how the Marathi model reads a
// Latin O or D ("No.3A" as "५०.३८", "३ D" as "३०"). Null when nothing is replaced.
const DEVANAGARI_DIGIT = /^[१-९]$/u;
const DIGIT_LOOKALIKES = /^[0-9Qq]$/u;
function devanagariDigitsKept(marathi: PlacedWord, english: PlacedWord): PlacedWord | null {
  const devanagari = [...marathi.text];
  const latin = [...english.text];
  if (devanagari.length !== latin.length) return null;
  let replaced = false;
  const text = latin
    .map((character, at) => {
      const digit = devanagari[at] as string;
      if (!DEVANAGARI_DIGIT.test(digit) || !DIGIT_LOOKALIKES.test(character) || numberDigits(digit) === character) return character;
      replaced = true;
      return digit;
    })
    .join('');
  return replaced ? { ...english, text, confidence: Math.min(marathi.confidence, english.confidence) } : null;
}

// A Devanagari scan's unsure house number is read a second time, from its value at twice the
// size: a Marathi scan's as the first (both models, each word from the surer), a Hindi scan's
// when it is a Latin number alone ("115/12(2)", which the English model reads) by the English
// model. A second reading that agrees and is sure of itself makes it sure; otherwise it stays
// flagged as it was, but for a Hindi scan's number the English model read otherwise and surely,
// which is taken (flagged). On the scanned ward list 8 of its 11 unsure houses ("०४" at 55-75%,
// the Marathi model's) so confirmed, all right but one that differs from the print by a space
// ("Plot 3D" for "Plot 3 D"); on the Hindi scan one of its five unsure numbers confirmed and
// one corrected. Not a Marathi scan's reading that differs: there the second was no better
// ("RA" for 2 A, "plotno.3A").
const LATIN_HOUSE_NUMBER = /^[0-9][0-9/()-]*$/u;
const THREE_AGREE_SURE = 0.5;
export async function checkScannedHouses(ocr: OcrEngine, pieces: (GrayImage | null)[], boxes: ParsedBox[], language: Exclude<OcrLanguage, 'eng'>): Promise<void> {
  const again = boxes.flatMap((box, index) => {
    const piece = pieces[index];
    if (box.houseNo === null || box.confidence.houseNo >= ROLL_REVIEW_CONFIDENCE || !piece) return [];
    return language === 'mar' || LATIN_HOUSE_NUMBER.test(box.houseNo) ? [{ box, piece }] : [];
  });
  if (again.length === 0) return;
  const larger = again.map((item) => item.piece);
  const [marathi, english] = await Promise.all([language === 'mar' ? readPieces(ocr, 'mar', larger, { enlarge: 2 }) : [], readPieces(ocr, 'eng', larger, { enlarge: 2 })]);
  again.forEach(({ box }, index) => {
    const second = { ...box, confidence: { ...box.confidence }, review: [] };
    takeHouseReading(second, surerWords(marathi[index] ?? [], english[index] ?? []));
    const sure = second.confidence.houseNo >= ROLL_REVIEW_CONFIDENCE;
    // The English model reads this print's closing bracket as a brace now and then ("115/12(2}").
    const again = language === 'hin' ? (second.houseNo?.replaceAll('{', '(').replaceAll('}', ')') ?? null) : second.houseNo;
    if (again === box.houseNo) {
      // On a Hindi scan the number kept so far agrees with the Devanagari model's reading (but for
      // the 1s it drops: checkHouseDigits): read the same again by the English model, three
      // readings by two models agree, and half a certainty is enough ("115/12(2)" at 57 to 73%
      // three times on the Hindi page, right each time).
      const threeAgree = language === 'hin' && Math.max(box.confidence.houseNo, second.confidence.houseNo) >= THREE_AGREE_SURE;
      if (!sure && !threeAgree) return;
      box.confidence.houseNo = Math.max(HOUSE_SURE, box.confidence.houseNo, second.confidence.houseNo);
      box.review = box.review.filter((reason) => reason.field !== 'houseNo');
    } else if (language === 'hin' && sure && again !== null && LATIN_HOUSE_NUMBER.test(again) && second.confidence.houseNo > box.confidence.houseNo) {
      // A Hindi scan's number read otherwise and surely: the Devanagari reading had dropped its
      // 1s ("5/72(2)" for 115/12(2)). Taken, still flagged: two readings differed.
      box.houseNo = again;
      box.confidence.houseNo = Math.min(second.confidence.houseNo, 0.5);
    }
  });
}

// A ward list's house numbers mix scripts: Latin letters beside Devanagari digits ("२A", "Plot
// No ०३/A", "Borole Nagar २"). The Marathi model alone reads the Latin letters as Devanagari
// ("२&", "र"), the English one the digits as letters; the two readings merged keep each word's
// surer (surerWords). That reading of the value alone replaces the box's, at its least sure
// word's confidence.
export function takeHouseReading(box: ParsedBox, words: (TextWord & Pick<OcrWord, 'spaces'>)[]): void {
  // The spaces OCR joined over put back: "Plot 3 D" as printed, not "Plot 3D".
  const text = numberDigits(words.map(spacedText).join(' ')).replace(/^(?:[\s:;.]|ः)+/u, '').trim();
  if (!text) return;
  box.houseNo = text;
  box.confidence.houseNo = Math.min(...words.map((word) => word.confidence));
  box.review = box.review.filter((reason) => reason.field !== 'houseNo');
  if (box.confidence.houseNo < ROLL_REVIEW_CONFIDENCE) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
}

// The Devanagari models read Latin digits badly, a 1 worst (a danda to them, often dropped):
// "115/12(2)" as "5/2(2)", "35/116" as "35/06", "105" as "05" (16 of the Hindi sample's 30 house
// numbers wrong). The English model reads the same digits again. Its number replaces the
// Devanagari reading when the two differ by 1s alone, or when it read a whole word as a number
// and was sure of it; the letters after the number stay the Devanagari model's ("81डी3"). A
// number-only house is then as sure as the English reading (two readings that agree: the surer);
// one with letters after keeps its flag, since the English model cannot read those. A house
// with no digit at all is flagged: the Hindi sample's "27 जे" was read "श जे", at 91%.
const HOUSE_NUMBER = /^[0-9][0-9/()-]*/u;
const ENGLISH_DIGITS_SURE = 0.85;
const withoutOnes = (text: string) => text.replaceAll('1', '');
export function checkHouseDigits(box: ParsedBox, english: TextWord[]): void {
  if (box.houseNo && !/\d/u.test(box.houseNo)) {
    box.confidence.houseNo = Math.min(box.confidence.houseNo, 0.6);
    if (!box.review.some((reason) => reason.field === 'houseNo')) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
    return;
  }
  const word = english[0];
  const englishNumber = word?.text.match(HOUSE_NUMBER)?.[0];
  if (!box.houseNo || !word || !englishNumber) return;
  // Dandas or bars the Devanagari model kept for the 1s in front ("॥5/2(2)").
  const rest = box.houseNo.replace(/^[।॥|!]+/u, '');
  const number = rest.match(HOUSE_NUMBER)?.[0] ?? '';
  const after = rest.slice(number.length);
  const lostOnes = englishNumber.length > number.length && withoutOnes(englishNumber) === withoutOnes(number);
  const sureWhole = word.text === englishNumber && word.confidence >= ENGLISH_DIGITS_SURE;
  if (englishNumber !== number && !lostOnes && !sureWhole) return;
  box.houseNo = englishNumber + after;
  if (after.trim() !== '') return;
  box.confidence.houseNo = Math.min(0.95, englishNumber === number ? Math.max(box.confidence.houseNo, word.confidence) : word.confidence);
  box.review = box.review.filter((reason) => reason.field !== 'houseNo');
  if (box.confidence.houseNo < ROLL_REVIEW_CONFIDENCE) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
}

// An EPIC OCR missed, read malformed ("HNLE957229", "XO0R0217125": a 6 in a small font read
// as E, a round letter read twice) or read with a failing check digit ("WWE0398536" for
// WWE0398586) is read again alone, as printed and at one and a half times the size; a
// malformed one failing that becomes the nearest valid EPIC to the readings (epic.ts), its
// letters from the series this roll's EPICs use (each seen twice or more on the pages read so
// far). Either way the EPIC is flagged for a person: part of it is a guess. A valid EPIC OCR read
// (`readByOcr`: no text layer gave it) whose letters are one letter from a series of the roll
// but in none is flagged too, unchanged: the check digit covers the digits only, so "IBC…" among
// a page of TBC numbers passes it (a T read as I). A series of its own otherwise is
// common (voters who moved in: 17 of the English part's 986) and is not flagged.
async function checkEpics(ocr: OcrEngine, voters: RollVoterBox[], headers: string[], pictures: (GrayImage | null)[], state: PageReadState, turn: Turn, readByOcr: boolean): Promise<void> {
  // The series are those of this page and the pages asked for before it.
  await turn.ready;
  const seen = (state.epicSeries ??= new Map());
  for (const voter of voters) if (voter.epic && checkEpic(voter.epic) === 'valid') seen.set(voter.epic.slice(0, 3), (seen.get(voter.epic.slice(0, 3)) ?? 0) + 1);
  const series = [...seen].filter(([, count]) => count >= 2).map(([letters]) => letters);
  turn.release();
  for (const voter of voters) {
    const letters = voter.epic?.slice(0, 3) ?? '';
    if (!readByOcr || !voter.epic || checkEpic(voter.epic) !== 'valid' || series.includes(letters)) continue;
    if (!series.some((known) => [...known].filter((letter, at) => letter !== letters[at]).length === 1)) continue;
    voter.confidence.epic = Math.min(voter.confidence.epic, 0.6);
    if (!voter.review.some((reason) => reason.field === 'epic')) voter.review = [...voter.review, { field: 'epic', reason: 'low-confidence' }];
  }
  for (const [index, voter] of voters.entries()) {
    const check = voter.epic ? checkEpic(voter.epic) : 'format';
    if (check !== 'format' && check !== 'check-digit') continue;
    const texts = [headers[index] ?? ''];
    const picture = pictures[index];
    if (picture) {
      // Alone as a single line, as printed and one and a half times larger (the page's EPICs
      // were read stacked, as a block).
      for (const enlarge of [1, 1.5]) {
        texts.push((await ocr.read('eng', await marginPng(picture, enlarge), 'line', EPIC_CHARACTERS, Math.round(enlarge * 72 * SCALE))).map((line) => line.text).join(' '));
      }
    }
    const again = texts.slice(1).map(findEpic).find((read) => read && checkEpic(read) === 'valid');
    // A well-formed EPIC whose check digit fails may be a genuine older number, printed so: it
    // is kept, flagged, unless a reading alone gives a valid one.
    const epic = again ?? (check === 'format' ? nearestEpic(texts, series) : null);
    if (!epic) continue;
    voter.epic = epic;
    voter.confidence.epic = 0.6;
    voter.review = [...voter.review.filter((reason) => reason.field !== 'epic'), { field: 'epic', reason: 'low-confidence' }];
  }
}

// Serial numbers run on from box to box in reading order. Small printed serials are the
// hardest thing for OCR, so the page's run decides: when enough boxes agree on one start, every
// box takes its place in the run. A box whose reading disagrees keeps the run's number; it is
// flagged unless the boxes on both sides read their own places in the run: then OCR misread this
// one's digits, as a box missed or found twice would put the boxes after it out of the run too.
// The first and last box have one side only (a box missed before the last is told by nothing
// else), so they stay flagged. A reading one digit away from its place in the run but far from
// every number on the page ("71" or "736" for 786 among 760 to 789) is a misread too: a box
// missed or out of order reads a number near the run, never one that far.
export function checkSerialRun(voters: Pick<RollVoterBox, 'serialNo' | 'confidence' | 'review'>[]): void {
  const votes = new Map<number, number>();
  voters.forEach((voter, index) => {
    if (voter.serialNo !== null && voter.confidence.serialNo >= 0.5) votes.set(voter.serialNo - index, (votes.get(voter.serialNo - index) ?? 0) + 1);
  });
  const [start, count] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  if (start === null || count < Math.max(3, voters.length * 0.3)) return;
  const inRun = voters.map((voter, index) => voter.serialNo === start + index);
  voters.forEach((voter, index) => {
    voter.review = voter.review.filter((r) => r.field !== 'serialNo');
    if (inRun[index]) {
      voter.confidence.serialNo = Math.max(voter.confidence.serialNo, 0.95);
      return;
    }
    const place = start + index;
    const isolated = inRun[index - 1] === true && inRun[index + 1] === true;
    const misread = voter.serialNo !== null && Math.abs(voter.serialNo - place) >= voters.length && leven(String(voter.serialNo), String(place)) === 1;
    const flagged = voter.serialNo !== null && !isolated && !misread;
    voter.confidence.serialNo = flagged ? 0.7 : 0.85;
    if (flagged) voter.review.push({ field: 'serialNo', reason: 'low-confidence' });
    voter.serialNo = place;
  });
}
