import { describe, expect, it } from 'vitest';
import type { GrayImage } from './gray-image';
import { bitmap, inkRuns, labelsInLines, makeTemplate, matchLabel, textBands } from './label-templates';

// Made-up "glyphs": each a pattern of dark bars, so that two words differ the way two printed
// words do (different shapes at the same height), with no font involved.
type Glyph = number[]; // the heights of its three columns of bars, 2 to 12 pixels
const HEIGHT = 16;

function page(width: number, height: number): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

// Draws the words from (x, top): glyphs 2 pixels apart, words `space` pixels apart.
function draw(image: GrayImage, x: number, top: number, words: Glyph[][], space = 8): number {
  let left = x;
  for (const word of words) {
    for (const glyph of word) {
      glyph.forEach((barHeight, column) => {
        for (let y = top + HEIGHT - barHeight; y < top + HEIGHT; y += 1) {
          for (let dx = 0; dx < 2; dx += 1) image.data[y * image.width + left + column * 3 + dx] = 0;
        }
      });
      left += 3 * 3 + 2;
    }
    left += space;
  }
  return left;
}

const FATHER: Glyph[] = [[12, 4, 4], [6, 6, 10], [12, 2, 12]];
const MOTHER: Glyph[] = [[12, 8, 12], [6, 6, 10], [12, 2, 12]];
const NAME: Glyph[] = [[10, 10, 10], [4, 8, 4]];
const COLON: Glyph[] = [[2, 0, 0]];
const VALUE: Glyph[] = [[8, 8, 2], [2, 8, 8], [5, 5, 5], [9, 3, 9]];

describe('label templates', () => {
  const learnt = page(400, 40);
  const end = draw(learnt, 4, 10, [FATHER, NAME, COLON]);
  draw(learnt, end, 10, [VALUE]);
  const ink = bitmap(learnt);
  const template = makeTemplate(ink, { x: 3, y: 10, width: end - 10, height: HEIGHT }, { text: "Father's Name :", field: 'father', inner: false }, 6)!;

  it('should find a label drawn again elsewhere, with its words a few pixels further apart', () => {
    const line = page(400, 40);
    const labelEnd = draw(line, 20, 14, [FATHER, NAME, COLON], 10);
    draw(line, labelEnd, 14, [VALUE]);
    const image = bitmap(line);
    const [band] = textBands(image, 6);
    const match = matchLabel([template], image, band!, inkRuns(image, band!, 6)[0]!.x0, false);
    expect(match?.template.field).toBe('father');
    // The label ends where its colon's ink does (the colon's glyph starts 10 + 11 pixels before
    // `labelEnd` and is 2 wide), so the value is cut after it.
    const colonEnd = labelEnd - 10 - 11 + 2;
    expect(Math.abs(match!.end - colonEnd)).toBeLessThanOrEqual(2);
  });

  it("should not take a label whose first word differs for the one it learnt (Mother's for Father's)", () => {
    const line = page(400, 40);
    draw(line, 20, 14, [MOTHER, NAME, COLON]);
    const image = bitmap(line);
    const [band] = textBands(image, 6);
    expect(matchLabel([template], image, band!, 20, false)).toBeNull();
  });

  it('should join a dot standing clear above a line to that line, not make it a line of its own', () => {
    const lines = page(200, 60);
    draw(lines, 4, 4, [NAME]); // ink on rows 10 to 19
    draw(lines, 4, 30, [VALUE]); // ink on rows 37 to 45
    // A dot five pixels wide on rows 34 and 35, a blank row above the second line's ink.
    for (let y = 34; y < 36; y += 1) lines.data.fill(0, y * 200 + 10, y * 200 + 15);
    const bands = textBands(bitmap(lines), 6);
    expect(bands).toEqual([
      { top: 10, bottom: 20 },
      { top: 34, bottom: 46 },
    ]);
  });

  it('should learn a line-start label and the gender label inside a line only when the text is a whole printed label', () => {
    const word = (text: string, x0: number, confidence = 0.9) => ({ text, confidence, x0, y0: 0, x1: x0 + 10, y1: 10 });
    const field = (text: string) => (/^age\s*:$/iu.test(text) ? 'age' : /^gender\s*:$/iu.test(text) ? 'gender' : /^name\s*:$/iu.test(text) ? 'name' : null);
    const found = labelsInLines(
      [
        { text: '', confidence: 0.9, y0: 0, y1: 10, words: [word('Age', 0), word(':', 12), word('41', 30), word('Gender', 50), word(':', 62), word('MALE', 80)] },
        { text: '', confidence: 0.9, y0: 20, y1: 30, words: [word('Nameless', 0), word('Rao', 20)] },
        { text: '', confidence: 0.9, y0: 40, y1: 50, words: [word('Name', 0, 0.1), word(':', 12)] },
      ],
      field,
    );
    expect(found.map((label) => [label.text, label.field, label.inner])).toEqual([
      ['Age :', 'age', false],
      ['Gender :', 'gender', true],
    ]);
  });
});
