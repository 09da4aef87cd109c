import { describe, expect, it } from 'vitest';
import { parseBox, type TextLine } from './box-fields';
import type { OcrEngine, OcrLine, OcrModels } from './ocr';
import { checkNames } from './second-readings';

// The second look at a Latin box's unsure names (read-page.ts checkNames). The value pieces are
// stacked for one OCR call: pieces 10 pixels high with an 18-pixel gap (6 × the reader's scale
// of 3) above each, so the k-th piece's words sit at 18 + 28k. The fake engine answers piece k
// with the k-th text at the given confidence and records the pieces and models asked for.
const GAP = 18;
const HEIGHT = 10;
function engine(answers: [string, number][]): { ocr: OcrEngine; asked: { models: OcrModels; lines: number }[] } {
  const asked: { models: OcrModels; lines: number }[] = [];
  const read = async (models: OcrModels): Promise<OcrLine[]> => {
    asked.push({ models, lines: answers.length });
    return answers.map(([text, confidence], index) => {
      const y0 = GAP + index * (HEIGHT + GAP);
      const words = text.split(' ').map((word, at) => ({ text: word, confidence, x0: at * 10, x1: at * 10 + 8, y0, y1: y0 + HEIGHT }));
      return { text, confidence, words, y0, y1: y0 + HEIGHT };
    });
  };
  return { ocr: { read } as unknown as OcrEngine, asked };
}
const piece = { width: 40, height: HEIGHT, data: new Uint8Array(40 * HEIGHT).fill(255) };
const words = (text: string, confidence: number) => text.split(' ').map((word) => ({ text: word, confidence }));
const line = (text: string, confidence = 0.95): TextLine => ({ words: words(text, confidence) });
// A box the fast model read: its name and father's name at the given confidences, and the
// pieces it read them from (one line each).
function box(name: [string, number], father: [string, number]) {
  const parsed = parseBox({
    header: line('74 CPQ0654756'),
    body: [{ words: [...line('Name :').words, ...words(...name)] }, { words: [...line("Father's Name :").words, ...words(...father)] }, line('House Number : -'), line('Age : 48 Gender : MALE')],
  });
  const labelled = { lines: [[{ label: 'Name' }, { piece: 0 }], [{ label: "Father's Name" }, { piece: 1 }], [{ label: 'House Number :' }]], lineFields: ['name', 'father', 'house'], pieces: [piece, piece], houseLine: null };
  return { parsed, labelled };
}
const flagged = (parsed: ReturnType<typeof parseBox>, field: 'fullName' | 'relativeName') => parsed.review.some((reason) => reason.field === field);

describe('checkNames', () => {
  it("should make unsure names sure when the best model reads them the same, reading only the unsure names' pieces", async () => {
    const sureName = box(['Anand Bandekar', 0.92], ['Koyaar Bandekar', 0.4]);
    const bothUnsure = box(['Mahesh Chavan', 0.67], ['Basappa Chavan', 0.6]);
    expect(flagged(sureName.parsed, 'relativeName')).toBe(true);
    const { ocr, asked } = engine([
      ['Koyaar Bandekar', 0.7],
      ['Mahesh Chavan', 0.85],
      ['Basappa Chavan', 0.9],
    ]);
    await checkNames(ocr, [sureName.labelled, bothUnsure.labelled], [sureName.parsed, bothUnsure.parsed]);
    expect(asked).toEqual([{ models: 'eng-best', lines: 3 }]);
    expect(sureName.parsed).toMatchObject({ fullName: 'Anand Bandekar', relativeName: 'Koyaar Bandekar', confidence: { fullName: 0.92, relativeName: 0.9 } });
    expect(bothUnsure.parsed).toMatchObject({ fullName: 'Mahesh Chavan', relativeName: 'Basappa Chavan', confidence: { fullName: 0.9, relativeName: 0.9 } });
    for (const { parsed } of [sureName, bothUnsure]) expect(parsed.review).toEqual([]);
  });

  it('should keep the surer reading, flagged, when the two readings differ', async () => {
    const bestSurer = box(['Sagar Gavwvali', 0.59], ['Vijay Gawali', 0.95]);
    const fastSurer = box(['Mohamad Iqbal Manihar', 0.75], ['Mahmad Idriz Manihar', 0.95]);
    await checkNames(
      engine([
        ['Sagar Gawali', 0.9],
        ['Mohamad Igbal Manihar', 0.7],
      ]).ocr,
      [bestSurer.labelled, fastSurer.labelled],
      [bestSurer.parsed, fastSurer.parsed],
    );
    expect(bestSurer.parsed.fullName).toBe('Sagar Gawali');
    expect(fastSurer.parsed.fullName).toBe('Mohamad Iqbal Manihar');
    for (const { parsed } of [bestSurer, fastSurer]) {
      expect(parsed.confidence.fullName).toBeLessThan(0.8);
      expect(parsed.review).toEqual([{ field: 'fullName', reason: 'low-confidence' }]);
    }
  });

  it('should ask nothing when every name is sure or the box was read whole', async () => {
    const sure = box(['Anand Bandekar', 0.92], ['Koyaar Bandekar', 0.91]);
    const whole = box(['Mahesh Chavan', 0.67], ['Basappa Chavan', 0.6]);
    const { ocr, asked } = engine([]);
    await checkNames(ocr, [sure.labelled, null], [sure.parsed, whole.parsed]);
    expect(asked).toEqual([]);
    expect(flagged(whole.parsed, 'fullName')).toBe(true);
  });
});

describe('a Latin name read with small l for capital I', () => {
  it('should read a word-initial l before a consonant as I, and leave other ls alone', () => {
    const parsed = parseBox({ header: line('74 CPQ0654756'), body: [line('Name : llhas Ahmad lqbal'), line("Father's Name : Lalit S.lbrahim Patil"), line('House Number : -'), line('Age : 48 Gender : MALE')] });
    expect(parsed.fullName).toBe('Ilhas Ahmad Iqbal');
    expect(parsed.relativeName).toBe('Lalit S.Ibrahim Patil');
  });
});
