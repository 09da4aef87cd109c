import { latinDigits } from './devanagari';
import { glyphsText, type PlacedGlyph } from './glyph-text';
import type { TextRun } from './pdf-pages';
import { REPH } from './sakal-marathi-glyphs';

// A roll re-saved by a tool that re-subsets its fonts (a PDF printer, a "reduce size" step,
// Ghostscript's pdfwrite) keeps every glyph's outline but numbers the glyphs anew and writes a
// character map of its own: a garbled layer is then garbled again, into control characters and
// punctuation ("--9-/--" for बारामती, where the list's own layer said "बबरबमतत"). The glyphs are
// still known by their outlines (glyph-text.ts); the layer's places are still right; only its
// characters say nothing, not even the broken font's letters the garbled path reads its labels,
// colons and gender from (garbled-values.ts). Such a layer's runs are told again from the glyphs
// they hold, so the garbled path reads it as it reads the list as printed.

const INDIC = /[\u0900-\u0b7f]/u;

// The layer says something else than the glyphs of a known font it stands for: most of the Indic
// glyphs drawn are given no Indic character at all. A garbled layer as printed gives them wrong
// letters of the same script (decision 055), a right one the right letters.
export function layerDisagreesWithGlyphs(glyphs: PlacedGlyph[]): boolean {
  const indic = glyphs.filter((glyph) => glyph.text !== null && INDIC.test(glyph.text));
  if (indic.length < 30) return false;
  return indic.filter((glyph) => !INDIC.test(glyph.layer ?? '')).length / indic.length >= 0.5;
}

const baselineOf = (run: TextRun) => run.y + run.height * 0.8;

// Each run's text from the glyphs drawn in it, where all are known: in Unicode's order where they
// make well-formed text (glyph-text.ts), else as drawn. A run with a glyph not known keeps the
// layer's text (its value then goes to OCR). `glyphs` on a told run is how many glyphs it was
// made from, what the garbled path compares with the glyphs of a value's place (garbled-box.ts).
export function retoldRuns(runs: TextRun[], glyphs: PlacedGlyph[]): TextRun[] {
  const held = new Map<TextRun, PlacedGlyph[]>();
  const orphans: PlacedGlyph[] = [];
  const onBaseline = (run: TextRun, glyph: PlacedGlyph) => Math.abs(baselineOf(run) - glyph.baseline) < Math.max(1.5, run.height * 0.3);
  for (const glyph of glyphs) {
    // The run on its baseline that starts last at or before the glyph's pen, and reaches it.
    const run = runs
      .filter((candidate) => onBaseline(candidate, glyph) && glyph.x >= candidate.x - 0.5 && glyph.x <= candidate.x + candidate.width + 0.5)
      .sort((a, b) => b.x - a.x)
      .find((candidate) => candidate.x <= glyph.x + 0.5);
    if (run) held.set(run, [...(held.get(run) ?? []), glyph]);
    else if (glyph.text !== ' ') orphans.push(glyph);
  }
  // A glyph the new map gives a character that reads as a line break or space ("\r" for अ) is
  // in no run: it joins the run it touches, which then starts at it.
  const moved = new Map<TextRun, TextRun>();
  for (const glyph of orphans.sort((a, b) => b.x - a.x)) {
    const startOf = (run: TextRun) => (moved.get(run) ?? run).x;
    const next = runs.filter((run) => onBaseline(run, glyph) && startOf(run) >= glyph.x && startOf(run) - (glyph.x + glyph.width) < 1).sort((a, b) => startOf(a) - startOf(b))[0];
    if (!next) continue;
    held.set(next, [glyph, ...(held.get(next) ?? [])]);
    const widened = moved.get(next) ?? { ...next };
    widened.width += widened.x - glyph.x;
    widened.x = glyph.x;
    moved.set(next, widened);
  }
  return runs.map((original) => {
    const run = moved.get(original) ?? original;
    const held0 = held.get(original) ?? [];
    // A space glyph counts where the layer's run holds a space (a date and time in one run); else
    // it is a stray the writer drew over the word (a wrapped label's line), no part of it.
    const spaced = /\S\s+\S/u.test(run.text);
    const inside = held0.filter((glyph) => spaced || glyph.text !== ' ');
    if (inside.length === 0 || inside.some((glyph) => glyph.text === null)) return run;
    const asDrawn = [...inside]
      .sort((a, b) => a.x - b.x)
      .map((glyph) => (glyph.text === REPH ? 'र्' : (glyph.text as string)))
      .join('');
    // Digits as a garbled layer as printed gives them, in Latin (its ages and house numbers).
    return { ...run, text: latinDigits(glyphsText(inside) ?? asDrawn), glyphs: inside.filter((glyph) => glyph.text !== ' ').length };
  });
}
