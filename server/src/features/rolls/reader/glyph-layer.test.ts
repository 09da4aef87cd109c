import { describe, expect, it } from 'vitest';
import { inDrawingOrder, knownGlyphShare, runsFromGlyphs, UNKNOWN_GLYPH_CONFIDENCE } from './glyph-layer';
import type { PlacedGlyph } from './glyph-text';
import { REPH } from './sakal-marathi-glyphs';
import { logicalRuns } from './text-order';

// Glyphs as a garbled page draws them on one baseline, 10-point type: [text, width, ink] each;
// a width of 0 for a mark, whose ink (its middle, from the line's start) may lie anywhere.
function drawn(pieces: [string | null, number, number?][], baseline = 50, start = 100): PlacedGlyph[] {
  let x = start;
  return pieces.map(([text, width, ink]) => {
    const glyph: PlacedGlyph = { x, baseline, width, text, layer: text === ' ' ? ' ' : 'ક', size: 10 };
    if (ink !== undefined) glyph.ink = start + ink;
    x += width;
    return glyph;
  });
}

const textOf = (glyphs: PlacedGlyph[]) => logicalRuns(runsFromGlyphs(glyphs)).map((run) => run.text);

describe('a garbled layer written anew from its glyphs', () => {
  it('should put a mark after the letter its ink stands over, wherever its pen was put', () => {
    // માંગેલા: the anusvara's pen is at the end of "મા", its ink over ા; the e-sign's pen is at
    // the start of લ, its ink over ગ.
    const glyphs = drawn([['મ', 5], ['ા', 2], ['ં', 0, 6.5], ['ગ', 5], ['ે', 0, 9], ['લ', 5], ['ા', 2]]);
    const order = inDrawingOrder([...glyphs].reverse());
    expect(order.map((glyph) => glyph.text).join('')).toBe('માંગેલા');
    expect(textOf(glyphs)).toEqual(['માંગેલા']);
  });

  it('should put a pre-base vowel sign and a reph in logical order', () => {
    // સુનિલ: ુ under સ, િ drawn before ન.
    expect(textOf(drawn([['સ', 5], ['ુ', 0, 2.5], ['િ', 2], ['ન', 5], ['લ', 5]]))).toEqual(['સુનિલ']);
    // અર્જુન: the reph is drawn over જ, after its syllable.
    expect(textOf(drawn([['અ', 6], ['જ', 5], ['ુ', 0, 8.5], [REPH, 0, 9], ['ન', 5]]))).toEqual(['અર્જુન']);
    // ધર્મેશ: one glyph for the reph with the e-sign.
    expect(textOf(drawn([['ધ', 5], ['મ', 5], [`${REPH}ે`, 0, 8], ['શ', 5]]))).toEqual(['ધર્મેશ']);
  });

  it('should part words at spaces and at wide gaps, and lines by their baselines', () => {
    const line = drawn([['ન', 5], ['ા', 2], ['મ', 5], [' ', 3], [':', 2], ['-', 2]]);
    const value = drawn([['પ', 5], ['ટ', 5], ['ે', 0, 7.5], ['લ', 5]], 50, 100 + 19 + 4);
    const below = drawn([['ઘ', 5], ['ર', 5]], 70);
    const runs = runsFromGlyphs([...below, ...value, ...line]);
    expect(logicalRuns(runs).map((run) => run.text)).toEqual(['નામ', ':-', 'પટેલ', 'ઘર']);
    const name = runs.find((run) => run.text === 'નામ');
    expect(name).toMatchObject({ x: 100, width: 12, height: 10, y: 42 });
    expect(runs.filter((run) => run.y === 62).map((run) => run.text)).toEqual(['ઘર']);
  });

  it('should keep the layer\'s character for a glyph not known, and flag its word', () => {
    const runs = runsFromGlyphs(drawn([['ર', 5], [null, 5], ['મ', 5], [' ', 3], ['દ', 5], ['ા', 2]]));
    expect(runs.map((run) => [run.text, run.confidence])).toEqual([
      ['રકમ', UNKNOWN_GLYPH_CONFIDENCE],
      ['દા', undefined],
    ]);
  });

  it('should tell the share of the glyphs inside the boxes that are known', () => {
    const glyphs = [...drawn([['ર', 5], [null, 5], ['મ', 5], [' ', 3], ['દ', 5]]), ...drawn([[null, 5]], 300)];
    expect(knownGlyphShare(glyphs, [{ x: 90, y: 30, width: 100, height: 40 }])).toBe(0.75);
    expect(knownGlyphShare(glyphs, [{ x: 400, y: 30, width: 100, height: 40 }])).toBeNull();
  });
});
