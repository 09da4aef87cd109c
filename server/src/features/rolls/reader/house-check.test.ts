import { describe, expect, it } from 'vitest';
import { parseBox, type TextLine } from './box-fields';
import type { OcrEngine, OcrLine, OcrModels } from './ocr';
import { checkHouses } from './second-readings';

// The second look at a Latin box's house number (read-page.ts checkHouses). The house lines are
// stacked for one OCR call: pieces 10 pixels high with an 18-pixel gap (6 × the reader's scale
// of 3) above each, so the k-th line's words sit at 18 + 28k. The fake engine answers each
// line with the given text and confidence, and records the models it was asked for.
const GAP = 18;
const HEIGHT = 10;
function engine(answers: [string, number][]): { ocr: OcrEngine; asked: OcrModels[] } {
  const asked: OcrModels[] = [];
  const read = async (models: OcrModels): Promise<OcrLine[]> => {
    asked.push(models);
    return answers.map(([text, confidence], index) => {
      const y0 = GAP + index * (HEIGHT + GAP);
      const words = `House Number : ${text}`.split(' ').map((word, at) => ({ text: word, confidence: at < 3 ? 0.95 : confidence, x0: at * 10, x1: at * 10 + 8, y0, y1: y0 + HEIGHT }));
      return { text: words.map((word) => word.text).join(' '), confidence, words, y0, y1: y0 + HEIGHT };
    });
  };
  return { ocr: { read } as unknown as OcrEngine, asked };
}
const line = (text: string, confidence = 0.95): TextLine => ({ words: text.split(' ').map((word) => ({ text: word, confidence })) });
// A box whose house number the fast model read as `house` at `confidence`.
const box = (house: string, confidence: number) =>
  parseBox({ header: line('74 CPQ0654756'), body: [line('Name : Vijay Bhange'), line("Father's Name : Shridhar Bhange"), { words: [...line('House Number :').words, { text: house, confidence }] }, line('Age : 48 Gender : MALE')] });
const houseLine = { width: 40, height: HEIGHT, data: new Uint8Array(40 * HEIGHT).fill(255) };
const flagged = (parsed: ReturnType<typeof box>) => parsed.review.some((reason) => reason.field === 'houseNo');
// Every box with its house line, the best model answering them in order.
const checkEach = (boxes: ReturnType<typeof box>[], answers: [string, number][]) =>
  checkHouses(
    engine(answers).ocr,
    boxes.map(() => houseLine),
    boxes,
  );

describe('checkHouses', () => {
  it("should take the best model's sure reading over the fast model's sure misreading, all the page's houses in one call", async () => {
    const boxes = [box('94/4', 0.94), box('42/4', 0.95)];
    const { ocr, asked } = engine([
      ['94/1', 0.95],
      ['42/1', 0.92],
    ]);
    await checkHouses(ocr, [houseLine, houseLine], boxes);
    expect(asked).toEqual(['eng-best']);
    expect(boxes.map((parsed) => [parsed.houseNo, parsed.confidence.houseNo])).toEqual([
      ['94/1', 0.95],
      ['42/1', 0.92],
    ]);
    expect(boxes.some(flagged)).toBe(false);
  });

  it('should make an unsure house sure when the two readings agree', async () => {
    const parsed = box('1-A-11', 0.47);
    expect(flagged(parsed)).toBe(true);
    await checkEach([parsed], [['1-A-11', 0.78]]);
    expect(parsed).toMatchObject({ houseNo: '1-A-11', confidence: { houseNo: 0.9 } });
    expect(flagged(parsed)).toBe(false);
  });

  it('should keep the surer reading, flagged, when the readings differ and the best model is unsure', async () => {
    const fastSurer = box('65', 0.96);
    const bestSurer = box('7139/1', 0.44);
    await checkEach(
      [fastSurer, bestSurer],
      [
        ['635', 0.7],
        ['139/1', 0.76],
      ],
    );
    expect(fastSurer.houseNo).toBe('65');
    expect(bestSurer.houseNo).toBe('139/1');
    for (const parsed of [fastSurer, bestSurer]) {
      expect(parsed.confidence.houseNo).toBeLessThan(0.8);
      expect(parsed.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
    }
  });

  it('should never make sure a house with a character no house number prints or an unmatched bracket', async () => {
    const cent = box('45/2¢', 0.54);
    const bracket = box('45/2/J', 0.72);
    await checkEach(
      [cent, bracket],
      [
        ['45/2¢', 0.82],
        ['45/2/)', 0.95],
      ],
    );
    expect(cent.houseNo).toBe('45/2¢');
    expect(bracket.houseNo).toBe('45/2/)');
    for (const parsed of [cent, bracket]) expect(parsed.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
  });

  it('should leave boxes without a house number or a house line alone, and ask nothing when none has both', async () => {
    const noNumber = parseBox({ header: line('75 CPQ0654757'), body: [line('Name : Asha Bhange'), line("Husband's Name : Vijay Bhange"), line('House Number : -'), line('Age : 44 Gender : FEMALE')] });
    const wholeBox = box('12/4', 0.6);
    const { ocr, asked } = engine([]);
    await checkHouses(ocr, [houseLine, null], [noNumber, wholeBox]);
    expect(asked).toEqual([]);
    expect(noNumber.houseNo).toBeNull();
    expect(wholeBox).toMatchObject({ houseNo: '12/4', confidence: { houseNo: 0.6 } });
  });
});
