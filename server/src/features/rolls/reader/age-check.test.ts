import { describe, expect, it } from 'vitest';
import { parseBox, type TextLine } from './box-fields';
import type { OcrEngine, OcrLine } from './ocr';
import { checkAge } from './second-readings';

// The second look at an unsure age (read-page.ts checkAge): an OCR engine that answers the age
// line with the given words, and a box whose age OCR gave at 81%.
const engine = (words: { text: string; confidence: number }[]): OcrEngine =>
  ({ read: async (): Promise<OcrLine[]> => [{ text: words.map((word) => word.text).join(' '), confidence: 0.9, y0: 0, y1: 10, words: words.map((word) => ({ ...word, x0: 0, y0: 0, x1: 1, y1: 1 })) }] }) as unknown as OcrEngine;
const line = (text: string, confidence = 0.95): TextLine => ({ words: text.split(' ').map((word) => ({ text: word, confidence })) });
const unsureBox = () => {
  const box = parseBox({ header: line('74 CPQ0654756'), body: [line('Name : Vijay Bhange'), line("Father's Name : Shridhar Bhange"), line('House Number : -'), { words: [{ text: 'Age', confidence: 0.9 }, { text: ':', confidence: 0.9 }, { text: '48', confidence: 0.81 }, { text: 'Gender', confidence: 0.9 }, { text: ':', confidence: 0.9 }, { text: 'MALE', confidence: 0.96 }] }] });
  expect(box.confidence.age).toBeCloseTo(0.81);
  return box;
};
const ageLine = { width: 20, height: 10, data: new Uint8Array(200).fill(255) };

describe('checkAge', () => {
  it('should make the age sure when the second reading agrees', async () => {
    const box = unsureBox();
    await checkAge(engine([{ text: 'Age', confidence: 0.9 }, { text: '48', confidence: 0.9 }, { text: 'Gender', confidence: 0.9 }]), ageLine, box);
    expect(box).toMatchObject({ age: 48, confidence: { age: 0.9 } });
    expect(box.review.some((reason) => reason.field === 'age')).toBe(false);
  });

  it('should keep the surer reading and flag the age when the two readings differ', async () => {
    const box = unsureBox();
    await checkAge(engine([{ text: 'Age', confidence: 0.9 }, { text: '46', confidence: 0.93 }, { text: 'Gender', confidence: 0.9 }]), ageLine, box);
    expect(box.age).toBe(46);
    expect(box.confidence.age).toBeLessThan(0.8);
    expect(box.review).toContainEqual({ field: 'age', reason: 'low-confidence' });
  });

  it('should flag the age when the second reading finds no number', async () => {
    const box = unsureBox();
    await checkAge(engine([{ text: 'Age', confidence: 0.9 }, { text: 'Gender', confidence: 0.9 }]), ageLine, box);
    expect(box).toMatchObject({ age: 48, confidence: { age: 0 } });
    expect(box.review).toContainEqual({ field: 'age', reason: 'low-confidence' });
  });

  it('should take an age the first reading did not find from the second, flagged', async () => {
    const box = parseBox({ header: line('74 CPQ0654756'), body: [line('Name : Vijay Bhange'), line("Father's Name : Shridhar Bhange"), line('House Number : -'), line('Age : Gender : MALE')] });
    expect(box).toMatchObject({ age: null, confidence: { age: 0 } });
    await checkAge(engine([{ text: 'Age', confidence: 0.9 }, { text: '48', confidence: 0.95 }, { text: 'Gender', confidence: 0.9 }]), ageLine, box);
    expect(box.age).toBe(48);
    expect(box.confidence.age).toBeLessThan(0.8);
    expect(box.review.filter((reason) => reason.field === 'age')).toEqual([{ field: 'age', reason: 'low-confidence' }]);
  });

  it('should read a Devanagari age line again with the roll\'s model and take its Devanagari digits', async () => {
    const box = parseBox({ header: line('7 XYZ1234566'), body: [line('मतदाराचे पूर्ण:जाधव सविता'), line('पतीचे नाव :जाधव अशोक'), { words: [{ text: 'वय', confidence: 0.9 }, { text: ':', confidence: 0.9 }, { text: '४३', confidence: 0.73 }, { text: 'लिंग', confidence: 0.9 }, { text: ':स्त्री', confidence: 0.9 }] }] });
    expect(box).toMatchObject({ age: 43 });
    const asked: string[] = [];
    const marathi = engine([{ text: 'वय', confidence: 0.9 }, { text: ':४३', confidence: 0.92 }, { text: 'लिंग', confidence: 0.9 }]);
    const read = marathi.read.bind(marathi);
    marathi.read = async (models, ...rest) => {
      asked.push(models);
      return read(models, ...rest);
    };
    await checkAge(marathi, ageLine, box, 'mar');
    expect(asked).toEqual(['mar']);
    // Two readings that agree: as sure as the surer of them (second-reading-rule.ts).
    expect(box).toMatchObject({ age: 43, confidence: { age: 0.92 } });
    expect(box.review.some((reason) => reason.field === 'age')).toBe(false);
  });

  it('should name the age out of range only while the age kept is', async () => {
    const misread = () => parseBox({ header: line('74 CPQ0654756'), body: [line('Name : Vijay Bhange'), line("Father's Name : Shridhar Bhange"), line('Age : 6 Gender : MALE', 0.9)] });
    const box = misread();
    expect(box.review).toContainEqual({ field: 'age', reason: 'age-out-of-range' });
    await checkAge(engine([{ text: 'Age', confidence: 0.9 }, { text: '66', confidence: 0.93 }, { text: 'Gender', confidence: 0.9 }]), ageLine, box);
    expect(box.age).toBe(66);
    expect(box.confidence.age).toBeLessThan(0.8);
    expect(box.review.filter((reason) => reason.field === 'age')).toEqual([{ field: 'age', reason: 'low-confidence' }]);

    const twice = misread();
    await checkAge(engine([{ text: 'Age', confidence: 0.9 }, { text: '6', confidence: 0.97 }, { text: 'Gender', confidence: 0.9 }]), ageLine, twice);
    expect(twice.age).toBe(6);
    expect(twice.confidence.age).toBeLessThan(0.8);
    expect(twice.review.filter((reason) => reason.field === 'age')).toEqual([{ field: 'age', reason: 'age-out-of-range' }]);
  });
});
