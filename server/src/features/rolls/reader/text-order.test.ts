import { describe, expect, it } from 'vitest';
import type { TextRun } from './pdf-pages';
import { drawingOrderSigns, logicalOrder, logicalRuns } from './text-order';

// Texts as a PDF writer that keeps glyphs in drawing order gives them (pdf.js reads them so):
// made-up names, the labels as printed on ECI and SEC rolls.
const run = (text: string, x = 0, y = 0): TextRun => ({ text, x, y, width: text.length * 4, height: 8 });

describe('text-order', () => {
  it('should put a pre-base vowel sign after its consonant when the text is in drawing order', () => {
    expect(logicalOrder('િપતાનું નામ')).toBe('પિતાનું નામ');
    expect(logicalOrder('विडलांचे नाव')).toBe('वडिलांचे नाव');
    // After the whole conjunct it is drawn before.
    expect(logicalOrder('िप्रया')).toBe('प्रिया');
  });

  it('should join a word the pen left a gap in when the gap follows a moved vowel sign', () => {
    expect(logicalOrder('િપ તાનું નામ')).toBe('પિતાનું નામ');
  });

  it('should put a reph before its syllable when it is drawn after it', () => {
    expect(logicalOrder('शमार्')).toBe('शर्मा');
    expect(logicalOrder('धमेर्न्द्र')).toBe('धर्मेन्द्र');
    expect(logicalOrder('િમર્લા')).toBe('ર્મિલા');
  });

  it('should count signs where logical order never puts them, and none in logical text', () => {
    expect(drawingOrderSigns('िपता का नाम : शमार्'.normalize('NFD'))).toBe(2);
    expect(drawingOrderSigns('पिता का नाम : शर्मा विजय'.normalize('NFD'))).toBe(0);
  });

  it('should leave a page in logical order as it is, and reorder a page in drawing order', () => {
    const logical = [run('पिता का नाम : विजय शर्मा'), run('नाम : किरण', 0, 20)];
    expect(logicalRuns(logical).map((r) => r.text)).toEqual(['पिता का नाम : विजय शर्मा', 'नाम : किरण']);
    const drawn = [run('िपता का नाम : िवजय शमार्'), run('नाम : िकरण', 0, 20)];
    expect(logicalRuns(drawn).map((r) => r.text)).toEqual(['पिता का नाम : विजय शर्मा', 'नाम : किरण']);
  });

  it('should move a pre-base sign that ends a run to the run after it on the line', () => {
    const runs = [run('िक', 0, 0), run('ि', 20, 0), run('रण', 24, 0)];
    expect(logicalRuns(runs).map((r) => r.text)).toEqual(['कि', 'रिण']);
  });
});
