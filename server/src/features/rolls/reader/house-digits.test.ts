import { describe, expect, it } from 'vitest';
import { type BoxText, parseBox } from './box-fields';
import { spacedText, unreadSpaces } from './ocr';
import { checkHouseDigits, surerWords, takeHouseReading } from './house-readings';

// A Hindi box as the Devanagari model read it, its house line's words at the given confidence.
function hindiBox(house: string, confidence = 0.6): ReturnType<typeof parseBox> {
  const words = (text: string, sure = 0.95) => ({ words: text.split(' ').map((word) => ({ text: word, confidence: sure })) });
  const box: BoxText = { header: words('27 XYZ1234566'), body: [words('नाम: मोति लाल'), words('पिता का नाम: हरि शंकर'), { words: [...words('मकान संख्या :').words, ...words(house, confidence).words] }, words('आयु : 56 लिंग: पुरुष')] };
  return parseBox(box);
}
const english = (text: string, confidence: number) => [{ text, confidence }];

describe('checkHouseDigits', () => {
  it('should take the English reading of a house number whose 1s the Devanagari model dropped, and trust it when the English model is sure', () => {
    const box = hindiBox('5/2(2)');
    expect(box.review.some((reason) => reason.field === 'houseNo')).toBe(true);
    checkHouseDigits(box, english('115/12(2)', 0.9));
    expect(box.houseNo).toBe('115/12(2)');
    expect(box.review.some((reason) => reason.field === 'houseNo')).toBe(false);
  });

  it('should put the 1s back in front of the Devanagari letters and keep the house flagged', () => {
    const box = hindiBox('8डी3');
    checkHouseDigits(box, english('81Si3', 0.9));
    expect(box.houseNo).toBe('81डी3');
    expect(box.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
  });

  it('should read 1s kept as dandas in front of the number', () => {
    const box = hindiBox('॥5/2(2)');
    checkHouseDigits(box, english('115/12(2)', 0.9));
    expect(box.houseNo).toBe('115/12(2)');
  });

  it('should keep a corrected house flagged when the English model was unsure of it', () => {
    const box = hindiBox('05');
    checkHouseDigits(box, english('105', 0.5));
    expect(box.houseNo).toBe('105');
    expect(box.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
  });

  it('should make a number-only house sure when both models read the same number', () => {
    const box = hindiBox('76', 0.42);
    checkHouseDigits(box, english('76', 0.93));
    expect(box).toMatchObject({ houseNo: '76', confidence: { houseNo: 0.93 } });
    expect(box.review.some((reason) => reason.field === 'houseNo')).toBe(false);
  });

  it('should take a whole number the English model was sure of, however the Devanagari reading differs', () => {
    const box = hindiBox('35/06');
    checkHouseDigits(box, english('35/116', 0.93));
    expect(box.houseNo).toBe('35/116');
    expect(box.review.some((reason) => reason.field === 'houseNo')).toBe(false);
  });

  it('should leave the Devanagari reading, flagged, when the readings differ by more than 1s and the English model was unsure or read a part', () => {
    for (const [devanagari, latin, confidence] of [
      ['35/06', '35/116', 0.7],
      ['88', '885', 0.11],
      ['76', '5', 0.6],
      ['76', '7o', 0.95],
    ] as const) {
      const box = hindiBox(devanagari);
      checkHouseDigits(box, english(latin, confidence));
      expect(box.houseNo, devanagari).toBe(devanagari);
      expect(box.review, devanagari).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
    }
  });

  it('should not make a house sure when letters follow the number (the English model cannot read them)', () => {
    const box = hindiBox('88 इ', 0.6);
    checkHouseDigits(box, english('88', 0.95));
    expect(box.houseNo).toBe('88 इ');
    expect(box.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
  });

  it('should flag a house number with no digit at all, however sure the Devanagari model was', () => {
    const box = hindiBox('श जे', 0.92);
    expect(box.review.some((reason) => reason.field === 'houseNo')).toBe(false);
    checkHouseDigits(box, []);
    expect(box.houseNo).toBe('श जे');
    expect(box.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
  });
});

// A Marathi box as the Marathi model read it from a scan, its house line's words at the given
// confidence.
function marathiBox(house: string, confidence = 0.6): ReturnType<typeof parseBox> {
  const words = (text: string, sure = 0.95) => ({ words: text.split(' ').map((word) => ({ text: word, confidence: sure })) });
  return parseBox({ header: words('1,407 XYZ1234566'), body: [words('मतदाराचे पूर्ण:महाजन भरत'), words('वडिलांचे नाव :महाजन काशिनाथ'), { words: [...words('घर क्रमांक :').words, ...words(house, confidence).words] }, words('वय : ३९ लिंग : पु')] });
}

describe('takeHouseReading', () => {
  it("should take the two models' reading of a ward list's house number, its Devanagari digits as numbers, and trust it when every word is sure", () => {
    const box = marathiBox('२&');
    expect(box.houseNo).toBe('2&');
    takeHouseReading(box, [
      { text: 'Plot', confidence: 0.93 },
      { text: 'No', confidence: 0.91 },
      { text: '०३/A', confidence: 0.88 },
    ]);
    expect(box.houseNo).toBe('Plot No 03/A');
    expect(box.confidence.houseNo).toBe(0.88);
    expect(box.review.some((reason) => reason.field === 'houseNo')).toBe(false);
  });

  it('should flag the reading when a word of it is unsure, drop a colon read in front, and keep the box as it was when nothing was read', () => {
    const box = marathiBox('२ A', 0.95);
    takeHouseReading(box, [{ text: ':२B', confidence: 0.62 }]);
    expect(box.houseNo).toBe('2B');
    expect(box.review).toContainEqual({ field: 'houseNo', reason: 'low-confidence' });
    const untouched = marathiBox('२A', 0.95);
    takeHouseReading(untouched, []);
    expect(untouched.houseNo).toBe('2A');
    expect(untouched.review.some((reason) => reason.field === 'houseNo')).toBe(false);
  });
});

describe('the spaces OCR joined over', () => {
  // Tesseract's words as it gave them for the scanned ward list's "Plot ३ D" and "२ A" (English
  // model, the reader's size): a character's box each, the space 6 or 7 pixels wide.
  const word = (text: string, y0: number, y1: number, symbols: [string, number, number][]) => ({
    text,
    bbox: { x0: symbols[0]![1], y0, x1: symbols.at(-1)![2], y1 },
    symbols: symbols.map(([symbol, x0, x1]) => ({ text: symbol, bbox: { x0, x1 } })),
  });

  it('should find the gaps a third of the word high, not those between its letters', () => {
    expect(unreadSpaces(word('3D', 810, 830, [['3', 110, 121], ['D', 127, 140]]))).toEqual([1]);
    expect(unreadSpaces(word('QA', 27, 45, [['Q', 70, 81], ['A', 88, 102]]))).toEqual([1]);
    expect(unreadSpaces(word('No.3A', 1009, 1029, [['N', 107, 120], ['o', 121, 133], ['.', 135, 139], ['3', 141, 151], ['A', 152, 167]]))).toBeUndefined();
    // Characters whose texts do not make up the word's (a Devanagari word's marks): nothing said.
    expect(unreadSpaces(word('नी', 0, 22, [['न', 351, 360], ['ी', 381, 401], ['x', 402, 403]]))).toBeUndefined();
  });

  it('should put a space back only between a digit and a letter', () => {
    expect(spacedText({ text: '3D', spaces: [1] })).toBe('3 D');
    expect(spacedText({ text: '२A', spaces: [1] })).toBe('२ A');
    // A narrow "1" stands as far from its neighbours: "115" stays one number.
    expect(spacedText({ text: '115/12', spaces: [1, 2] })).toBe('115/12');
    expect(spacedText({ text: 'Plot', spaces: [2] })).toBe('Plot');
  });

  it("should keep a house number's printed spaces when the two models' reading is taken", () => {
    const box = marathiBox('३०', 0.7);
    takeHouseReading(box, [
      { text: 'Plot', confidence: 0.96 },
      { text: '3D', confidence: 0.96, spaces: [1] },
    ]);
    expect(box.houseNo).toBe('Plot 3 D');
    // Through the Marathi reading's Devanagari digit put in ("२A" from "QA" and "२&").
    const two = marathiBox('२&', 0.1);
    takeHouseReading(two, surerWords([{ text: '२&', confidence: 0.09, x0: 70, x1: 102 }], [{ text: 'QA', confidence: 0.49, x0: 70, x1: 102, spaces: [1] }]));
    expect(two.houseNo).toBe('2 A');
  });
});

describe('surerWords', () => {
  const word = (text: string, confidence: number, x0: number, x1: number) => ({ text, confidence, x0, x1 });

  it("should keep, place by place across the line, the words of the reading surer of them", () => {
    // "Plot No ०३/A": the Marathi model unsure of the Latin words, the English one of the digits.
    const marathi = [word('प्लॉट', 0.41, 0, 40), word('नो', 0.38, 48, 70), word('०३/A', 0.86, 80, 120)];
    const english = [word('Plot', 0.93, 1, 39), word('No', 0.91, 47, 69), word('03/4', 0.52, 79, 121)];
    expect(surerWords(marathi, english).map((chosen) => chosen.text)).toEqual(['Plot', 'No', '०३/A']);
  });

  it("should keep the Marathi reading's Devanagari digits in a word the English reading is surer of", () => {
    // "२B", "०३" and "२A" as printed: the English model reads the Devanagari digits as Latin look-alikes.
    expect(surerWords([word('२8', 0.4, 70, 94)], [word('3B', 0.77, 70, 94)]).map((chosen) => chosen.text)).toEqual(['२B']);
    expect(surerWords([word('०३', 0.36, 67, 90)], [word('08', 0.61, 67, 90)]).map((chosen) => [chosen.text, chosen.confidence])).toEqual([['0३', 0.36]]);
    expect(surerWords([word('२&', 0.09, 70, 102)], [word('QA', 0.49, 70, 102)]).map((chosen) => chosen.text)).toEqual(['२A']);
    // A Marathi ० is also its reading of a Latin O or D: never put in ("No.3A", "३ D").
    expect(surerWords([word('५०.३८', 0.1, 107, 167)], [word('No.3A', 0.89, 107, 167)]).map((chosen) => chosen.text)).toEqual(['No.3A']);
    expect(surerWords([word('३०', 0.7, 108, 138)], [word('3D', 0.94, 108, 138)]).map((chosen) => chosen.text)).toEqual(['3D']);
    // Words of different lengths, or the Marathi reading the surer: taken whole as before.
    expect(surerWords([word('२', 0.37, 70, 93)], [word('2b', 0.92, 70, 93)]).map((chosen) => chosen.text)).toEqual(['2b']);
    expect(surerWords([word('०४', 0.55, 70, 94)], [word('o8', 0.1, 70, 94)]).map((chosen) => chosen.text)).toEqual(['०४']);
  });

  it('should weigh a place the two readings cut into different words by their average, and take a word only one reading saw', () => {
    const marathi = [word('२', 0.9, 0, 10), word('ब', 0.8, 30, 40)];
    // The English model read the two Devanagari signs as one unsure word, and missed nothing else.
    const english = [word('RY', 0.3, 0, 40), word('Nagar', 0.95, 60, 100)];
    expect(surerWords(marathi, english).map((chosen) => chosen.text)).toEqual(['२', 'ब', 'Nagar']);
    expect(surerWords([], english).map((chosen) => chosen.text)).toEqual(['RY', 'Nagar']);
    expect(surerWords(marathi, [])).toEqual(marathi);
  });
});
