import { describe, expect, it } from 'vitest';
import { duplicateMark } from './duplicate-mark';
import { type Bitmap, bitmap } from './label-templates';

// A box's body at 3 pixels a point, 430 pixels of text wide: lines of glyphs 14 pixels high (a
// letter of the print, a gap between them), and what each test draws besides.
const SCALE = 3;
const WIDTH = 430;
const HEIGHT = 170;
function body(draw: (fill: (x0: number, y0: number, x1: number, y1: number) => void) => void): Bitmap {
  const data = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y += 1) data.fill(0, y * WIDTH + x0, y * WIDTH + x1);
  };
  const glyphs = (top: number, from: number, to: number) => {
    for (let x = from; x + 14 <= to; x += 18) fill(x, top, x + 14, top + 14);
  };
  glyphs(10, 5, 330); // the name, long
  glyphs(60, 5, 280); // the relative
  glyphs(100, 5, 90); // the house number's label
  glyphs(100, 130, 160); // and its value
  glyphs(140, 5, 200); // age and gender
  draw(fill);
  return bitmap({ width: WIDTH, height: HEIGHT, data });
}
// A star: a cross with diagonals, 33 pixels across (eleven points).
const star = (fill: (x0: number, y0: number, x1: number, y1: number) => void, x: number, y: number) => {
  fill(x + 14, y, x + 19, y + 33);
  fill(x, y + 14, x + 33, y + 19);
  for (let i = 0; i < 33; i += 1) {
    fill(x + i, y + i, x + Math.min(33, i + 4), y + i + 1);
    fill(x + 32 - i, y + i, x + Math.min(33, 36 - i), y + i + 1);
  }
};

describe('duplicateMark', () => {
  it("should find a ward list's large stars beside a relative's name even where the name above reaches past them", () => {
    const image = body((fill) => {
      star(fill, 300, 60);
      star(fill, 337, 60);
    });
    expect(duplicateMark(image, 0, SCALE, WIDTH)).toEqual({ x: 300, y: 60, width: 70, height: 33 });
  });

  it('should find a small mark standing apart right of all the text', () => {
    const image = body((fill) => {
      fill(380, 70, 386, 76);
      fill(390, 70, 396, 76);
    });
    expect(duplicateMark(image, 0, SCALE, WIDTH)).toEqual({ x: 380, y: 70, width: 16, height: 6 });
  });

  it('should not take two large glyphs near the labels, or with text right of them in their rows, for the mark', () => {
    const nearLabels = body((fill) => {
      star(fill, 100, 60);
      star(fill, 137, 60);
      fill(5, 160, 420, 162); // a rule's remnant below, so the stars do not stand apart from all the text
    });
    expect(duplicateMark(nearLabels, 0, SCALE, WIDTH)).toBeNull();
    const textAfter = body((fill) => {
      star(fill, 300, 60);
      star(fill, 337, 60);
      fill(384, 62, 398, 84); // a glyph with its vowel sign, taller than a small mark
    });
    expect(duplicateMark(textAfter, 0, SCALE, WIDTH)).toBeNull();
  });

  it('should find nothing in a box without a mark', () => {
    expect(duplicateMark(body(() => undefined), 0, SCALE, WIDTH)).toBeNull();
  });
});
