import { describe, expect, it } from 'vitest';
import { parseBox, type TextLine } from './box-fields';
import { findVoterBoxes, paperLevel } from './box-finder';
import type { GrayImage } from './gray-image';
import { innerLabelStart, labelAtStart } from './label-match';
import { mendOldEpicState } from './page-checks';
import { voterShaped } from './read-page';

// What a roll reprinted or scanned at 100-120 ppi needs of the reader (issue 53): its faint ruling
// lines, its labels read further off, its covers' tables. Made-up names.
const line = (text: string, confidence = 0.9): TextLine => ({ words: text.split(' ').map((word) => ({ text: word, confidence })) });

// A 3 × 3 grid of boxes whose lines are `level` grey on `paper`, one pixel wide, with a gap in
// every line every `gapEvery` pixels (a thin line at low resolution comes out broken).
function faintGrid(level: number, paper: number, gapEvery = 0): GrayImage {
  const width = 600;
  const height = 280;
  const data = new Uint8Array(width * height).fill(paper);
  const ink = (x: number, y: number, along: number) => {
    if (gapEvery > 0 && along % gapEvery === 0) return;
    data[y * width + x] = level;
  };
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      const x = 10 + column * 190;
      const y = 20 + row * 80;
      for (let i = x; i <= x + 180; i += 1) {
        ink(i, y, i);
        ink(i, y + 70, i);
      }
      for (let j = y; j <= y + 70; j += 1) {
        ink(x, j, j);
        ink(x + 180, j, j);
      }
    }
  }
  return { width, height, data };
}

describe('findVoterBoxes', () => {
  const options = { minWidth: 100, maxWidth: 330, minHeight: 40, maxHeight: 200 };

  it('should find a scan’s boxes drawn in light grey broken lines when its lines may be faint', () => {
    const image = faintGrid(175, 250, 23);
    expect(findVoterBoxes(image, options, 4, false).boxes).toEqual([]);
    const faint = findVoterBoxes(image, options, 4, true);
    expect(faint.boxes).toHaveLength(9);
    // The later stages take the frames' light grey for ink too.
    expect(faint.lineLevel).toBe(200);
  });

  it('should find the same boxes both ways when the lines are black', () => {
    const image = faintGrid(0, 255);
    expect(findVoterBoxes(image, options, 4, true)).toEqual(findVoterBoxes(image, options, 4, false));
    expect(findVoterBoxes(image, options, 4, true)).toMatchObject({ lineLevel: 140 });
    expect(findVoterBoxes(image, options, 4, true).boxes).toHaveLength(9);
  });

  it('should not take grey paper for lines', () => {
    // Paper as grey as the light level: no line stands out.
    const image: GrayImage = { width: 600, height: 280, data: new Uint8Array(600 * 280).fill(190) };
    expect(findVoterBoxes(image, options, 4, true).boxes).toEqual([]);
  });

  it('should tell a page’s paper level from its most common grey', () => {
    expect(paperLevel(faintGrid(0, 232))).toBe(232);
  });
});

describe('labels on a low-resolution scan', () => {
  it('should find a label read further off when its colon follows', () => {
    expect(labelAtStart('पित्ता का नाम: रमेश कुमार')?.field).toBe('father');
    expect(labelAtStart('चित्ता का नाम: रमेश कुमार')?.field).toBe('father');
    expect(labelAtStart('पत्ति का नाभ: रमेश कुमार')?.field).toBe('husband');
  });

  it('should not take a name for a label far off without a colon', () => {
    expect(labelAtStart('पित्ता का नाम रमेश')).toBeNull();
    expect(labelAtStart('पत्तिलाल का राम: रमेश')).toBeNull();
  });

  it('should pass over a speck read as a letter before a label and its colon', () => {
    const text = 'उ नाम: सुनीता देवी';
    const found = labelAtStart(text);
    expect(found?.field).toBe('name');
    expect(text.slice(found?.end)).toBe(': सुनीता देवी');
    expect(labelAtStart('उ पति का नाम: रमेश')?.field).toBe('husband');
    expect(labelAtStart('उ नाम! सुनीता')?.field).toBe('name');
    // Without the colon, a one-letter first word is a name's initial.
    expect(labelAtStart('र नाम सिंह')).toBeNull();
  });

  it('should read the names of a box whose labels came out far off', () => {
    const box = parseBox({ header: line('7 XYZ1234566'), body: [line('चाम; सुनीता देवी'), line('पत्ति का नाभ: रमेश कुमार'), line('मकान संख्या : 27'), line('उ आयु : 42 लिंग: महिला')] });
    expect(box).toMatchObject({ fullName: 'सुनीता देवी', relation: 'husband', relativeName: 'रमेश कुमार', age: 42, gender: 'Female' });
  });

  it('should cut a relative glued to a house line whose label came out far off', () => {
    const box = parseBox({ header: line('9 XYZ1234566'), body: [line('नामः सुनीता'), line('पत्ति का नाभ: रमेश कुमार मकान ग्रँख्या 105'), line('आयु : 40 लिंग: महिला')] });
    expect(box).toMatchObject({ relativeName: 'रमेश कुमार', houseNo: '105' });
  });

  it('should read a Marathi ward list box whose wrapped label and gender came out far off', () => {
    const box = parseBox({ header: line('3 XYZ1234566'), body: [line('मतदाराचे पुर्ण -पाटील सविता रमेश'), line('नांच'), line('पतीचे नाव : पाटील रमेश'), line('घर क्रमांक 12'), line('वय : २७ लिंग :खी')] });
    expect(box).toMatchObject({ fullName: 'पाटील सविता रमेश', relation: 'husband', relativeName: 'पाटील रमेश', age: 27, gender: 'Female' });
  });

  it('should keep a name that starts with an initial and its dot', () => {
    expect(parseBox({ header: line('8 XYZ1234566'), body: [line('Md. Rafiq Khan'), line("Father's Name : Salim Khan")] }).fullName).toBe('Md. Rafiq Khan');
  });
});

describe('voterShaped', () => {
  it('should tell a cover’s table of cells from a page of voters', () => {
    const cell = { epic: null, serialNo: 1250, fullName: null };
    expect(voterShaped([cell, cell, cell, cell])).toBe(false);
    const voter = { epic: 'XYZ1234566', serialNo: 4, fullName: 'सुनीता देवी' };
    expect(voterShaped([voter, voter, voter, cell])).toBe(true);
    expect(voterShaped([{ epic: null, serialNo: 5, fullName: 'सुनीता देवी' }, cell])).toBe(false);
  });
});

describe('older-format EPICs read at low resolution', () => {
  it('should take letters that are no state’s for the one state they are a letter off', () => {
    const voter = { epic: 'RU/12/094/114084' };
    // Every box of the part read "RU": the part's usual letters do not help.
    mendOldEpicState(voter, new Map([['12/094', new Map([['RU', 30]])]]));
    expect(voter.epic).toBe('RJ/12/094/114084');
  });

  it('should leave letters a letter off two states as read', () => {
    const voter = { epic: 'UJ/12/094/114084' };
    mendOldEpicState(voter, new Map([['12/094', new Map([['UJ', 30]])]]));
    expect(voter.epic).toBe('UJ/12/094/114084');
  });
});

describe('a Marathi ward list box read at low resolution', () => {
  it('should cut a relative glued to the name when its label came out a letter or two off', () => {
    const box = parseBox({ header: line('22 XYZ1234566'), body: [line('मतदाराचे पूर्ण :पाटील सविता रमेश पत्तीचे नाच पाटील रमेश'), line('चरक़मांक. 12'), line('वय : ४० लिंग :')] });
    expect(box).toMatchObject({ fullName: 'पाटील सविता रमेश', relation: 'husband', relativeName: 'पाटील रमेश', houseNo: '12' });
    // The gender word unread: beside a husband's name, a wife's.
    expect(box.gender).toBe('Female');
    expect(box.review.some((reason) => reason.field === 'gender')).toBe(false);
  });

  it('should drop the wrapped label read onto the name line, and a speck glued to the name', () => {
    const box = parseBox({ header: line('5 XYZ1234566'), body: [line('मतदाराचे पूर्ण :(पाटील सविता रमेश नांद'), line('वडिलांचे नाव : ७पाटील रमेश'), line('वय : ४० लिंग : पु')] });
    expect(box).toMatchObject({ fullName: 'पाटील सविता रमेश', relativeName: 'पाटील रमेश', gender: 'Male' });
  });
});

describe('a relative glued to the name at low resolution', () => {
  it('should cut where a three-word label read a letter or two off starts, without its colon', () => {
    const box = parseBox({ header: line('6 XYZ1234566'), body: [line('निर्वाचक का नाम: सुनीता देवी पित्ता का नाम रमेश कुमार'), line('आयु : 40 लिंग: महिला')] });
    expect(box).toMatchObject({ fullName: 'सुनीता देवी', relation: 'father', relativeName: 'रमेश कुमार' });
  });

  it('should leave a name alone that only looks like a short label', () => {
    expect(innerLabelStart('सुनीता पतिराम देवी')).toBe(-1);
    expect(innerLabelStart('Ravi Fathima Rao')).toBe(-1);
  });
});
