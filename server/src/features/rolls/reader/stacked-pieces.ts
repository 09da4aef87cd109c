import type { TextWord } from './box-fields';
import type { GrayImage } from './gray-image';
import { surerWords } from './house-readings';
import type { OcrEngine, OcrLanguage, OcrWord } from './ocr';
import { type PlacedWord, readPieces } from './ocr-pieces';
import { EPIC_CHARACTERS } from './page-scale';
import type { PreparedBox } from './scan-box';

// Stage 4 of reading a page (read-page.ts): the pieces every box of the page was cut into, read
// stacked, kind by kind, so that OCR's fixed cost of a call (about half the time of reading a
// serial number alone) is paid a few times a page rather than three times a box (decision 050):
// the values after known labels, the EPICs (one line of capitals and digits each), the serial
// numbers (digits only, twice as large) and a Devanagari scan's house values. A labelled box's
// text is put together from its values; a serial read so is kept over the box's own reading.
// Gives each box's house-value reading (none for a box without one).
export async function readStackedPieces(ocr: OcrEngine, prepared: PreparedBox[], language: OcrLanguage | null): Promise<(TextWord & Pick<OcrWord, 'spaces'>)[][]> {
  const withValues = prepared.filter((item) => item.labelled);
  const valueWords = await readPieces(ocr, 'eng', withValues.flatMap((item) => item.labelled?.pieces ?? []));
  const withEpic = prepared.filter((item) => item.readEpic && item.epicPicture);
  const epicWords = await readPieces(ocr, 'eng', withEpic.map((item) => item.epicPicture as GrayImage), { only: EPIC_CHARACTERS });
  const withSerial = prepared.filter((item) => item.serialZone);
  // Twice as large: the serial is printed in a small font. Three times, as the "best" model
  // wanted, the fast one misread one serial in six of the English part (page 29's "764" as "4",
  // page 21's "525" as "925"); twice, none of its 986 after the run's check (1.5 times: as good).
  const serialWords = await readPieces(ocr, 'eng', withSerial.map((item) => item.serialZone as GrayImage), { only: '0123456789', enlarge: 2 });
  const withHouse = prepared.filter((item) => item.houseValue);
  const housePieces = withHouse.map((item) => item.houseValue as GrayImage);
  // A Marathi scan's house values are read by the Marathi and the English model, side by side,
  // and each word kept from the surer (surerWords); any other roll's by the English one.
  const houseWords: PlacedWord[][] =
    language === 'mar'
      ? await Promise.all([readPieces(ocr, 'mar', housePieces), readPieces(ocr, 'eng', housePieces)]).then(([marathi, english]) => marathi.map((words, index) => surerWords(words, english[index] ?? [])))
      : await readPieces(ocr, 'eng', housePieces);
  let nextValue = 0;
  for (const item of withValues) {
    const labelled = item.labelled as NonNullable<PreparedBox['labelled']>;
    const words = valueWords.slice(nextValue, nextValue + labelled.pieces.length);
    nextValue += labelled.pieces.length;
    const body = labelled.lines.map((parts) => ({
      words: parts.flatMap((part) => ('label' in part ? part.label.split(' ').map((text) => ({ text, confidence: 1 })) : (words[part.piece] ?? []))),
    }));
    item.boxText = { header: { words: epicWords[withEpic.indexOf(item)] ?? [] }, body };
  }
  withSerial.forEach((item, index) => {
    // A speck beside the number can read as a digit of its own ("7 23"): the surest number wins.
    const serial = (serialWords[index] ?? []).filter((word) => /^\d{1,5}$/u.test(word.text)).sort((a, b) => b.confidence - a.confidence)[0];
    if (serial && item.boxText) item.boxText.known = { ...item.boxText.known, serialNo: Number(serial.text), serialConfidence: serial.confidence };
  });
  return prepared.map((item) => (item.houseValue ? (houseWords[withHouse.indexOf(item)] ?? []) : []));
}
