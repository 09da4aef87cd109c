import type { PlacedGlyph } from './glyph-text';
import { REPH } from './sakal-marathi-glyphs';

// Issue 53's third part, for a font whose table lacks some glyphs (decision 081): a value holding
// a glyph not known goes to OCR (garbled-box.ts); its reading, aligned with the glyphs drawn,
// tells what that one glyph is. Readings of the same outline across the roll vote, and what
// agrees is kept for the roll's later pages, which then read such values from their glyphs.
// Only a value with a single unknown glyph teaches (the known ones on either side pin it), only
// from a sure reading, and only Devanagari: a roll's first values seed nothing in a font no table
// knows at all (that needs a reading of each glyph from the start, not done yet).

// The reph as one character, so the glyphs' texts and a reading in drawing order compare.
const REPH_MARK = '\ue000';
const isConsonant = (char: string) => /[\u0915-\u0939\u0958-\u095f\u0978-\u097f]/u.test(char);
const isSign = (char: string) => /[\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963]/u.test(char);
const VIRAMA = '\u094d';
const NUKTA = '\u093c';
const I_SIGN = '\u093f';

// Logical Devanagari in the order a font draws it: ि before its consonant cluster (with its
// half forms), the reph (र् starting a cluster) after the cluster and its signs.
export function inDrawnOrder(text: string): string {
  const chars = [...text.normalize('NFD')];
  let out = '';
  let at = 0;
  while (at < chars.length) {
    const char = chars[at] as string;
    if (!isConsonant(char)) {
      out += char;
      at += 1;
      continue;
    }
    let reph = false;
    if (char === 'र' && chars[at + 1] === VIRAMA && isConsonant(chars[at + 2] ?? '')) {
      reph = true;
      at += 2;
    }
    let cluster = '';
    for (;;) {
      cluster += chars[at] as string;
      at += 1;
      if (chars[at] === NUKTA) cluster += chars[at++] as string;
      if (chars[at] === VIRAMA && isConsonant(chars[at + 1] ?? '')) {
        cluster += chars[at++] as string;
        continue;
      }
      break;
    }
    let signs = '';
    while (at < chars.length && isSign(chars[at] as string)) signs += chars[at++] as string;
    const pre = signs.includes(I_SIGN) ? I_SIGN : '';
    out += `${pre}${cluster}${signs.replace(I_SIGN, '')}${reph ? REPH_MARK : ''}`;
  }
  return out;
}

const drawnTextOf = (text: string) => text.split(REPH).join(REPH_MARK).normalize('NFD');

// A glyph's order in drawing: left to right, a mark of no width after the glyph it stands at.
const drawingOrder = (glyphs: PlacedGlyph[]) => [...glyphs].sort((a, b) => (Math.abs(a.x - b.x) > 0.05 ? a.x - b.x : (a.width > 0.05 ? 1 : 0) - (b.width > 0.05 ? 1 : 0)));

// What the one unknown glyph of a value is, given the value's reading: the reading in drawing
// order, less the known glyphs' texts before and after it. Null when the value holds no unknown
// glyph or more than one, or the known ones do not fit the reading.
export function unknownGlyphReading(glyphs: PlacedGlyph[], reading: string): { key: string; text: string } | null {
  const drawn = drawingOrder(glyphs.filter((glyph) => glyph.text !== ' '));
  const unknown = drawn.filter((glyph) => glyph.text === null);
  if (unknown.length !== 1 || !unknown[0]?.key) return null;
  const at = drawn.indexOf(unknown[0]);
  const before = drawn.slice(0, at).map((glyph) => drawnTextOf(glyph.text as string)).join('');
  const after = drawn.slice(at + 1).map((glyph) => drawnTextOf(glyph.text as string)).join('');
  const whole = inDrawnOrder(reading.replace(/\s+/gu, ''));
  if (!whole.startsWith(before) || !whole.endsWith(after) || whole.length - before.length - after.length < 1) return null;
  const middle = whole.slice(before.length, whole.length - after.length);
  // A glyph draws a letter, a conjunct or a sign or two: longer is a misreading.
  if ([...middle].length > 4 || !/^[\u0900-\u097f\ue000]+$/u.test(middle)) return null;
  return { key: unknown[0].key, text: middle.split(REPH_MARK).join(REPH).normalize('NFC') };
}

// Votes before a reading is kept, and the share of an outline's votes it must hold.
const VOTES = 3;
const AGREEMENT = 0.75;

// A roll's learnt glyphs: each unknown outline's readings counted; one is kept once it has
// VOTES votes and AGREEMENT of the outline's.
export class GlyphLearner {
  private readonly votes = new Map<string, Map<string, number>>();
  private readonly kept = new Map<string, string>();

  learn(glyphs: PlacedGlyph[], reading: string): void {
    const found = unknownGlyphReading(glyphs, reading);
    if (!found) return;
    const counts = this.votes.get(found.key) ?? new Map<string, number>();
    counts.set(found.text, (counts.get(found.text) ?? 0) + 1);
    this.votes.set(found.key, counts);
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    const [best, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] as [string, number];
    if (count >= VOTES && count / total >= AGREEMENT) this.kept.set(found.key, best);
    else this.kept.delete(found.key);
  }

  // The glyphs with what was learnt put in (a glyph not learnt stays unknown).
  readGlyphs(glyphs: PlacedGlyph[]): PlacedGlyph[] {
    if (this.kept.size === 0) return glyphs;
    return glyphs.map((glyph) => (glyph.text === null && glyph.key && this.kept.has(glyph.key) ? { ...glyph, text: this.kept.get(glyph.key) as string } : glyph));
  }

  get learnt(): ReadonlyMap<string, string> {
    return this.kept;
  }
}
