import type { RollRect } from '@shared/rolls/roll-types';
import type { BoxText, TextLine } from './box-fields';
import { headerLineEnd, whiteOut } from './box-photos';
import { duplicateMark } from './duplicate-mark';
import { addGarbledKnowns, garbledHeader } from './garbled-box';
import { cropGray, eraseRules, type GrayImage, type PixelRect } from './gray-image';
import { type Bitmap, bitmap, inkBox, inkRuns, textBands } from './label-templates';
import { ocrProfile } from './language-profiles';
import { type LabelledValues, learnLabels, valuesAfterLabels } from './latin-labels';
import type { OcrEngine, OcrLanguage, OcrLine } from './ocr';
import { grayPng, lineRest, marginPng, ocrToLines } from './ocr-pieces';
import { LINE_MIN, SCALE } from './page-scale';
import type { PageSource } from './page-source';
import type { PageReadState } from './read-state';
import { type NamePiece, namePieces } from './second-readings';

// Stage 3 for a scanned box (box-reading.ts): the box cut into the pieces OCR reads.

// The left half of a box's header, where its serial number is printed in a small frame: the
// frame's columns (inked over most of the header's height) and rules whited out, cut to the ink
// left (OCR's time follows the pixels it is given, and the half is mostly paper: cut to the
// digits, the page's serials cost a fifth). Null when no ink is left.
// `frameBelow`: the level the page's lines were found at (a faint scan's frame is light grey:
// box-finder.ts); a ward list's serial sits on a grey fill, which that level would take for ink.
export function serialZone(crop: GrayImage, headerEnd: number, frameBelow = 140): GrayImage | null {
  const zone = cropGray(crop, { x: 0, y: 0, width: Math.round(crop.width * 0.5), height: headerEnd });
  for (let x = 0; x < zone.width; x += 1) {
    let ink = 0;
    for (let y = 0; y < zone.height; y += 1) if ((zone.data[y * zone.width + x] ?? 255) < frameBelow) ink += 1;
    if (ink > zone.height * 0.6) for (let y = 0; y < zone.height; y += 1) zone.data[y * zone.width + x] = 255;
  }
  const cleaned = eraseRules(zone, 12 * SCALE, frameBelow);
  const ink = inkBox(bitmap(cleaned), { x: 0, y: 0, width: cleaned.width, height: cleaned.height });
  if (!ink) return null;
  const margin = SCALE;
  return cropGray(cleaned, { x: ink.x - margin, y: ink.y - margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin });
}

// A box between being cut into pieces and being parsed (readPage).
export interface PreparedBox {
  rect: RollRect;
  // The box's text when it was read whole (or came from the text layer); a labelled box's is
  // put together from its values once the page's pieces are read.
  boxText: BoxText | null;
  labelled: LabelledValues | null;
  epicPicture: GrayImage | null;
  readEpic: boolean; // the EPIC is read from its picture with the page's other EPICs
  serialZone: GrayImage | null;
  mark: boolean; // the "**" mark, found by its shape
  ageLine: GrayImage | null;
  devanagariScan: boolean; // read whole by a Devanagari model (its house number is checked)
  houseValue: GrayImage | null; // such a box's house number, cut from its line (houseValuePiece)
  namePieces: NamePiece[]; // such a box's names as first read, each with its value's picture
}

// The EPIC alone, cut from the header line's right: OCR's time follows the width it reads, and
// beside the serial's small digits in their frame, OCR misreads it (the serial has its own
// reading). Null when the header's right holds no ink.
export function epicPiece(crop: GrayImage, ink: Bitmap, headerEnd: number): GrayImage | null {
  const runs = inkRuns(ink, { top: 0, bottom: headerEnd }, 4 * SCALE, 0, crop.width);
  const last = runs[runs.length - 1];
  if (!last || last.x0 < crop.width * 0.3 || last.x1 - last.x0 < 5 * SCALE) return null;
  return cropGray(crop, { x: last.x0, y: 0, width: last.x1 - last.x0, height: headerEnd + 2 });
}

// A Devanagari scan's age line ("वय : ४३ लिंग : पु", "आयु : 30 लिंग : पुरुष"), for the same second
// look as a Latin box's; null when OCR found no such line.
export const AGE_LINE = /वय|आयु/u;

export function devanagariAgeLine(image: GrayImage, lines: OcrLine[]): GrayImage | null {
  const line = lines.find((candidate) => AGE_LINE.test(candidate.text));
  if (!line) return null;
  const top = Math.max(0, line.y0 - SCALE);
  return cropGray(image, { x: 0, y: top, width: image.width, height: Math.min(image.height, line.y1 + 2 * SCALE) - top });
}

// A house number on a Devanagari scan printed in Latin digits ("115/12(2)", "81डी3"): its value
// cut from its line, from the end of the label (the Devanagari model may have dropped the first
// digit, so the cut does not start at the first digit it saw) to the line's end. Null when
// the line shows no Latin digit (no number, or one printed in Devanagari digits).
export const HOUSE_LINE = /मकान|घर\s*क्र/u;

export function houseValuePiece(image: GrayImage, lines: OcrLine[]): GrayImage | null {
  const line = lines.find((candidate) => HOUSE_LINE.test(candidate.text));
  const at = line?.words.findIndex((word) => /[0-9]/u.test(word.text)) ?? -1;
  if (!line || at < 0) return null;
  const first = line.words[at] as OcrLine['words'][number];
  const from = Math.max(0, at > 0 ? (line.words[at - 1] as OcrLine['words'][number]).x1 + 1 : first.x0 - 3 * SCALE);
  return lineRest(image, line, from, line.words.slice(at));
}

// A Marathi scan's house number: its value, cut from the end of its label ("घर क्रमांक :") to
// the line's end, whatever it holds. Null when the line, its label or a value was not read.
export function marathiHouseValuePiece(image: GrayImage, lines: OcrLine[]): GrayImage | null {
  const line = lines.find((candidate) => HOUSE_LINE.test(candidate.text));
  if (!line) return null;
  let at = line.words.findIndex((word) => /क्रमांक|क्र\.?$/u.test(word.text));
  if (at < 0) return null;
  // The label's colon, when read as a word of its own.
  if (/^(?:[:;.]|ः)+$/u.test(line.words[at + 1]?.text ?? '')) at += 1;
  const rest = line.words.slice(at + 1);
  if (rest.length === 0) return null;
  return lineRest(image, line, (line.words[at] as OcrLine['words'][number]).x1 + 1, rest);
}

// What cutting a scanned box needs from its page.
export interface ScanContext {
  source: PageSource;
  ocr: OcrEngine;
  state: PageReadState;
  language: OcrLanguage;
}

// A box of a page read by OCR (or of a garbled page whose values could not be placed), cut into
// its pieces: the box without its frame lines and photo, its `**` mark found by its shape; a
// Latin box with known labels cut after them (latin-labels.ts), any other read whole: a Latin one
// by one model in one call (teaching its labels), a Devanagari one's body by the roll's page
// model and its header line by the English model alone, so no model spends time on text it
// cannot read. Its serial, EPIC and age line are cut for the page's stacked readings.
export async function prepareScannedBox(context: ScanContext, item: PreparedBox, box: PixelRect, photo: { left: number; top: number } | null): Promise<void> {
  const { source, ocr, state, language } = context;
  const garbled = source.path === 'garbled';
  const profile = ocrProfile(language);
  const inset = 4;
  const crop = cropGray(source.image, { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset });
  if (photo) whiteOut(crop, { x: photo.left - inset - 2, y: photo.top - inset - 2, width: crop.width, height: crop.height });
  const cleanCrop = eraseRules(crop, 12 * SCALE);
  let headerEnd: number;
  const headerLine = headerLineEnd(cleanCrop);
  let ink = bitmap(cleanCrop);
  const mark = garbled ? null : duplicateMark(ink, headerLine, SCALE, photo ? photo.left - inset : crop.width);
  if (mark) {
    whiteOut(cleanCrop, { x: mark.x - 2, y: mark.y - 2, width: mark.width + 4, height: mark.height + 4 });
    ink = bitmap(cleanCrop);
    item.mark = true;
  }
  const labelled = garbled || !profile.cutAfterLabels ? null : valuesAfterLabels(cleanCrop, ink, headerLine, state.labels ?? []);
  if (labelled) {
    headerEnd = headerLine;
    item.labelled = labelled;
    // The EPIC alone, as one line of capitals, digits and slashes: read among the values,
    // OCR doubles its round letters ("WWEO0338400").
    item.epicPicture = epicPiece(cleanCrop, ink, headerEnd);
    item.readEpic = true;
  } else if (profile.cutAfterLabels) {
    // One model reads the whole box in one call; the header line ends where its first line ends.
    const ocrLines = await ocr.read(profile.page, await grayPng(cleanCrop));
    learnLabels(state, ink, ocrLines.slice(1));
    const lines = ocrToLines(ocrLines);
    headerEnd = Math.min(Math.round(box.height * 0.35), (ocrLines[0]?.y1 ?? Math.round(box.height * 0.2)) + 4);
    item.boxText = { header: lines[0] ?? { words: [] }, body: lines.slice(1) };
  } else {
    headerEnd = headerLine;
    // A Devanagari word hangs from a headline as long as the word itself, longer than any
    // Latin letter: erased as a rule, names came out wrong (देव्रती as देप्रती, प्रसाद as प््ाद).
    // Across, only the frame's rules go here, which span the box.
    const devanagari = eraseRules(crop, 12 * SCALE, 140, Math.round(crop.width / 2));
    if (mark) whiteOut(devanagari, { x: mark.x - 2, y: mark.y - 2, width: mark.width + 4, height: mark.height + 4 });
    const bodyCrop = cropGray(devanagari, { x: 0, y: headerEnd, width: devanagari.width, height: devanagari.height - headerEnd });
    const bodyLines = await ocr.read(profile.page, await grayPng(bodyCrop));
    const body = ocrToLines(bodyLines);
    item.devanagariScan = true;
    item.namePieces = namePieces(bodyCrop, bodyLines);
    item.houseValue = profile.houses === 'mixed-script' ? marathiHouseValuePiece(bodyCrop, bodyLines) : houseValuePiece(bodyCrop, bodyLines);
    item.ageLine = devanagariAgeLine(bodyCrop, bodyLines);
    const headerPoints: RollRect = { x: item.rect.x, y: item.rect.y, width: item.rect.width, height: (photo ? photo.top : box.height * 0.25) / SCALE };
    let header: TextLine = garbled ? garbledHeader(source.content.runs, headerPoints) : { words: [] };
    if (header.words.length === 0) {
      const top = cropGray(cleanCrop, { x: 0, y: 0, width: cleanCrop.width, height: headerEnd + 2 });
      header = ocrToLines(await ocr.read('eng', await marginPng(top), 'line'))[0] ?? { words: [] };
    }
    item.boxText = { header, body };
  }
  if (garbled && item.boxText) addGarbledKnowns(item.boxText, source.content.runs, item.rect);
  // Small printed serials are OCR's weakest spot: read again, digits only, from the left half
  // of the header (the EPIC is on the right).
  if (!garbled) item.serialZone = serialZone(crop, headerEnd, source.lineLevel);
  // The labelled reading cut the EPIC's picture already.
  if (!garbled && !labelled) item.epicPicture = epicPiece(cleanCrop, ink, headerEnd);
  // A Latin box's last line is its age and gender, kept for a second look at an unsure age.
  const lastBand = profile.cutAfterLabels && !garbled ? textBands(ink, LINE_MIN, headerEnd).at(-1) : undefined;
  if (lastBand) {
    const top = Math.max(0, lastBand.top - SCALE);
    item.ageLine = cropGray(cleanCrop, { x: 0, y: top, width: cleanCrop.width, height: Math.min(cleanCrop.height, lastBand.bottom + 2 * SCALE) - top });
  }
}
