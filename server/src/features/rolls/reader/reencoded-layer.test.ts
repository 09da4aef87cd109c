import { describe, expect, it } from 'vitest';
import { isGarbledLayer } from './devanagari';
import { textOfGlyphs } from './garbled-box';
import { glyphsText, type PlacedGlyph } from './glyph-text';
import type { PageContent, TextRun } from './pdf-pages';
import { layerDisagreesWithGlyphs, retoldRuns } from './reencoded-layer';
import { REPH } from './sakal-marathi-glyphs';

// Glyphs drawn left to right on one baseline from `x`: [text as the outline says, the layer's
// character, width] each (a width of 0 for a mark above or below the glyph before it).
function drawn(x: number, ...pieces: [string | null, string, number][]): PlacedGlyph[] {
  let pen = x;
  return pieces.map(([text, layer, width]) => {
    const glyph = { x: pen, baseline: 50, width, text, layer, size: 10 };
    pen += width;
    return glyph;
  });
}

// A layer run over glyphs, as pdf.js gives it (its top at 80% of its height above the baseline).
const runOver = (glyphs: PlacedGlyph[]): TextRun => {
  const first = glyphs[0] as PlacedGlyph;
  const last = glyphs[glyphs.length - 1] as PlacedGlyph;
  return { text: glyphs.map((glyph) => glyph.layer).join(''), x: first.x, y: 50 - 8, width: last.x + last.width - first.x, height: 10 };
};

// बारामती as a re-subset copy's layer gives it: the glyphs known, the characters punctuation.
const baramati = () => drawn(10, ['ब', '-', 5], ['ा', '-', 2], ['र', '9', 4], ['ा', '-', 2], ['म', '/', 5], ['त', '-', 5], ['ी', '-', 2]);

describe('a layer re-encoded by a tool that re-subset its fonts', () => {
  it('should find the layer saying something else than the known glyphs it stands for', () => {
    const reencoded = Array.from({ length: 5 }, baramati).flat();
    expect(layerDisagreesWithGlyphs(reencoded)).toBe(true);
    // The ward list as printed: wrong letters, but of the same script (decision 055).
    const garbled = reencoded.map((glyph) => ({ ...glyph, layer: 'ब' }));
    expect(layerDisagreesWithGlyphs(garbled)).toBe(false);
    // Too few glyphs to tell.
    expect(layerDisagreesWithGlyphs(baramati())).toBe(false);
  });

  it('should tell a layer of control characters from text', () => {
    const reencoded = Array.from({ length: 12 }, () => '--9-/-- )\u001f9 +99?/ \u001d : 7 - =-99').join(' ');
    expect(isGarbledLayer(reencoded)).toBe(true);
    expect(isGarbledLayer("Name : Asha Patil Father's Name : Ramesh Patil House Number : 12 Age : 40 Gender : Female")).toBe(false);
  });

  it('should tell each run again from its glyphs, in Unicode order, with Latin digits', () => {
    // वडिलांचे: ि drawn before ड; then a colon, then the age ४२ in the font's digits.
    const label = drawn(10, ['व', '=', 4], ['ि', '9', 2], ['ड', '9', 5], ['ल', ';', 6], ['ा', '-', 2], ['ं', ')', 0], ['च', '\u001b', 5], ['े', '=', 0]);
    const colon = drawn(45, [':', ':', 3]);
    const age = drawn(60, ['४', '\u001d', 5], ['२', '\u001f', 5]);
    const runs = [runOver(label), runOver(colon), runOver(age)];
    const told = retoldRuns(runs, [...label, ...colon, ...age]);
    expect(told.map((run) => run.text)).toEqual(['वडिलांचे', ':', '42']);
    expect(told.map((run) => run.glyphs)).toEqual([8, 1, 2]);
  });

  it('should keep the layer of a run holding a glyph not known', () => {
    const word = drawn(10, ['क', ')', 5], [null, '-', 3]);
    expect(retoldRuns([runOver(word)], word)[0]?.text).toBe(')-');
  });

  it('should give a glyph left out of every run (its new character a line break) to the run it touches', () => {
    // अनिक: pdf.js leaves अ, given "\r", out of the run.
    const word = drawn(10, ['अ', '\r', 5], ['ि', '-', 2], ['न', ')', 5], ['क', '\u001d', 6]);
    const run = runOver(word.slice(1));
    const [told] = retoldRuns([run], word);
    expect(told).toMatchObject({ text: 'अनिक', x: 10, glyphs: 4 });
  });

  it('should leave out a space drawn over a letter, not one between words', () => {
    // सुरेन्द्र: a space after the half form, its width taken back before द्र.
    const name = drawn(10, ['स', '9', 5], ['ु', '\u001d', 0], ['र', '9', 4], ['े', '\u001b', 0], ['न्', ')', 3], [' ', ' ', 2]);
    const rest = drawn(22.4, ['द्र', '/', 5]);
    expect(glyphsText([...name, ...rest])).toBe('सुरेन्द्र');
    expect(glyphsText(drawn(10, ['न', ')', 5], ['ा', '-', 2], ['व', '=', 4], [' ', ' ', 2], ['व', '=', 4], ['य', '/', 5]))).toBe('नाव वय');
    // A space drawn over the label's first letter (a wrapped line's stray).
    const over = { ...(drawn(10.5, [' ', ' ', 2])[0] as PlacedGlyph) };
    expect(glyphsText([...drawn(10, ['व', '=', 4], ['य', '/', 5]), over])).toBe('वय');
    expect(glyphsText(drawn(10, ['क', '-', 5], [REPH, '9', 0]))).toBe('र्क');
  });

  it('should read a value of told runs from its glyphs, as many as the runs were told from', () => {
    const name = drawn(60, ['य', '/', 5], ['श', '?', 6], ['व', '=', 4], ['ं', ')', 0], ['त', '-', 5]);
    const content: PageContent = { width: 600, height: 800, runs: retoldRuns([runOver(name)], name), images: [], glyphs: name };
    expect(textOfGlyphs(content, { x: 58, y: 40, width: 40, height: 14 })).toBe('यशवंत');
  });
});
