import { ROLL_REVIEW_CONFIDENCE } from '@shared/rolls/roll-types';
import { ageInRange, numberDigits, type ParsedBox, parseBox, type TextWord } from './box-fields';
import type { GrayImage } from './gray-image';
import { checkScannedHouses } from './house-readings';
import { ocrProfile } from './language-profiles';
import { type LabelledValues, RELATIVE_FIELDS } from './latin-labels';
import type { OcrEngine, OcrLanguage, OcrLine, OcrModels } from './ocr';
import { lineRest, marginPng, ocrToLines, readPieces } from './ocr-pieces';
import { SCALE } from './page-scale';
import type { PreparedBox } from './scan-box';
import { AGREED_SURE, type SecondReadingRule, weighReadings } from './second-reading-rule';

// An age OCR was unsure of (under AGE_SURE) is read again from its line alone at twice the size
// (on the English sample "46" read as "48" at 81%, and again so from the line alone at the same
// size; twice as large it reads "46" at 93%). Two readings that agree make the age sure; two that
// differ leave the surer one for a person to check.
export const AGE_SURE = 0.9;
// The same English model reads the age again from another picture: a witness as good as the
// first reading.
const AGE_RULE: SecondReadingRule = { agree: 'sure', differ: 'surer' };

export async function checkAge(ocr: OcrEngine, line: GrayImage, box: ReturnType<typeof parseBox>, models: OcrModels = 'eng'): Promise<void> {
  const larger = await marginPng(line, 2);
  // Devanagari digits as numbers, and a colon the reading kept in front ("वय :४३") taken off.
  const words = (await ocr.read(models, larger, 'line', '', 2 * 72 * SCALE)).flatMap((read) => read.words).map((word) => ({ ...word, text: numberDigits(word.text).replace(/^(?::|ः)+/u, '') }));
  // The first number after the label, before the gender.
  const again = words.find((word) => /^\d{1,3}$/u.test(word.text));
  // Two readings of an age no voter has stay flagged as out of range, however sure.
  const kept = again ? weighReadings({ value: box.age, confidence: box.confidence.age }, { value: Number(again.text), confidence: again.confidence }, AGE_RULE) : null;
  box.review = box.review.filter((reason) => reason.field !== 'age');
  if (kept && kept.confidence >= ROLL_REVIEW_CONFIDENCE && ageInRange(kept.value as number)) {
    box.confidence.age = kept.confidence;
    return;
  }
  // No second reading: the first stays, as unsure as nothing read.
  box.age = kept?.value ?? box.age;
  box.confidence.age = Math.min(kept?.confidence ?? 0, 0.5);
  // The reason names what is wrong with the age kept: out of range, or two readings that differ.
  box.review.push({ field: 'age', reason: box.age !== null && !ageInRange(box.age) ? 'age-out-of-range' : 'low-confidence' });
}

// A Latin box's house number is read a second time, by English's "best" model, from its line
// (label and all, stacked with the page's others in one call). In this print the fast model reads
// a "1" after a slash as "4" and is sure of it ("94/4" at 94% for 94/1): on the English part 88
// of its 371 numbered houses were wrong, 40 of them not flagged. The best model reads most right.
// Two readings that agree make the number sure; where they differ, the best model's reading is
// taken if it is sure of it, else the surer of the two, flagged. A reading with characters no
// house number prints ("45/2¢", an unmatched bracket) is never sure.
export const HOUSE_SURE = AGREED_SURE;
// English's best model is the better reader of Latin house numbers: its sure reading is taken.
const BEST_ENGLISH_HOUSE: SecondReadingRule = { agree: 'sure', differ: 'second-when-sure' };

export const HOUSE_CHARACTERS = /^[A-Za-z\d/\-().,:& ]+$/u;

export const plausibleHouse = (house: string) => HOUSE_CHARACTERS.test(house) && house.split('(').length === house.split(')').length;

export async function checkHouses(ocr: OcrEngine, lines: (GrayImage | null)[], boxes: ReturnType<typeof parseBox>[]): Promise<void> {
  const withHouse = boxes.flatMap((box, index) => (box.houseNo && lines[index] ? [index] : []));
  if (withHouse.length === 0) return;
  const readings = await readPieces(ocr, 'eng-best', withHouse.map((index) => lines[index] as GrayImage));
  withHouse.forEach((at, index) => {
    const box = boxes[at] as ReturnType<typeof parseBox>;
    // The line as the best model read it, through the same parsing as the box's own lines.
    const again = parseBox({ header: { words: [] }, body: [{ words: readings[index] ?? [] }] });
    if (again.houseNo === null) return;
    // A reading no house number looks like is never sure, so never taken over the first.
    const second = { value: again.houseNo, confidence: plausibleHouse(again.houseNo) ? again.confidence.houseNo : Math.min(again.confidence.houseNo, ROLL_REVIEW_CONFIDENCE - 0.01) };
    const kept = weighReadings({ value: box.houseNo as string, confidence: box.confidence.houseNo }, second, BEST_ENGLISH_HOUSE);
    if (kept) {
      box.houseNo = kept.value;
      box.confidence.houseNo = kept.confidence;
    }
    if (!plausibleHouse(box.houseNo as string)) box.confidence.houseNo = Math.min(box.confidence.houseNo, 0.5);
    box.review = box.review.filter((reason) => reason.field !== 'houseNo');
    if (box.confidence.houseNo < ROLL_REVIEW_CONFIDENCE) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
  });
}

// A Latin box's unsure name or relative's name is read a second time, by English's best model,
// from the pieces its first reading read (stacked with the page's others in one call). On the
// English part 124 of its names went to review at under 80% and all but 21 of them read the same
// by the best model, right (checked by eye). Two readings that agree make the name sure; where
// they differ the surer is kept, flagged: the best model is not always right where the fast one
// doubts ("Igbal" at 85% for the fast model's "Iqbal" at 75%).
export const NAME_FIELDS = [
  { field: 'fullName', printed: (label: string) => label === 'name' },
  { field: 'relativeName', printed: (label: string) => RELATIVE_FIELDS.has(label) },
] as const;

export type NameField = (typeof NAME_FIELDS)[number]['field'];


export async function checkNames(ocr: OcrEngine, labelled: (LabelledValues | null)[], boxes: ReturnType<typeof parseBox>[]): Promise<void> {
  const again = boxes.flatMap((box, index) => {
    const values = labelled[index];
    const unsure = NAME_FIELDS.filter(({ field }) => box[field] !== null && box.confidence[field] < ROLL_REVIEW_CONFIDENCE);
    if (!values || unsure.length === 0) return [];
    const lines = values.lines.filter((_, at) => unsure.some(({ printed }) => printed(values.lineFields[at] ?? '')));
    return [{ box, unsure, lines, pieces: lines.flatMap((parts) => parts.flatMap((part) => ('piece' in part ? [values.pieces[part.piece] as GrayImage] : []))) }];
  });
  if (again.length === 0) return;
  const words = await readPieces(ocr, 'eng-best', again.flatMap((item) => item.pieces));
  let next = 0;
  for (const { box, unsure, lines } of again) {
    const body = lines.map((parts) => ({ words: parts.flatMap((part) => ('label' in part ? part.label.split(' ').map((text) => ({ text, confidence: 1 })) : (words[next++] ?? []))) }));
    const second = parseBox({ header: { words: [] }, body });
    for (const { field } of unsure) weighSecondName(box, field, second);
  }
}

// A name's second reading against its first, by the one rule (second-reading-rule.ts). A Latin
// name's second reading is English's best model: as good a reader, not better ("Igbal" at 85%
// for the fast model's "Iqbal" at 75%), so of two that differ the surer is kept, flagged.
const LATIN_NAME_RULE: SecondReadingRule = { agree: 'sure', differ: 'surer' };
export function weighSecondName(box: ReturnType<typeof parseBox>, field: NameField, second: ReturnType<typeof parseBox>, rule: SecondReadingRule = LATIN_NAME_RULE): void {
  const first = { name: box[field], confidence: box.confidence[field] };
  const other = { name: second[field], confidence: second.confidence[field] };
  if (other.name === null) return;
  const kept = weighReadings({ value: first.name, confidence: first.confidence }, { value: other.name, confidence: other.confidence }, rule);
  if (!kept) return;
  box.review = box.review.filter((reason) => reason.field !== field || reason.reason !== 'low-confidence');
  box[field] = kept.value;
  box.confidence[field] = kept.confidence;
  if (kept.confidence < ROLL_REVIEW_CONFIDENCE) box.review.push({ field, reason: 'low-confidence' });
}

// A name or relative's name of a Devanagari scan as its line alone reads, the words of its label
// (up to the colon) and the picture of its value (from the colon to the line's end), cut while
// the box's picture is at hand (a page's pieces are a few kilobytes each).
export interface NamePiece {
  field: NameField;
  name: string;
  labelWords: TextWord[];
  piece: GrayImage;
}

export function namePieces(image: GrayImage, lines: OcrLine[]): NamePiece[] {
  return lines.flatMap((line) => {
    const alone = parseBox({ header: { words: [] }, body: ocrToLines([line]) });
    const fields = NAME_FIELDS.filter(({ field }) => alone[field] !== null);
    if (fields.length === 0) return [];
    // The value starts after the last word with a colon; a word that goes on after its colon
    // ("पूर्ण:महाजन", read as one) is read again with the value, so all of the name is.
    const colon = line.words.findLastIndex((word) => /:|ः/u.test(word.text));
    const colonWord = line.words[colon];
    const joined = colonWord !== undefined && !/(?::|ः)$/u.test(colonWord.text);
    const valueFrom = joined ? colon : colon + 1;
    const valueWords = line.words.slice(valueFrom);
    if (valueWords.length === 0) return [];
    const from = !colonWord ? 0 : joined ? Math.max(0, colonWord.x0 - SCALE) : colonWord.x1 + 1;
    const piece = lineRest(image, line, from, valueWords);
    if (!piece) return [];
    const labelWords = line.words.slice(0, valueFrom).map((word) => ({ text: word.text, confidence: 1 }));
    return fields.map(({ field }) => ({ field, name: alone[field] as string, labelWords, piece }));
  });
}

// A Devanagari scan's unsure name or relative's name is read a second time, by the roll's own
// language's model (witnessModels), from its value alone at twice the size (the page's such
// values stacked in one call: another picture than the whole box the first reading saw). A
// second reading that agrees and is sure of itself makes the name sure; one that differs leaves
// the name flagged. `sameModel`: the first reading's model read it again (a Marathi roll), and
// the first reading is kept, since that model misread a right name as surely ("छृन्नु" for
// छन्नु); on the scanned ward list 7 of its 11 right unsure names were so confirmed, and its
// one misread name ("माहेइवरी" for माहेश्वरी) read otherwise and stays flagged. Another model (a
// Hindi roll's) is a witness like the English roll's best model: the surer reading is kept.
export async function checkScannedNames(ocr: OcrEngine, models: OcrModels, pieces: NamePiece[][], boxes: ReturnType<typeof parseBox>[], sameModel = true): Promise<void> {
  const again = boxes.flatMap((box, index) =>
    NAME_FIELDS.flatMap(({ field }) => {
      if (box[field] === null || box.confidence[field] >= ROLL_REVIEW_CONFIDENCE) return [];
      // The line whose reading alone gives the name the box has.
      const found = pieces[index]?.find((candidate) => candidate.field === field && candidate.name === box[field]);
      return found ? [{ box, found }] : [];
    }),
  );
  if (again.length === 0) return;
  const words = await readPieces(ocr, models, again.map((item) => item.found.piece), { enlarge: 2 });
  again.forEach(({ box, found }, index) => {
    const second = parseBox({ header: { words: [] }, body: [{ words: [...found.labelWords, ...(words[index] ?? [])] }] });
    // The same models can misread a name the same way twice, unsure both times ("माहेइवरी" at
    // 35%, read from the value at its own size): only a sure second reading is a witness.
    weighSecondName(box, found.field, second, { agree: 'when-second-sure', differ: sameModel ? 'first' : 'surer' });
  });
}

// Stage 6 of reading a page (read-page.ts): the values the first reading doubted, read again.
// A Latin box's house number always (decision 056), its unsure names, and a Devanagari scan's
// unsure house numbers and names (decisions 057, 058), each by its language profile's witness.
export async function secondReadings(ocr: OcrEngine, prepared: PreparedBox[], voters: ParsedBox[], language: OcrLanguage | null): Promise<void> {
  await checkHouses(ocr, prepared.map((item) => item.labelled?.houseLine ?? null), voters);
  await checkNames(ocr, prepared.map((item) => item.labelled), voters);
  if (language === null || language === 'eng') return;
  const profile = ocrProfile(language);
  await checkScannedHouses(ocr, prepared.map((item) => (item.devanagariScan ? item.houseValue : null)), voters, language);
  await checkScannedNames(ocr, profile.witness, prepared.map((item) => item.namePieces), voters, profile.witness === profile.page);
}
