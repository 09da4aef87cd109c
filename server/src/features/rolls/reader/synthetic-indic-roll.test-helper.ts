import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { syntheticEpic } from './synthetic-roll.test-helper';

// A roll with a right Gujarati or Devanagari text layer, as ECI prints them (no real person in
// it: made-up names). pdfkit shapes the text with the Noto fonts the slips already use, and keeps
// the glyphs in the order they are drawn, each glyph's characters in its text layer: pdf.js then
// reads a pre-base vowel sign before its consonant and a reph after its syllable ("િપતાનું" for
// પિતાનું), as on the ECI Gujarati rolls of issue 53. A stand-in for those rolls, of which the
// samples hold none.
const require = createRequire(import.meta.url);
const FONTS = {
  guj: require.resolve('@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf'),
  mar: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  hin: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
};

export interface IndicVoter {
  serial: number;
  epic: string;
  name: string;
  relation: 'father' | 'husband';
  relative: string;
  house: string;
  age: number;
  gender: 'Male' | 'Female';
}

type Language = keyof typeof FONTS;
export type IndicLabels = { name: string; father: string; husband: string; house: string; age: string; gender: string; Male: string; Female: string };
const LABELS: Record<Language, IndicLabels> = {
  guj: { name: 'નામ', father: 'પિતાનું નામ', husband: 'પતિનું નામ', house: 'ઘર નંબર', age: 'ઉંમર', gender: 'જાતિ', Male: 'પુરુષ', Female: 'સ્ત્રી' },
  mar: { name: 'मतदाराचे पूर्ण नाव', father: 'वडिलांचे नाव', husband: 'पतीचे नाव', house: 'घर क्रमांक', age: 'वय', gender: 'लिंग', Male: 'पुरुष', Female: 'स्त्री' },
  hin: { name: 'निर्वाचक का नाम', father: 'पिता का नाम', husband: 'पति का नाम', house: 'मकान संख्या', age: 'आयु', gender: 'लिंग', Male: 'पुरुष', Female: 'महिला' },
};

// Made-up names with the signs that come out in drawing order: ि before its consonant, the reph.
// (pdfkit gives a glyph one text, that of its first use: the Devanagari names avoid a reph over
// ि, whose glyph is the one of "िं" in लिंग.)
const NAMES: Record<Language, { given: string[]; surnames: string[] }> = {
  guj: { given: ['કિરણ', 'નિર્મલા', 'દિનેશ', 'ર્મિલા', 'વિજય', 'કિશોર', 'પ્રિયા', 'ધર્મેશ'], surnames: ['પટેલ', 'મિસ્ત્રી', 'ત્રિવેદી', 'શર્મા'] },
  mar: { given: ['किरण', 'निर्मला', 'दिनेश', 'सुनीता', 'विजय', 'किशोर', 'प्रिया', 'धर्मेंद्र'], surnames: ['पाटील', 'मिस्त्री', 'त्रिवेदी', 'शर्मा'] },
  hin: { given: ['किरण', 'निर्मला', 'दिनेश', 'सुनीता', 'विजय', 'किशोर', 'प्रिया', 'धर्मेंद्र'], surnames: ['सिंह', 'मिश्रा', 'त्रिवेदी', 'शर्मा'] },
};

export function indicVoters(language: Language, count: number): IndicVoter[] {
  const { given, surnames } = NAMES[language];
  return Array.from({ length: count }, (_, index) => {
    const surname = surnames[index % surnames.length] as string;
    const relation = index % 3 === 1 ? 'husband' : 'father';
    return {
      serial: index + 1,
      epic: syntheticEpic(index + 1),
      name: `${surname} ${given[index % given.length] as string}`,
      relation,
      relative: `${surname} ${given[(index + 3) % given.length] as string}`,
      house: String(10 + index),
      age: 21 + index * 2,
      gender: relation === 'husband' || index % 2 === 0 ? 'Female' : 'Male',
    };
  });
}

// One page of 3 × 10 boxes a page, ruled, the values after their labels as on an ECI roll.
// `labels`: other spellings of the labels and gender words (older rolls print "પિતાનુ નામ").
export async function writeIndicRoll(file: string, language: Language, voters: IndicVoter[], labels: IndicLabels = LABELS[language]): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const out = createWriteStream(file);
  doc.pipe(out);
  const boxWidth = 181;
  const boxHeight = 72;
  voters.forEach((voter, index) => {
    const onPage = index % 30;
    if (index > 0 && onPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    if (onPage === 0) doc.font('Helvetica').fontSize(8).text('Part No. : 7', 480, 20, { lineBreak: false });
    const x = 25 + (onPage % 3) * (boxWidth + 2);
    const y = 50 + Math.floor(onPage / 3) * (boxHeight + 3);
    doc.lineWidth(1).rect(x, y, boxWidth, boxHeight).stroke();
    doc.lineWidth(0.8).rect(x + 4, y + 3, 30, 11).stroke();
    doc.font('Helvetica').fontSize(7).text(String(voter.serial), x + 10, y + 5, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).text(voter.epic, x + boxWidth - 60, y + 5, { lineBreak: false });
    const line = (text: string, top: number) => doc.font(FONTS[language]).fontSize(7).text(text, x + 4, y + top, { lineBreak: false });
    line(`${labels.name} : ${voter.name}`, 18);
    line(`${labels[voter.relation]} : ${voter.relative}`, 30);
    line(`${labels.house} : ${voter.house}`, 42);
    line(`${labels.age} : ${voter.age}     ${labels.gender} : ${labels[voter.gender]}`, 54);
  });
  doc.end();
  await new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}
