import { describe, expect, it } from 'vitest';
import { parseBox, type TextLine } from './box-fields';
import type { GrayImage } from './gray-image';
import type { OcrEngine, OcrLine, OcrModels } from './ocr';
import { checkScannedHouses } from './house-readings';
import { checkScannedNames, type NamePiece, namePieces } from './second-readings';

// The second look at a Devanagari scan's unsure names and a Marathi scan's unsure house numbers
// (read-page.ts checkScannedNames, checkScannedHouses). Both read their pieces stacked, at twice
// the size: pieces 10 pixels high with an 18-pixel gap (6 × the reader's scale of 3) above each,
// so the k-th piece's words sit at 2 × (18 + 28k) in the enlarged picture. The fake engine
// answers piece k with the k-th text of the models asked, and records each call.
const GAP = 18;
const HEIGHT = 10;
type Answers = Partial<Record<OcrModels, [string, number][]>>;
function engine(answers: Answers): { ocr: OcrEngine; asked: { models: OcrModels; pieces: number }[] } {
  const asked: { models: OcrModels; pieces: number }[] = [];
  const read = async (models: OcrModels): Promise<OcrLine[]> => {
    const texts = answers[models] ?? [];
    asked.push({ models, pieces: texts.length });
    return texts.map(([text, confidence], index) => {
      const y0 = 2 * (GAP + index * (HEIGHT + GAP));
      const words = text.split(' ').map((word, at) => ({ text: word, confidence, x0: at * 20, x1: at * 20 + 16, y0, y1: y0 + 2 * HEIGHT }));
      return { text, confidence, words, y0, y1: y0 + 2 * HEIGHT };
    });
  };
  return { ocr: { read } as unknown as OcrEngine, asked };
}
const blank = (width: number, height: number): GrayImage => ({ width, height, data: new Uint8Array(width * height).fill(255) });
const piece = blank(40, HEIGHT);
const words = (text: string, confidence: number) => text.split(' ').map((word) => ({ text: word, confidence }));
const line = (text: string, confidence = 0.95): TextLine => ({ words: words(text, confidence) });
// A Marathi box as the Marathi model read it from a scan: its name, father's name and house
// number at the given confidences.
function marathiBox(name: [string, number], father: [string, number], house: [string, number] = ['०४', 0.95]) {
  return parseBox({
    header: line('1,407 XYZ1234566'),
    body: [
      { words: [...line('मतदाराचे पूर्ण नाव :').words, ...words(...name)] },
      { words: [...line('वडिलांचे नाव :').words, ...words(...father)] },
      { words: [...line('घर क्रमांक :').words, ...words(...house)] },
      line('वय : ३९ लिंग : पु'),
    ],
  });
}
// The box's names as namePieces cuts them.
const piecesOf = (box: ReturnType<typeof marathiBox>): NamePiece[] => [
  { field: 'fullName', name: box.fullName as string, labelWords: words('मतदाराचे पूर्ण नाव :', 1), piece },
  { field: 'relativeName', name: box.relativeName as string, labelWords: words('वडिलांचे नाव :', 1), piece },
];
const flagged = (box: ReturnType<typeof marathiBox>, field: 'fullName' | 'relativeName' | 'houseNo') => box.review.some((reason) => reason.field === field);

describe('namePieces', () => {
  // A line as OCR gives it: each word 30 pixels wide with a 10-pixel space, at y 40 to 60.
  const ocrLine = (text: string): OcrLine => {
    const placed = text.split(' ').map((word, at) => ({ text: word, confidence: 0.9, x0: at * 40, x1: at * 40 + 30, y0: 40, y1: 60 }));
    return { text, confidence: 0.9, words: placed, y0: 40, y1: 60 };
  };
  const body = blank(600, 200);

  it("should cut each name's value after its label's colon, keep the label's words, and cut nothing from other lines", () => {
    const pieces = namePieces(body, [ocrLine('मतदाराचे पूर्ण नाव : पाटील ललित छन्नु'), ocrLine('वडिलांचे नाव : पाटील छन्नु'), ocrLine('घर क्रमांक : ०४'), ocrLine('वय : ३९ लिंग : पु')]);
    expect(pieces.map(({ field, name, labelWords }) => [field, name, labelWords.map((word) => word.text).join(' ')])).toEqual([
      ['fullName', 'पाटील ललित छन्नु', 'मतदाराचे पूर्ण नाव :'],
      ['relativeName', 'पाटील छन्नु', 'वडिलांचे नाव :'],
    ]);
    expect(pieces.every(({ labelWords }) => labelWords.every((word) => word.confidence === 1))).toBe(true);
    // From the colon's end (x 151) to the last word's end and a little (270 + 3); the line's height and a little.
    expect(pieces[0]?.piece).toMatchObject({ width: 273 - 151, height: 26 });
  });

  it('should read again a word its colon is joined to, so that all of the name is read again', () => {
    const [name] = namePieces(body, [ocrLine('मतदाराचे पूर्ण:पाटील ललित छन्नु')]);
    expect(name).toMatchObject({ field: 'fullName', name: 'पाटील ललित छन्नु' });
    expect(name?.labelWords.map((word) => word.text)).toEqual(['मतदाराचे']);
    // From the joined word's start (x 40, less 3) to the line's end.
    expect(name?.piece.width).toBe(153 - 37);
  });
});

describe('checkScannedNames', () => {
  it('should make unsure names sure when a sure second reading agrees, reading only the unsure names, in one call of the roll\'s models', async () => {
    const box = marathiBox(['पाटील आशा किरण', 0.79], ['पाटील किरण', 0.19]);
    const sure = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.74]);
    expect(flagged(box, 'fullName') && flagged(box, 'relativeName') && flagged(sure, 'relativeName')).toBe(true);
    const { ocr, asked } = engine({
      mar: [
        ['पाटील आशा किरण', 0.96],
        ['पाटील किरण', 0.95],
        ['पाटील रामसिंग', 0.93],
      ],
    });
    await checkScannedNames(ocr, 'mar', [piecesOf(box), piecesOf(sure)], [box, sure]);
    expect(asked).toEqual([{ models: 'mar', pieces: 3 }]);
    expect(box).toMatchObject({ fullName: 'पाटील आशा किरण', relativeName: 'पाटील किरण', confidence: { fullName: 0.96, relativeName: 0.95 }, review: [] });
    expect(sure).toMatchObject({ relativeName: 'पाटील रामसिंग', confidence: { fullName: 0.95, relativeName: 0.93 }, review: [] });
  });

  it('should keep the first reading, flagged, when the second differs or agrees without being sure', async () => {
    // The misread name read right the second time (unsure), and a right name misread the second time (surer).
    const misread = marathiBox(['पाटील माहेइवरी छन्नु', 0.63], ['पाटील छन्नु', 0.64]);
    // The same misreading twice, unsure both times: no witness.
    const twice = marathiBox(['पाटील माहेइवरी छन्नु', 0.63], ['पाटील छन्नु', 0.95]);
    await checkScannedNames(
      engine({
        mar: [
          ['पाटील माहेश्वरी छन्नु', 0.41],
          ['पाटील छृन्नु', 0.71],
          ['पाटील माहेइवरी छन्नु', 0.35],
        ],
      }).ocr,
      'mar',
      [piecesOf(misread), piecesOf(twice)],
      [misread, twice],
    );
    expect(misread).toMatchObject({ fullName: 'पाटील माहेइवरी छन्नु', relativeName: 'पाटील छन्नु', confidence: { fullName: 0.5, relativeName: 0.5 } });
    expect(misread.review).toEqual([
      { field: 'fullName', reason: 'low-confidence' },
      { field: 'relativeName', reason: 'low-confidence' },
    ]);
    expect(twice).toMatchObject({ fullName: 'पाटील माहेइवरी छन्नु', confidence: { fullName: 0.63 } });
    expect(flagged(twice, 'fullName')).toBe(true);
  });

  it("should keep the surer reading, flagged, when another model's second reading differs (a Hindi roll's witness)", async () => {
    // Read first by the Marathi model: one name misread unsure, one right name unsure.
    const misread = marathiBox(['सोहित वर्मा', 0.4], ['राम प्रसाद गुप्ता', 0.6]);
    await checkScannedNames(
      engine({
        hin: [
          ['मोहित वर्मा', 0.88],
          ['राम प्रसाद गुसा', 0.17],
        ],
      }).ocr,
      'hin',
      [piecesOf(misread)],
      [misread],
      false,
    );
    // The surer witness is taken, the unsure one is not; both stay flagged for a person.
    expect(misread).toMatchObject({ fullName: 'मोहित वर्मा', relativeName: 'राम प्रसाद गुप्ता', confidence: { fullName: 0.5, relativeName: 0.5 } });
    expect(flagged(misread, 'fullName') && flagged(misread, 'relativeName')).toBe(true);
  });

  it('should ask nothing when every name is sure, or an unsure name has no piece of its own', async () => {
    const sure = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91]);
    const unsure = marathiBox(['पाटील ललित छन्नु', 0.66], ['पाटील छन्नु', 0.64]);
    const { ocr, asked } = engine({});
    // The unsure box's pieces were cut from lines that read otherwise alone.
    const elsewhere = piecesOf(unsure).map((found) => ({ ...found, name: `${found.name} अ` }));
    await checkScannedNames(ocr, 'mar', [piecesOf(sure), elsewhere], [sure, unsure]);
    expect(asked).toEqual([]);
    expect(flagged(unsure, 'fullName') && flagged(unsure, 'relativeName')).toBe(true);
  });
});

describe('checkScannedHouses', () => {
  it("should make an unsure house sure when both models' second reading at twice the size agrees and is sure", async () => {
    const agrees = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['०४', 0.55]);
    const differs = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['plot no.', 0.31]);
    const sure = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['३', 0.95]);
    expect([agrees.houseNo, differs.houseNo]).toEqual(['04', 'plot no.']);
    const { ocr, asked } = engine({
      // Each word from the surer model: the Marathi model's ०४, the English one's "plot no.2".
      mar: [
        ['०४', 0.96],
        ['प्लॉट नं.२', 0.2],
      ],
      eng: [
        ['og', 0.2],
        ['plot no.2', 0.36],
      ],
    });
    await checkScannedHouses(ocr, [piece, piece, piece], [agrees, differs, sure], 'mar');
    expect(asked.map((call) => call.models).sort()).toEqual(['eng', 'mar']);
    expect(agrees).toMatchObject({ houseNo: '04', confidence: { houseNo: 0.96 } });
    expect(flagged(agrees, 'houseNo')).toBe(false);
    expect(differs).toMatchObject({ houseNo: 'plot no.', confidence: { houseNo: 0.31 } });
    expect(flagged(differs, 'houseNo')).toBe(true);
    expect(sure).toMatchObject({ houseNo: '3', confidence: { houseNo: 0.95 } });
  });

  it('should keep an agreeing reading flagged when the second reading is unsure too, and ask nothing without an unsure house', async () => {
    const unsureTwice = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['०४', 0.55]);
    await checkScannedHouses(engine({ mar: [['०४', 0.6]], eng: [['og', 0.2]] }).ocr, [piece], [unsureTwice], 'mar');
    expect(unsureTwice.confidence.houseNo).toBe(0.55);
    expect(flagged(unsureTwice, 'houseNo')).toBe(true);
    const { ocr, asked } = engine({});
    const sure = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91]);
    // A box without a house piece (its line was not read) is not asked about either.
    await checkScannedHouses(ocr, [piece, null], [sure, marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['०४', 0.5])], 'mar');
    expect(asked).toEqual([]);
  });

  it("should read a Hindi scan's unsure Latin numbers again by the English model alone: confirming, correcting flagged, never a number with letters", async () => {
    const confirmed = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['81', 0.53]);
    const dropped = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['5/72(2)', 0]);
    const unsureToo = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['5/202)', 0]);
    const withLetters = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['81डी3', 0]);
    const { ocr, asked } = engine({
      eng: [
        ['81', 0.85],
        ['115/12(2}', 0.81],
        ['115/12(2}', 0.66],
      ],
    });
    await checkScannedHouses(ocr, [piece, piece, piece, piece], [confirmed, dropped, unsureToo, withLetters], 'hin');
    expect(asked).toEqual([{ models: 'eng', pieces: 3 }]);
    expect(confirmed).toMatchObject({ houseNo: '81', confidence: { houseNo: 0.9 } });
    expect(flagged(confirmed, 'houseNo')).toBe(false);
    // The brace read for the closing bracket made one again.
    expect(dropped).toMatchObject({ houseNo: '115/12(2)', confidence: { houseNo: 0.5 } });
    expect(unsureToo).toMatchObject({ houseNo: '5/202)', confidence: { houseNo: 0 } });
    expect(withLetters.houseNo).toBe('81डी3');
    for (const box of [dropped, unsureToo, withLetters]) expect(flagged(box, 'houseNo')).toBe(true);
  });

  it("should make a Hindi scan's number sure when the English model reads it the same again and one reading is half sure", async () => {
    // As checkHouseDigits leaves them: the English reading, the Devanagari one agreeing but for its 1s.
    const halfSure = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['115/12(2)', 0.4]);
    const unsure = marathiBox(['पाटील योगेश सुभाष', 0.95], ['पाटील रामसिंग', 0.91], ['115/12(2)', 0.3]);
    const { ocr } = engine({
      eng: [
        ['115/12(2)', 0.73],
        ['115/12(2}', 0.45],
      ],
    });
    await checkScannedHouses(ocr, [piece, piece], [halfSure, unsure], 'hin');
    expect(halfSure).toMatchObject({ houseNo: '115/12(2)', confidence: { houseNo: 0.9 } });
    expect(flagged(halfSure, 'houseNo')).toBe(false);
    expect(unsure).toMatchObject({ houseNo: '115/12(2)', confidence: { houseNo: 0.3 } });
    expect(flagged(unsure, 'houseNo')).toBe(true);
    // A Marathi scan's reading is its two models' own: agreeing unsure, it stays flagged (above).
  });
});
