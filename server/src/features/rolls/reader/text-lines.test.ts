import { describe, expect, it } from 'vitest';
import { parseBox } from './box-fields';
import type { TextRun } from './pdf-pages';
import { textLineFromRuns, wrappedValuesLifted } from './text-lines';

// A run of 10-point text at (x, line's top y).
const run = (text: string, x: number, y: number): TextRun => ({ text, x, y, width: text.length * 4, height: 10 });
const texts = (lines: TextRun[][]) => lines.map((line) => line.map((r) => r.text).join(' '));

describe('a name wrapped beside the next line\'s value', () => {
  // Crystal Reports' Gujarati rolls: the father's surname wraps under his first name, on the
  // house number's line.
  const box = [
    [run('નામ', 10, 10), run(':-', 28, 10), run('પ્રવિણા', 40, 10), run('માંગેલા', 70, 10)],
    [run('પિતાનું', 10, 25), run('નામ', 40, 25), run(':-', 58, 25), run('બાબુભાઈ', 70, 25), run('સોમાભાઈ', 100, 25)],
    [run('ઘર', 10, 40), run('નં', 22, 40), run(':', 32, 40), run('101', 45, 40), run('માંગેલા', 70.5, 40)],
    [run('ઉંમર', 10, 55), run(':', 30, 55), run('23', 45, 55), run('જાતિ', 70, 55), run(':', 88, 55), run('સ્ત્રી', 95, 55)],
  ];

  it('should lift the wrapped word onto a line of its own under the name, which the parser joins to it', () => {
    const lifted = wrappedValuesLifted(box);
    expect(texts(lifted)).toEqual(['નામ :- પ્રવિણા માંગેલા', 'પિતાનું નામ :- બાબુભાઈ સોમાભાઈ', 'માંગેલા', 'ઘર નં : 101', 'ઉંમર : 23 જાતિ : સ્ત્રી']);
    const parsed = parseBox({ header: { words: [] }, body: lifted.map((line) => ({ words: line.map((r) => ({ text: r.text, confidence: 0.97 })) })) });
    expect(parsed).toMatchObject({ relation: 'father', relativeName: 'બાબુભાઈ સોમાભાઈ માંગેલા', houseNo: '101', age: 23, gender: 'Female' });
  });

  it('should leave a layout alone whose values all start in one column, and a gender under a name', () => {
    const column = [
      [run('Name', 10, 10), run(':', 60, 10), run('Asha Patil', 70, 10)],
      [run("Father's Name", 10, 25), run(':', 60, 25), run('Ravi Patil', 70, 25)],
      [run('House Number', 10, 40), run(':', 60, 40), run('12', 70, 40)],
      [run('Age', 10, 55), run(':', 60, 55), run('40', 64, 55), run('Gender', 70, 55), run(':', 95, 55), run('Female', 100, 55)],
    ];
    expect(texts(wrappedValuesLifted(column))).toEqual(texts(column));
    // A digit in the word, or no value of its own before it, leaves the line as it is.
    const digits = [box[1] as TextRun[], [run('ઘર', 10, 40), run('નં', 22, 40), run(':', 32, 40), run('101', 45, 40), run('12-A', 70, 40)]];
    expect(texts(wrappedValuesLifted(digits))).toEqual(texts(digits));
  });

  it('should read lines from runs top to bottom and left to right', () => {
    expect(textLineFromRuns([run('b', 30, 10), run('c', 10, 30), run('a', 10, 11)]).map((line) => line.words.map((word) => word.text).join(' '))).toEqual(['a b', 'c']);
  });
});

describe('a word cut before a sign that follows its consonant', () => {
  it('should join the sign to the Indic word before it, never to a Latin word', () => {
    // A conjunct drawn with no width of its own: pdf.js gives "સ્ત્ર" and "ી" as two runs.
    const [gender] = textLineFromRuns([run('જાતિ', 10, 10), run(':', 30, 10), run('સ્ત્ર', 40, 10), run('ી', 40, 10)]);
    expect(gender?.words.map((word) => word.text)).toEqual(['જાતિ', ':', 'સ્ત્રી']);
    const [name] = textLineFromRuns([run('રાજેશ પ્ર', 10, 10), run('ાંચીસ', 46, 10)]);
    expect(name?.words.map((word) => word.text)).toEqual(['રાજેશ', 'પ્રાંચીસ']);
    const [latin] = textLineFromRuns([run('Age', 10, 10), run('ી', 30, 10)]);
    expect(latin?.words.map((word) => word.text)).toEqual(['Age', 'ી']);
  });
});
