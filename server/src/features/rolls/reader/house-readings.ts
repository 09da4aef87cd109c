import { ROLL_REVIEW_CONFIDENCE } from '@shared/rolls/roll-types';
import { numberDigits, type ParsedBox, type TextWord } from './box-fields';
import { type GrayImage } from './gray-image';
import { type OcrEngine, type OcrLanguage, type OcrWord, spacedText } from './ocr';
import { type PlacedWord, readPieces } from './ocr-pieces';
import { HOUSE_SURE } from './second-readings';

// Two readings of one line merged as tesseract merges its models' readings in a worker holding
// both: word by word, the surer. Words of the two that overlap across the line are one place; a
// place takes the words of the reading surer of them on average (a reading with no word there
// is sure of nothing). A worker with both models held 45-65 MB more; it could also read one word
// in two scripts ("२B"): here a word the English reading wins keeps the Devanagari digits the
// Marathi reading has in it (devanagariDigitsKept).
export function surerWords(first: PlacedWord[], second: PlacedWord[]): PlacedWord[] {
  type Tagged = { word: PlacedWord; from: number };
  const tagged: Tagged[] = [...first.map((word) => ({ word, from: 0 })), ...second.map((word) => ({ word, from: 1 }))].sort((a, b) => a.word.x0 - b.word.x0);
  const chosen: PlacedWord[] = [];
  for (let at = 0; at < tagged.length; ) {
    let end = (tagged[at] as Tagged).word.x1;
    let next = at + 1;
    for (; next < tagged.length && (tagged[next] as Tagged).word.x0 < end; next += 1) end = Math.max(end, (tagged[next] as Tagged).word.x1);
    const place = tagged.slice(at, next);
    const sureness = [0, 1].map((from) => {
      const words = place.filter((item) => item.from === from);
      return words.length === 0 ? 0 : words.reduce((sum, item) => sum + item.word.confidence, 0) / words.length;
    });
    const winner = (sureness[1] as number) > (sureness[0] as number) ? 1 : 0;
    // The English reading taken where the Marathi one read a Devanagari digit in it: that digit kept.
    const marathi = place.find((item) => item.from === 0);
    const english = place.find((item) => item.from === 1);
    const mixed = winner === 1 && place.length === 2 && marathi && english ? devanagariDigitsKept(marathi.word, english.word) : null;
    chosen.push(...(mixed ? [mixed] : place.filter((item) => item.from === winner).map((item) => item.word)));
    at = next;
  }
  return chosen;
}

// A Latin model reads a Devanagari digit as a Latin look-alike ("०३" as "08", "२A" as "QA",
// "२B" as "3B"), surely; the Marathi model reads those digits right but not the Latin letters
// beside them ("२&"). Where both read one word of as many characters, each Devanagari digit of
// the Marathi reading replaces the English reading's character at its place when that is
// another digit or a Q (२'s look-alike). Never ०: it is also how the Marathi model reads a
// Latin O or D ("No.3A" as "५०.३८", "३ D" as "३०"). Null when nothing is replaced.
export const DEVANAGARI_DIGIT = /^[१-९]$/u;

export const DIGIT_LOOKALIKES = /^[0-9Qq]$/u;

export function devanagariDigitsKept(marathi: PlacedWord, english: PlacedWord): PlacedWord | null {
  const devanagari = [...marathi.text];
  const latin = [...english.text];
  if (devanagari.length !== latin.length) return null;
  let replaced = false;
  const text = latin
    .map((character, at) => {
      const digit = devanagari[at] as string;
      if (!DEVANAGARI_DIGIT.test(digit) || !DIGIT_LOOKALIKES.test(character) || numberDigits(digit) === character) return character;
      replaced = true;
      return digit;
    })
    .join('');
  return replaced ? { ...english, text, confidence: Math.min(marathi.confidence, english.confidence) } : null;
}

// A Devanagari scan's unsure house number is read a second time, from its value at twice the
// size: a Marathi scan's as the first (both models, each word from the surer), a Hindi scan's
// when it is a Latin number alone ("115/12(2)", which the English model reads) by the English
// model. A second reading that agrees and is sure of itself makes it sure; otherwise it stays
// flagged as it was, but for a Hindi scan's number the English model read otherwise and surely,
// which is taken (flagged). On the scanned ward list 8 of its 11 unsure houses ("०४" at 55-75%,
// the Marathi model's) so confirmed, all right but one that differs from the print by a space
// ("Plot 3D" for "Plot 3 D"); on the Hindi scan one of its five unsure numbers confirmed and
// one corrected. Not a Marathi scan's reading that differs: there the second was no better
// ("RA" for 2 A, "plotno.3A").
export const LATIN_HOUSE_NUMBER = /^[0-9][0-9/()-]*$/u;

export const THREE_AGREE_SURE = 0.5;

export async function checkScannedHouses(ocr: OcrEngine, pieces: (GrayImage | null)[], boxes: ParsedBox[], language: Exclude<OcrLanguage, 'eng'>): Promise<void> {
  const again = boxes.flatMap((box, index) => {
    const piece = pieces[index];
    if (box.houseNo === null || box.confidence.houseNo >= ROLL_REVIEW_CONFIDENCE || !piece) return [];
    return language === 'mar' || LATIN_HOUSE_NUMBER.test(box.houseNo) ? [{ box, piece }] : [];
  });
  if (again.length === 0) return;
  const larger = again.map((item) => item.piece);
  const [marathi, english] = await Promise.all([language === 'mar' ? readPieces(ocr, 'mar', larger, { enlarge: 2 }) : [], readPieces(ocr, 'eng', larger, { enlarge: 2 })]);
  again.forEach(({ box }, index) => {
    const second = { ...box, confidence: { ...box.confidence }, review: [] };
    takeHouseReading(second, surerWords(marathi[index] ?? [], english[index] ?? []));
    const sure = second.confidence.houseNo >= ROLL_REVIEW_CONFIDENCE;
    // The English model reads this print's closing bracket as a brace now and then ("115/12(2}").
    const again = language === 'hin' ? (second.houseNo?.replaceAll('{', '(').replaceAll('}', ')') ?? null) : second.houseNo;
    if (again === box.houseNo) {
      // On a Hindi scan the number kept so far agrees with the Devanagari model's reading (but for
      // the 1s it drops: checkHouseDigits): read the same again by the English model, three
      // readings by two models agree, and half a certainty is enough ("115/12(2)" at 57 to 73%
      // three times on the Hindi page, right each time).
      const threeAgree = language === 'hin' && Math.max(box.confidence.houseNo, second.confidence.houseNo) >= THREE_AGREE_SURE;
      if (!sure && !threeAgree) return;
      box.confidence.houseNo = Math.max(HOUSE_SURE, box.confidence.houseNo, second.confidence.houseNo);
      box.review = box.review.filter((reason) => reason.field !== 'houseNo');
    } else if (language === 'hin' && sure && again !== null && LATIN_HOUSE_NUMBER.test(again) && second.confidence.houseNo > box.confidence.houseNo) {
      // A Hindi scan's number read otherwise and surely: the Devanagari reading had dropped its
      // 1s ("5/72(2)" for 115/12(2)). Taken, still flagged: two readings differed.
      box.houseNo = again;
      box.confidence.houseNo = Math.min(second.confidence.houseNo, 0.5);
    }
  });
}

// A ward list's house numbers mix scripts: Latin letters beside Devanagari digits ("२A", "Plot
// No ०३/A", "Borole Nagar २"). The Marathi model alone reads the Latin letters as Devanagari
// ("२&", "र"), the English one the digits as letters; the two readings merged keep each word's
// surer (surerWords). That reading of the value alone replaces the box's, at its least sure
// word's confidence.
export function takeHouseReading(box: ParsedBox, words: (TextWord & Pick<OcrWord, 'spaces'>)[]): void {
  // The spaces OCR joined over put back: "Plot 3 D" as printed, not "Plot 3D".
  const text = numberDigits(words.map(spacedText).join(' ')).replace(/^(?:[\s:;.]|ः)+/u, '').trim();
  if (!text) return;
  box.houseNo = text;
  box.confidence.houseNo = Math.min(...words.map((word) => word.confidence));
  box.review = box.review.filter((reason) => reason.field !== 'houseNo');
  if (box.confidence.houseNo < ROLL_REVIEW_CONFIDENCE) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
}

// The Devanagari models read Latin digits badly, a 1 worst (a danda to them, often dropped):
// "115/12(2)" as "5/2(2)", "35/116" as "35/06", "105" as "05" (16 of the Hindi sample's 30 house
// numbers wrong). The English model reads the same digits again. Its number replaces the
// Devanagari reading when the two differ by 1s alone, or when it read a whole word as a number
// and was sure of it; the letters after the number stay the Devanagari model's ("81डी3"). A
// number-only house is then as sure as the English reading (two readings that agree: the surer);
// one with letters after keeps its flag, since the English model cannot read those. A house
// with no digit at all is flagged: the Hindi sample's "27 जे" was read "श जे", at 91%.
export const HOUSE_NUMBER = /^[0-9][0-9/()-]*/u;

export const ENGLISH_DIGITS_SURE = 0.85;

export const withoutOnes = (text: string) => text.replaceAll('1', '');

export function checkHouseDigits(box: ParsedBox, english: TextWord[]): void {
  if (box.houseNo && !/\d/u.test(box.houseNo)) {
    box.confidence.houseNo = Math.min(box.confidence.houseNo, 0.6);
    if (!box.review.some((reason) => reason.field === 'houseNo')) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
    return;
  }
  const word = english[0];
  const englishNumber = word?.text.match(HOUSE_NUMBER)?.[0];
  if (!box.houseNo || !word || !englishNumber) return;
  // Dandas or bars the Devanagari model kept for the 1s in front ("॥5/2(2)").
  const rest = box.houseNo.replace(/^[।॥|!]+/u, '');
  const number = rest.match(HOUSE_NUMBER)?.[0] ?? '';
  const after = rest.slice(number.length);
  const lostOnes = englishNumber.length > number.length && withoutOnes(englishNumber) === withoutOnes(number);
  const sureWhole = word.text === englishNumber && word.confidence >= ENGLISH_DIGITS_SURE;
  if (englishNumber !== number && !lostOnes && !sureWhole) return;
  box.houseNo = englishNumber + after;
  if (after.trim() !== '') return;
  box.confidence.houseNo = Math.min(0.95, englishNumber === number ? Math.max(box.confidence.houseNo, word.confidence) : word.confidence);
  box.review = box.review.filter((reason) => reason.field !== 'houseNo');
  if (box.confidence.houseNo < ROLL_REVIEW_CONFIDENCE) box.review.push({ field: 'houseNo', reason: 'low-confidence' });
}
