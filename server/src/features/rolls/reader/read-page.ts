import type { RollPageResult, RollRect, RollVoterBox } from '@shared/rolls/roll-types';
import { type BoxText, parseBox, type TextWord } from './box-fields';
import { photoLeft, usualPhotoPlaces } from './box-photos';
import { prepareBox } from './box-reading';
import { readCoverPage } from './cover-page';
import { latinDigits } from './devanagari';
import { drawnText, glyphsIn } from './garbled-box';
import type { PixelRect } from './gray-image';
import { checkHouseDigits, takeHouseReading } from './house-readings';
import { ocrProfile } from './language-profiles';
import { type OcrEngine, type OcrLanguage, type OcrWord, watchedOcr } from './ocr';
import { png } from './ocr-pieces';
import { checkEpics, checkSerialRun } from './page-checks';
import { chooseLanguage } from './page-language';
import { inPoints, SCALE } from './page-scale';
import { loadPage, type PageSource } from './page-source';
import { takeTurn } from './page-turns';
import type { PDFDocumentProxy } from './pdf-pages';
import type { PageReadState, PageTurnsHeld } from './read-state';
import type { PreparedBox } from './scan-box';
import { AGE_SURE, checkAge, secondReadings } from './second-readings';
import { readStackedPieces } from './stacked-pieces';
import { runsIn, textLineFromRuns } from './text-lines';

// Reads one page of a roll into voter boxes: a pipeline of stages, each with one input and one
// output (docs/decisions: the roll reader as a pipeline):
//   1. page-source.ts    the page: text layer in logical order, rendering, voter boxes, photos,
//                        and the path its text takes (text layer, garbled layer, scan);
//   2. page-language.ts  the roll's language (language-profiles.ts: one profile a language);
//   3. box-reading.ts    each box's text: from the layer, the glyphs drawn, or cut for OCR;
//   4. stacked-pieces.ts the page's OCR pieces read stacked;
//   5. box-fields.ts     each box's fields parsed from its labelled lines;
//   6. second-readings.ts, house-readings.ts, page-checks.ts: values read again, by one rule,
//                        and the page's serial run and EPIC series.
// A page without voter boxes is a cover or another page (cover-page.ts).

export async function readPage(doc: PDFDocumentProxy, pageNumber: number, ocr: OcrEngine, state: PageReadState, signal?: AbortSignal): Promise<RollPageResult> {
  const turns = (state.turns ??= {});
  const learning = takeTurn(turns, 'learning');
  const series = takeTurn(turns, 'series');
  let usedOcr = false;
  try {
    const result = await readPageInTurn(doc, pageNumber, watchedOcr(ocr, () => (usedOcr = true)), state, { learning, series }, signal);
    // A garbled layer whose glyphs were all known was read as text (glyph-text.ts).
    if (result.method === 'ocr' && !usedOcr) result.method = 'text';
    return result;
  } finally {
    learning.release();
    series.release();
  }
}

async function readPageInTurn(doc: PDFDocumentProxy, pageNumber: number, ocr: OcrEngine, state: PageReadState, turns: PageTurnsHeld, signal?: AbortSignal): Promise<RollPageResult> {
  const source = await loadPage(doc, pageNumber);
  if (source.boxes.length === 0) return readCoverPage(source, ocr, state, turns, signal);

  await turns.learning.ready;
  const language = await pageLanguage(source, ocr, state);
  // Only a Latin scan's boxes learn (label pictures): any other page is done with what pages
  // share once its language is known, and the next page need not wait for its OCR (held to the
  // end, a Marathi roll's pages were read one after the other).
  if (language === null || !ocrProfile(language).cutAfterLabels) turns.learning.release();

  const photoPlaces = usualPhotoPlaces(
    source.boxes.map((box) => photoLeft(source.image, box, source.content.images)),
    Math.min(...source.boxes.map((box) => box.width)),
  );
  const prepared: PreparedBox[] = [];
  for (const [index, box] of source.boxes.entries()) {
    signal?.throwIfAborted();
    prepared.push(await prepareBox(source, ocr, state, language, box, photoPlaces[index] ?? null));
  }
  turns.learning.release();
  signal?.throwIfAborted();

  const facts = pageFacts(await stripText(source, ocr, language));
  const houseWords = await readStackedPieces(ocr, prepared, language);
  const voters: RollVoterBox[] = [];
  for (const [index, item] of prepared.entries()) {
    const parsed = await boxFields(ocr, item, houseWords[index] ?? [], language);
    voters.push({ page: pageNumber, rect: item.rect, partNo: facts.partNo, section: facts.section, ...parsed, photo: source.photos[index] ?? null });
  }
  // A scanned cover's or summary's table can draw four or more cells of one size (a Bihar roll's
  // totals came out as four "voters"): a page of voters shows an EPIC, or a serial and a name, in
  // most of its boxes.
  if (!source.hasText && !voterShaped(voters)) return readCoverPage({ ...source, boxes: [] }, ocr, state, turns, signal);
  await secondReadings(ocr, prepared, voters, language);
  checkSerialRun(voters);
  const headers = prepared.map((item) => (item.boxText?.header.words ?? []).map((word) => word.text).join(' '));
  await checkEpics(ocr, voters, headers, prepared.map((item) => item.epicPicture), state, turns.series, !source.hasText);
  return { page: pageNumber, kind: 'voters', method: source.path === 'text' ? 'text' : 'ocr', cover: null, voters };
}

export function voterShaped(voters: Pick<RollVoterBox, 'epic' | 'serialNo' | 'fullName'>[]): boolean {
  const shaped = voters.filter((voter) => voter.epic !== null || (voter.serialNo !== null && (voter.fullName ?? '').trim().length >= 2));
  return shaped.length * 2 > voters.length;
}

// Stage 2: the roll's language, for a page read by OCR or from a garbled layer; null for a right
// text layer (its labels say it). Told best by a voter box's labels (नाव/वय in Marathi, नाम/आयु
// in Hindi), from the glyphs drawn where they are all known.
async function pageLanguage(source: PageSource, ocr: OcrEngine, state: PageReadState): Promise<OcrLanguage | null> {
  if (source.path === 'text') return null;
  const sample = source.boxes[0] as PixelRect;
  const drawn = source.path === 'garbled' ? drawnText(glyphsIn(source.content, inPoints(sample))) : null;
  return chooseLanguage(ocr, source.image, { x: sample.x + 4, y: sample.y + 4, width: Math.round(sample.width * 0.7), height: sample.height - 8 }, state, source.pageText, drawn);
}

// The strip above the first row of boxes names the constituency, part and section.
async function stripText(source: PageSource, ocr: OcrEngine, language: OcrLanguage | null): Promise<string> {
  const { content, image } = source;
  const firstTop = Math.min(...source.boxes.map((box) => box.y));
  const strip: PixelRect = { x: 0, y: 0, width: image.width, height: Math.max(10, firstTop - 2) };
  const stripPoints: RollRect = { x: 0, y: 0, width: content.width, height: firstTop / SCALE };
  if (source.path === 'text') return textLineFromRuns(runsIn(content.runs, stripPoints)).map((line) => line.words.map((w) => w.text).join(' ')).join('\n');
  const drawn = source.path === 'garbled' ? drawnText(glyphsIn(content, stripPoints)) : null;
  return drawn ?? (await ocr.readRepeated(ocrProfile(language ?? 'eng').page, await png(image, strip))).map((line) => line.text).join('\n');
}

export function pageFacts(text: string): { partNo: number | null; section: string | null } {
  const plain = latinDigits(text);
  const part = plain.match(/(part\s*(number|no\.?)|भाग\s*(संख्या|क्रमांक|क्र\.?))\s*(?:[:.]|ः)*\s*(\d+)/iu)?.[4];
  const sectionMatch = plain.match(/(section\s*no\.?\s*and\s*name|अनुभाग\s*संख्या\s*(व|और)\s*नाम|यादी\s*भाग\s*क्र\.?\s*\d+)\s*(?::|ः)*\s*([^\n]+)/iu);
  // OCR may read the colon after the label apart from it (": 1-Station Road").
  return { partNo: part ? Number(part) : null, section: sectionMatch?.[3]?.replace(/^(?:[\s:;.]|ः)+/u, '').trim() || null };
}

// Stage 5: a box's fields from its text, a Devanagari scan's house number from its own reading,
// and an unsure age read again from its line.
async function boxFields(ocr: OcrEngine, item: PreparedBox, houseReading: (TextWord & Pick<OcrWord, 'spaces'>)[], language: OcrLanguage | null): Promise<ReturnType<typeof parseBox>> {
  const boxText: BoxText = item.boxText ?? { header: { words: [] }, body: [] };
  if (item.mark) boxText.body.push({ words: [{ text: '**', confidence: 0.9 }] });
  const parsed = parseBox(boxText);
  if (item.devanagariScan && language !== null) {
    if (ocrProfile(language).houses === 'mixed-script') takeHouseReading(parsed, houseReading);
    else checkHouseDigits(parsed, houseReading);
  }
  // An age not found at all is read again from its line too (a scan's small digits read as
  // letters); what that finds alone stays flagged (second-reading-rule.ts).
  if (item.ageLine && parsed.confidence.age < AGE_SURE) await checkAge(ocr, item.ageLine, parsed, item.devanagariScan ? ocrProfile(language ?? 'mar').page : 'eng');
  return parsed;
}
