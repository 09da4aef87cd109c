import { createHash } from 'node:crypto';
import type { Font } from 'fontkit';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { REPH, SAKAL_MARATHI_GLYPHS } from './sakal-marathi-glyphs';
import { SHRUTI_GLYPHS } from './shruti-glyphs';

// A garbled text layer (decision 035) maps its font's glyphs to wrong characters, but the page
// still draws the right glyphs. A glyph is known by its outline: the fonts whose glyphs a person
// has read (sakal-marathi-glyphs.ts) give a value straight from the drawing, with no OCR, where
// every glyph of it is known (decision 055).

// Fonts by their family name (a subset's "AAAAAB+" taken off).
export const KNOWN_FONTS: Record<string, Record<string, string>> = { SakalMarathi: SAKAL_MARATHI_GLYPHS, Shruti: SHRUTI_GLYPHS };

// A glyph drawn on the page, in points from the page's top-left corner: where its pen starts on
// the baseline and how far it moves the pen. `text` is null for a glyph not known (of a known font,
// or anything but a Latin letter, digit or punctuation of another font).
export interface PlacedGlyph {
  x: number;
  baseline: number;
  width: number;
  text: string | null;
  // What the text layer says the glyph is (wrong in a garbled layer), and the font's size on
  // the page in points.
  layer?: string;
  size?: number;
  // Where the middle of its ink is, in points (a known font's glyphs).
  ink?: number;
  // Its outline's key (a known font's glyphs), which a roll's learnt glyphs are kept by.
  key?: string;
}

export interface PdfGlyph {
  fontChar: string;
  unicode: string;
  width: number;
  isSpace: boolean;
}

export interface PdfFont {
  name?: string;
  data?: Uint8Array;
  fontMatrix?: number[];
  vertical?: boolean;
}

export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
export const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

// pdf.js passes a matrix as an array or a typed array.
const matrixOf = (value: unknown): Matrix | null => (Array.isArray(value) || ArrayBuffer.isView(value) ? (Array.from(value as ArrayLike<number>) as Matrix) : null);

export const familyOf = (font: PdfFont) => (font.name ?? '').replace(/^[A-Z]{6}\+/u, '');

// A glyph's outline as SVG path data, in the font's units (pdf.js's `fontChar` is the character
// its own copy of the font maps to the glyph), and the key a table knows it by.
export const outlineOf = (font: Font, fontChar: string) => font.glyphForCodePoint(fontChar.codePointAt(0) ?? 0).path.toSVG();
export const outlineKey = (outline: string) => createHash('sha1').update(outline).digest('hex').slice(0, 10);

// A font's glyphs read by their outlines, once per font file: a roll made page by page holds a
// copy of the same subset on every page (pdf.js makes a font object for each), which would be
// parsed and its glyphs hashed again each time. Keyed by pdf.js's own copy of the file, whose
// character map fontChar refers to, for each table; the few most recent are kept.
const readingsByTable = new WeakMap<Record<string, string>, Map<string, { font: Font; known: Map<string, GlyphReading> }>>();
const FONTS_KEPT = 8;
type Fontkit = typeof import('fontkit');
let fontkit: Fontkit | null = null;

// Another font's Latin letters, digits and punctuation map right on such a page (its EPICs and
// serials are taken from the layer already); its Devanagari may be garbled like the rest.
const latinOf = (glyph: PdfGlyph) => (/^[\x20-\x7e]$/u.test(glyph.unicode) ? glyph.unicode : null);

// A glyph as read: its text, and the middle of its ink in the font's thousandths of an em from
// where its pen starts (null for a glyph read from its code): a mark of no width is drawn away
// from its pen, over the letter it belongs to (glyph-layer.ts places it by its ink).
interface GlyphReading {
  text: string | null;
  ink: number | null;
  key?: string;
}

function glyphReader(font: PdfFont | null, table: Record<string, string> | undefined): (glyph: PdfGlyph) => GlyphReading {
  if (!font || !table) return (glyph) => ({ text: latinOf(glyph), ink: null });
  if (!font.data || !fontkit) return () => ({ text: null, ink: null });
  const key = createHash('sha1').update(font.data).digest('base64');
  let readings = readingsByTable.get(table);
  if (!readings) readingsByTable.set(table, (readings = new Map()));
  let reading = readings.get(key);
  if (reading) readings.delete(key);
  else reading = { font: fontkit.create(Buffer.from(font.data)), known: new Map() };
  readings.set(key, reading);
  if (readings.size > FONTS_KEPT) readings.delete(readings.keys().next().value as string);
  const { font: parsed, known } = reading;
  return (glyph) => {
    // A space is the one thing such a layer gets right (its outline is the font's empty box).
    // Not by its code: a subset may give code 32 to any glyph (प्र on the ward list).
    if (glyph.unicode === ' ') return { text: ' ', ink: null };
    let read = known.get(glyph.fontChar);
    if (read === undefined) {
      const drawn = parsed.glyphForCodePoint(glyph.fontChar.codePointAt(0) ?? 0);
      const box = drawn.path.bbox;
      const ink = Number.isFinite(box.minX) && box.maxX > box.minX ? (((box.minX + box.maxX) / 2) * 1000) / parsed.unitsPerEm : null;
      const key = outlineKey(drawn.path.toSVG());
      read = { text: table[key] ?? null, ink, key };
      known.set(glyph.fontChar, read);
    }
    return read;
  };
}

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

// Every glyph a page draws, placed as pdf.js's canvas places it (its showText), when the page
// uses a known font; otherwise none (the page's values are read by OCR as before). Needs the
// document opened with `fontExtraProperties` (the font files kept).
export async function pageGlyphs(operators: OperatorList, fontOf: (id: string) => PdfFont | null, pageHeight: number, knownFonts = KNOWN_FONTS): Promise<PlacedGlyph[]> {
  const fontIds = new Set<string>();
  operators.fnArray.forEach((fn, index) => {
    if (fn === OPS.setFont) fontIds.add(String((operators.argsArray[index] as unknown[])[0]));
  });
  const fonts = new Map([...fontIds].map((id) => [id, fontOf(id)]));
  const tableOf = (font: PdfFont | null) => (font ? knownFonts[familyOf(font)] : undefined);
  if (![...fonts.values()].some(tableOf)) return [];
  // fontkit loads only for a page that needs it (what every process loads at start: the
  // thirteenth round of docs/roll-import.md).
  fontkit ??= await import('fontkit');
  const readers = new Map([...fonts].map(([id, font]) => [id, glyphReader(font, tableOf(font))]));

  const glyphs: PlacedGlyph[] = [];
  const stack: { ctm: Matrix; state: TextState }[] = [];
  let ctm: Matrix = IDENTITY;
  let state = newTextState();
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ctm, state: { ...state } });
        break;
      // A form XObject draws inside a saved state, under its own matrix.
      case OPS.restore:
      case OPS.paintFormXObjectEnd: {
        const saved = stack.pop();
        if (saved) ({ ctm, state } = saved);
        break;
      }
      case OPS.transform:
        ctm = multiply(ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ctm, state: { ...state } });
        ctm = multiply(ctm, matrixOf(args[0]) ?? IDENTITY);
        break;
      case OPS.beginText:
        state.textMatrix = IDENTITY;
        state.x = state.lineX = state.y = state.lineY = 0;
        break;
      case OPS.setFont:
        state.fontId = String(args[0]);
        state.fontSize = Math.abs(Number(args[1]));
        break;
      case OPS.setCharSpacing:
        state.charSpacing = Number(args[0]);
        break;
      case OPS.setWordSpacing:
        state.wordSpacing = Number(args[0]);
        break;
      case OPS.setHScale:
        state.hScale = Number(args[0]) / 100;
        break;
      case OPS.setLeading:
        state.leading = -Number(args[0]);
        break;
      case OPS.setTextRise:
        state.rise = Number(args[0]);
        break;
      case OPS.setTextMatrix:
        state.textMatrix = matrixOf(args[0]) ?? (args as Matrix);
        state.x = state.lineX = state.y = state.lineY = 0;
        break;
      case OPS.setLeadingMoveText:
      case OPS.moveText:
        if (fn === OPS.setLeadingMoveText) state.leading = Number(args[1]);
        state.x = state.lineX += Number(args[0]);
        state.y = state.lineY += Number(args[1]);
        break;
      case OPS.nextLine:
        state.x = state.lineX;
        state.y = state.lineY += state.leading;
        break;
      case OPS.showText: {
        const font = fonts.get(state.fontId);
        const read = readers.get(state.fontId) ?? ((): GlyphReading => ({ text: null, ink: null }));
        if (!font || font.vertical) break;
        const advanceScale = state.fontSize * (font.fontMatrix?.[0] ?? 0.001);
        const toPage = multiply(ctm, state.textMatrix);
        let x = 0;
        for (const glyph of args[0] as (PdfGlyph | number | null)[]) {
          if (glyph === null) continue;
          if (typeof glyph === 'number') {
            x -= (glyph * state.fontSize) / 1000;
            continue;
          }
          const advance = glyph.width * advanceScale + state.charSpacing + (glyph.isSpace ? state.wordSpacing : 0);
          const at = (dx: number) => {
            const tx = state.x + dx * state.hScale;
            const ty = state.y + state.rise;
            return [toPage[0] * tx + toPage[2] * ty + toPage[4], toPage[1] * tx + toPage[3] * ty + toPage[5]] as const;
          };
          const [startX, startY] = at(x);
          const [endX] = at(x + glyph.width * advanceScale);
          const { text, ink, key } = read(glyph);
          const placed: PlacedGlyph = { x: startX, baseline: pageHeight - startY, width: endX - startX, text, layer: glyph.unicode, size: state.fontSize * Math.hypot(toPage[2], toPage[3]) };
          if (ink !== null) placed.ink = at(x + ink * advanceScale)[0];
          if (key && text === null) placed.key = key;
          glyphs.push(placed);
          x += advance;
        }
        state.x += x * state.hScale;
        break;
      }
    }
  });
  return glyphs;
}

interface TextState {
  fontId: string;
  fontSize: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  leading: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
}

const newTextState = (): TextState => ({ fontId: '', fontSize: 0, textMatrix: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0, leading: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, rise: 0 });

// A space drawn over a letter is no gap between words: the ward lists' writer draws one after a
// half form inside a name and takes its width back ("सुरेन्" space "द्र", "स्" space "वामी"),
// or over a label's first letter ("व" space "डिलांचे"). A word's space is followed by a glyph at
// its end, and starts where the glyph before it ends.
export function withoutStraySpaces(glyphs: PlacedGlyph[]): PlacedGlyph[] {
  const letters = glyphs.filter((glyph) => glyph.text !== ' ' && glyph.width > 0.05);
  return glyphs.filter(
    (space) =>
      space.text !== ' ' ||
      !letters.some((glyph) => Math.abs(glyph.baseline - space.baseline) < 1.5 && ((glyph.x >= space.x - 0.3 && glyph.x < space.x + space.width * 0.5) || (glyph.x < space.x - 0.3 && space.x < glyph.x + glyph.width - 0.3))),
  );
}

// Unicode order within a syllable's marks: nukta, virama, vowel sign, then anusvara or
// candrabindu, then visarga (a page may draw a mark above before the vowel sign beside it).
const MARK_RANK: Record<string, number> = { '\u093c': 0, '\u094d': 1, '\u0901': 3, '\u0902': 3, '\u0903': 4 };
const isMark = (char: string) => /[\u0900-\u0903\u093a-\u094f\u0955-\u0957\u0962\u0963]/u.test(char);
const markRank = (char: string) => MARK_RANK[char] ?? 2;
const startsSyllable = (text: string) => /^[\u0904-\u0939\u0958-\u0961\u0972-\u097f]/u.test(text);

// The text of glyphs in the order they are drawn, left to right: the vowel sign ि is drawn
// before the consonant (with its half forms) it follows, and the reph after the syllable it
// begins; both are put back in Unicode's order. Null when a glyph is not known or the glyphs do
// not make well-formed text (OCR then reads the value).
export function glyphsText(glyphs: PlacedGlyph[]): string | null {
  // A mark of no width stands where the glyph before it ended, which is also where the next
  // begins: it belongs to the one before (its drawing lies left of its place).
  const sorted = withoutStraySpaces(glyphs).sort((a, b) => (Math.abs(a.x - b.x) > 0.05 ? a.x - b.x : (a.width > 0.05 ? 1 : 0) - (b.width > 0.05 ? 1 : 0)));
  let text = '';
  let syllableStart = 0;
  let afterHalfForm = false;
  let pendingI: string | null = null;
  // The reph of a glyph that also draws ि (पौर्णिमा): it goes before the syllable ि waits for.
  let pendingReph = false;
  // A glyph may draw a vowel sign with the reph above it (ार्, ीर्, िर्): the sign, then the reph.
  const pieces = sorted.flatMap((glyph) => (glyph.text === null ? [null] : glyph.text.split(new RegExp(`(${REPH})`, 'u')).filter(Boolean)));
  for (const piece of pieces) {
    if (piece === null) return null;
    if (piece === REPH) {
      if (pendingI && !pendingReph) {
        pendingReph = true;
        continue;
      }
      if (text.length === syllableStart || pendingI) return null;
      text = `${text.slice(0, syllableStart)}र्${text.slice(syllableStart)}`;
      continue;
    }
    if (piece.startsWith('ि')) {
      if (pendingI) return null;
      pendingI = piece;
      continue;
    }
    if (startsSyllable(piece)) {
      if (!afterHalfForm) syllableStart = text.length;
      text += piece;
      afterHalfForm = piece.endsWith('्');
      if (!afterHalfForm && pendingI) {
        text += pendingI;
        pendingI = null;
        if (pendingReph) text = `${text.slice(0, syllableStart)}र्${text.slice(syllableStart)}`;
        pendingReph = false;
      }
      continue;
    }
    if (pendingI || afterHalfForm) return null;
    if (isMark(piece.charAt(0))) {
      if (!/[\u0900-\u097f]$/u.test(text)) return null;
    } else syllableStart = text.length + piece.length;
    text += piece;
  }
  if (pendingI || afterHalfForm) return null;
  return ordered(text).normalize('NFC');
}

// Each run of marks in Unicode's order.
function ordered(text: string): string {
  return text.replace(/[\u0900-\u0903\u093a-\u094f\u0955-\u0957\u0962\u0963]{2,}/gu, (run) =>
    [...run]
      .map((char, index) => ({ char, index }))
      .sort((a, b) => markRank(a.char) - markRank(b.char) || a.index - b.index)
      .map(({ char }) => char)
      .join(''),
  );
}
