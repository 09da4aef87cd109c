import { describe, expect, it } from 'vitest';
import type { PlacedGlyph } from './glyph-text';
import { GlyphLearner, inDrawnOrder, unknownGlyphReading } from './learned-glyphs';
import { REPH } from './sakal-marathi-glyphs';

// Glyphs drawn left to right: [text (null: not known), width] each; an unknown glyph's outline
// key is `key`.
function drawn(...pieces: [string | null, number][]): PlacedGlyph[] {
  let x = 100;
  return pieces.map(([text, width]) => {
    const glyph: PlacedGlyph = { x, baseline: 50, width, text };
    if (text === null) glyph.key = 'k-unknown';
    x += width;
    return glyph;
  });
}

describe('glyphs learnt from the readings of the values holding them', () => {
  it('should write logical Devanagari in the order a font draws it', () => {
    expect(inDrawnOrder('स्थिर')).toBe('िस्थर'.normalize('NFD'));
    expect(inDrawnOrder('शर्मा')).toBe('शमा\ue000');
    expect(inDrawnOrder('श्रध्दा')).toBe('श्रध्दा'.normalize('NFD'));
  });

  it('should tell the one unknown glyph of a value from its reading and the known glyphs around it', () => {
    // बुध्दैया with ध् not known.
    const glyphs = drawn(['ब', 5], ['ु', 0], [null, 3], ['द', 4], ['ै', 0], ['य', 5], ['ा', 2]);
    expect(unknownGlyphReading(glyphs, 'बुध्दैया')).toEqual({ key: 'k-unknown', text: 'ध्' });
    // A half conjunct not known at the start of a word (त्र्यंबक).
    expect(unknownGlyphReading(drawn([null, 3], ['य', 5], ['ं', 0], ['ब', 5], ['क', 5]), 'त्र्यंबक')).toEqual({ key: 'k-unknown', text: 'त्र्' });
    // The reph as the table writes it.
    expect(unknownGlyphReading(drawn(['श', 5], ['म', 5], [null, 2]), 'शर्मा')).toEqual({ key: 'k-unknown', text: `ा${REPH}` });
  });

  it('should learn nothing from a reading the known glyphs do not fit, nor from two unknown glyphs', () => {
    const glyphs = drawn(['ब', 5], ['ु', 0], [null, 3], ['द', 4], ['ै', 0], ['य', 5], ['ा', 2]);
    expect(unknownGlyphReading(glyphs, 'बुद्धैया')).toBeNull();
    expect(unknownGlyphReading(glyphs, 'सुध्दैया')).toBeNull();
    expect(unknownGlyphReading(drawn([null, 3], ['य', 5], [null, 5]), 'त्र्यंबक')).toBeNull();
    expect(unknownGlyphReading(drawn(['क', 5], ['म', 5]), 'कम')).toBeNull();
  });

  it('should keep a glyph once three readings agree and most of its readings do, and read it then', () => {
    const learner = new GlyphLearner();
    const glyphs = drawn(['ब', 5], ['ु', 0], [null, 3], ['द', 4], ['ै', 0], ['य', 5], ['ा', 2]);
    learner.learn(glyphs, 'बुध्दैया');
    learner.learn(glyphs, 'बुध्दैया');
    expect(learner.readGlyphs(glyphs)[2]?.text).toBeNull();
    learner.learn(glyphs, 'बुध्दैया');
    expect(learner.learnt.get('k-unknown')).toBe('ध्');
    expect(learner.readGlyphs(glyphs)[2]?.text).toBe('ध्');
    // Readings that disagree take it back until most agree again.
    learner.learn(glyphs, 'बुघ्दैया');
    learner.learn(glyphs, 'बुघ्दैया');
    expect(learner.learnt.has('k-unknown')).toBe(false);
  });
});
