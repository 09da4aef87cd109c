import type { RollRect } from '@shared/rolls/roll-types';
import type { PlacedGlyph } from './glyph-text';
import type { TextRun } from './pdf-pages';
import { REPH } from './sakal-marathi-glyphs';
import { logicalOrder } from './text-order';

// A garbled text layer (decision 045) rewritten from the glyphs the page draws, where its font's
// glyphs are known (glyph-text.ts): the page is then read as a right text layer, labels and all,
// by the same stages. Each word is one run. Glyphs come in the order they are drawn (a vowel
// sign ि/િ before its consonant, a reph after its syllable), always: each word is put in
// Unicode's order (text-order.ts) whatever the rest of the page shows.

// A run holding a glyph not known gets this confidence: its character is then the layer's,
// wrong in such a layer, and the word is flagged, never trusted.
export const UNKNOWN_GLYPH_CONFIDENCE = 0.3;

// The reph is ra and virama in the script of the word it stands in.
const rephOf = (neighbour: string | undefined) => (neighbour && /[\u0a80-\u0aff]/u.test(neighbour) ? 'ર્' : 'र्');
const isMarkWidth = (glyph: PlacedGlyph) => glyph.width <= 0.05;

// The share of the glyphs drawn inside `rects` (a page's voter boxes) that are known; spaces and
// glyphs of a font whose Latin letters map right count as known. Null: no glyph there.
export function knownGlyphShare(glyphs: PlacedGlyph[], rects: RollRect[]): number | null {
  const inside = glyphs.filter((glyph) => glyph.layer !== ' ' && rects.some((rect) => glyph.x >= rect.x - 0.5 && glyph.x <= rect.x + rect.width + 0.5 && glyph.baseline >= rect.y && glyph.baseline <= rect.y + rect.height));
  if (inside.length === 0) return null;
  return inside.filter((glyph) => glyph.text !== null).length / inside.length;
}

// The page's text runs, one a word, from its glyphs.
export function runsFromGlyphs(glyphs: PlacedGlyph[]): TextRun[] {
  const lines: PlacedGlyph[][] = [];
  for (const glyph of [...glyphs].sort((a, b) => a.baseline - b.baseline)) {
    const size = glyph.size ?? 10;
    const line = lines.find((candidate) => Math.abs((candidate[0] as PlacedGlyph).baseline - glyph.baseline) < Math.max(1.5, size * 0.3));
    if (line) line.push(glyph);
    else lines.push([glyph]);
  }
  const runs: TextRun[] = [];
  for (const line of lines) {
    const sorted = inDrawingOrder(line);
    let word: PlacedGlyph[] = [];
    let end = -Infinity;
    const flush = () => {
      if (word.length > 0) runs.push(wordRun(word));
      word = [];
    };
    for (const glyph of sorted) {
      const isSpace = glyph.text === ' ' || (glyph.text === null && glyph.layer === ' ');
      if (isSpace) {
        flush();
        continue;
      }
      // A gap wider than a quarter of the type's size parts two words the writer placed apart
      // without a space (a label and its colon, a value in its column).
      if (word.length > 0 && !isMarkWidth(glyph) && glyph.x - end > (glyph.size ?? 10) * 0.25) flush();
      word.push(glyph);
      if (!isMarkWidth(glyph)) end = Math.max(end, glyph.x + glyph.width);
    }
    flush();
  }
  return runs;
}

// A line's glyphs left to right. A mark of no width (a vowel sign above or below, the anusvara,
// the reph) goes after the glyph its ink stands over, wherever its pen was put: a writer may
// place it from the end of the syllable, over the next letter's start.
export function inDrawingOrder(line: PlacedGlyph[]): PlacedGlyph[] {
  const bases = line.filter((glyph) => !isMarkWidth(glyph)).sort((a, b) => a.x - b.x);
  const marks = line.filter(isMarkWidth).sort((a, b) => (a.ink ?? a.x) - (b.ink ?? b.x));
  const after = new Map<PlacedGlyph | null, PlacedGlyph[]>();
  for (const mark of marks) {
    const at = mark.ink ?? mark.x - 0.05;
    const base = bases.filter((glyph) => glyph.x <= at).at(-1) ?? null;
    after.set(base, [...(after.get(base) ?? []), mark]);
  }
  return [...(after.get(null) ?? []), ...bases.flatMap((base) => [base, ...(after.get(base) ?? [])])];
}

function wordRun(glyphs: PlacedGlyph[]): TextRun {
  const letters = glyphs.map((glyph) => glyph.text ?? glyph.layer ?? '');
  const text = letters
    .map((letter, index) => (letter.startsWith(REPH) ? rephOf(letters[index - 1] ?? letters[index + 1]) + letter.slice(REPH.length) : letter))
    .join('');
  const size = Math.max(...glyphs.map((glyph) => glyph.size ?? 10));
  const baseline = Math.max(...glyphs.map((glyph) => glyph.baseline));
  const x = Math.min(...glyphs.map((glyph) => glyph.x));
  const right = Math.max(...glyphs.map((glyph) => glyph.x + glyph.width));
  const run: TextRun = { text: logicalOrder(text), x, y: baseline - size * 0.8, width: Math.max(0, right - x), height: size };
  if (glyphs.some((glyph) => glyph.text === null)) run.confidence = UNKNOWN_GLYPH_CONFIDENCE;
  return run;
}
