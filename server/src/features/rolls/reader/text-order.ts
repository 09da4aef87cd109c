import type { TextRun } from './pdf-pages';

// A right text layer in Unicode's logical order. Many PDF writers give each glyph the characters
// it came from but keep the glyphs in the order they are drawn (pdf.js reads them so): a
// pre-base vowel sign comes before its consonant ("િપતાનું" for પિતાનું, "विडलांचे" for वडिलांचे),
// the reph after its syllable ("शमार्" for शर्मा), and a gap the pen made inside the word may
// come out as a space ("િપ તાનું"). Logical text has none of these: a vowel sign never starts a
// word, a reph never ends one. So a page whose runs show them is in drawing order, and every
// pre-base sign and reph of it is put back; a page in logical order is left as it is (the same
// letters in drawing order, "वि" in "विजय", would be read wrongly otherwise). NFC throughout.

// The Indic blocks share one layout: offsets from each block's start.
const BLOCKS = [0x0900, 0x0980, 0x0a00, 0x0a80, 0x0b00];
const blockOf = (code: number) => BLOCKS.find((start) => code >= start && code < start + 0x80);
const offset = (char: string): number => {
  const code = char.codePointAt(0) ?? 0;
  const start = blockOf(code);
  return start === undefined ? -1 : code - start;
};
const isConsonant = (char: string) => {
  const at = offset(char);
  return (at >= 0x15 && at <= 0x39) || (at >= 0x58 && at <= 0x5f) || (at >= 0x78 && at <= 0x7f);
};
const isNukta = (char: string) => offset(char) === 0x3c;
const isVirama = (char: string) => offset(char) === 0x4d;
// Signs that follow their consonant: vowel signs, nukta, virama, anusvara, candrabindu, visarga.
const isDependent = (char: string) => {
  const at = offset(char);
  return (at >= 0x01 && at <= 0x03) || (at >= 0x3a && at <= 0x4f) || (at >= 0x51 && at <= 0x57) || (at >= 0x62 && at <= 0x63);
};
// The vowel signs drawn left of their consonant: ि in Devanagari, Bengali, Gurmukhi and Gujarati;
// Bengali's े and ै too.
const PRE_BASE = new Set(['\u093f', '\u09bf', '\u09c7', '\u09c8', '\u0a3f', '\u0abf', '\u0b47']);
const isRa = (char: string) => offset(char) === 0x30 && blockOf(char.codePointAt(0) ?? 0) !== 0x0a00;
const isLetter = (char: string | undefined) => char !== undefined && (isConsonant(char) || isDependent(char) || /\p{L}/u.test(char));

// How many signs of the text stand where logical order never puts them: a pre-base sign not
// after a consonant (or its nukta), a reph (ra and virama) with no consonant after it.
export function drawingOrderSigns(text: string): number {
  const chars = [...text];
  let count = 0;
  chars.forEach((char, at) => {
    const before = chars[at - 1];
    if (PRE_BASE.has(char) && (before === undefined || !(isConsonant(before) || isNukta(before)))) count += 1;
    if (isRa(char) && isVirama(chars[at + 1] ?? '') && !isConsonant(chars[at + 2] ?? '') && chars[at + 2] !== '\u200d' && at > 0 && isLetter(before)) count += 1;
  });
  return count;
}

// A consonant cluster starting at `at`: consonant, nukta, then (virama, consonant, nukta)*.
function clusterEnd(chars: string[], at: number): number {
  let end = at;
  if (!isConsonant(chars[end] ?? '')) return at;
  end += 1;
  if (isNukta(chars[end] ?? '')) end += 1;
  while (isVirama(chars[end] ?? '') && isConsonant(chars[end + 1] ?? '')) {
    end += 2;
    if (isNukta(chars[end] ?? '')) end += 1;
  }
  return end;
}

// One text in drawing order put in logical order.
export function logicalOrder(text: string): string {
  let chars = [...text.normalize('NFD')];
  // Pre-base signs after their cluster; a space the pen left right after that cluster, inside the
  // word, goes.
  const moved: string[] = [];
  for (let at = 0; at < chars.length; at += 1) {
    const char = chars[at] as string;
    if (!PRE_BASE.has(char)) {
      moved.push(char);
      continue;
    }
    let from = at + 1;
    while (chars[from] === ' ' && isConsonant(chars[from + 1] ?? '')) from += 1;
    const end = clusterEnd(chars, from);
    if (end === from) {
      moved.push(char);
      continue;
    }
    moved.push(...chars.slice(from, end), char);
    at = end - 1;
    if (chars[end] === ' ' && isConsonant(chars[end + 1] ?? '')) {
      // "િપ તાનું": the rest of the word after a gap.
      chars = [...chars.slice(0, end), ...chars.slice(end + 1)];
    }
  }
  chars = moved;
  // A reph after its syllable goes before it: back over the syllable's signs and cluster. In
  // drawing order every ra with a virama is a reph (a ra after a virama is the sign below, "प्र";
  // one with a joiner after, Marathi's eyelash ra, is drawn in its place).
  for (let at = 1; at < chars.length - 1; at += 1) {
    if (!isRa(chars[at] as string) || !isVirama(chars[at + 1] as string) || isVirama(chars[at - 1] as string) || chars[at + 2] === '\u200d') continue;
    let start = at;
    while (start > 0 && isDependent(chars[start - 1] as string) && !isVirama(chars[start - 1] as string)) start -= 1;
    if (start === 0 || !isConsonant(chars[start - 1] as string)) continue;
    start -= 1;
    while (start >= 2 && isVirama(chars[start - 1] as string) && isConsonant(chars[start - 2] as string)) start -= 2;
    const reph = chars.splice(at, 2);
    chars.splice(start, 0, ...reph);
  }
  return chars.join('').normalize('NFC');
}

// A space before a sign that follows its consonant (a vowel sign, anusvara, virama) is never
// written: the pen's gap read as one ("સ્ત્ર ી" for સ્ત્રી).
export function withoutSpacesBeforeSigns(text: string): string {
  const chars = [...text];
  return chars.filter((char, at) => !(/\s/u.test(char) && at > 0 && isLetter(chars[at - 1]) && isDependent(chars[at + 1] ?? ''))).join('');
}

// The page's runs in logical order when they show drawing order (at least two signs where logical
// order never puts them); NFC either way. A pre-base sign that ends a run belongs to the run after
// it on the line (a writer may give each glyph its own run).
export function logicalRuns(runs: TextRun[]): TextRun[] {
  const drawn = runs.reduce((sum, run) => sum + drawingOrderSigns(run.text.normalize('NFD')), 0) >= 2;
  if (!drawn) return runs.map((run) => ({ ...run, text: withoutSpacesBeforeSigns(run.text.normalize('NFD')).normalize('NFC') }));
  const texts = runs.map((run) => run.text);
  for (const [index, run] of runs.entries()) {
    const text = texts[index] as string;
    const last = [...text].at(-1);
    if (!last || !PRE_BASE.has(last)) continue;
    const next = runs.findIndex((other, at) => at !== index && Math.abs(other.y - run.y) < run.height * 0.45 && other.x >= run.x + run.width - 1 && other.x <= run.x + run.width + run.height);
    if (next < 0) continue;
    texts[index] = text.slice(0, -last.length);
    texts[next] = last + (texts[next] as string);
  }
  return runs.map((run, index) => ({ ...run, text: withoutSpacesBeforeSigns(logicalOrder(texts[index] as string).normalize('NFD')).normalize('NFC') })).filter((run) => run.text.trim() !== '');
}
