import { type RollRect } from '@shared/rolls/roll-types';
import { type BoxText, type TextLine, type TextWord } from './box-fields';
import { hasDevanagari } from './devanagari';
import { type GarbledValueField, garbledValues, type GarbledValueSegment } from './garbled-values';
import { glyphsText, type PlacedGlyph } from './glyph-text';
import type { GlyphLearner } from './learned-glyphs';
import { cropGray, type GrayImage } from './gray-image';
import { type OcrEngine, type OcrLanguage } from './ocr';
import { readPieces } from './ocr-pieces';
import { SCALE } from './page-scale';
import { type PageContent, type TextRun } from './pdf-pages';
import { runsIn, textLineFromRuns } from './text-lines';

// OCR's word confidence a reading must have for every word to teach a glyph.
const LEARN_CONFIDENCE = 0.85;

// A garbled layer's Latin runs are right: the serial number, EPIC and cross-reference.
export function garbledHeader(runs: TextRun[], headerPoints: RollRect): TextLine {
  const latin = runsIn(runs, headerPoints).filter((run) => !hasDevanagari(run.text) && /[A-Z0-9]/u.test(run.text));
  return { words: textLineFromRuns(latin)[0]?.words.map((word) => ({ ...word, confidence: 0.99 })) ?? [] };
}

// What a garbled layer gives right beside the header: the age, printed in the digits font, and
// the duplicate mark, drawn as text.
export function addGarbledKnowns(boxText: BoxText, runs: TextRun[], rect: RollRect): void {
  const boxRuns = runsIn(runs, rect);
  const ageRuns = boxRuns.filter((run) => /^\d{1,3}$/u.test(run.text.trim()) && run.x < rect.x + rect.width * 0.35 && run.y > rect.y + rect.height * 0.6);
  const last = ageRuns.sort((a, b) => b.y - a.y)[0];
  if (last) boxText.known = { ...boxText.known, age: Number(last.text.trim()) };
  if (boxRuns.some((run) => run.text.includes('**'))) boxText.body.push({ words: [{ text: '**', confidence: 1 }] });
}

// A box of a garbled page: each value given by its glyphs where the font's glyphs are known
// (glyph-text.ts), the others cut out where the layer puts them, stacked and read in one OCR
// call (see garbled-values.ts). Null when the layout is not the expected one.
// `learner`: the glyphs this roll's font table lacks, learnt from earlier values' OCR
// (learned-glyphs.ts); each value read by OCR here teaches it in turn.
export async function readGarbledBox(ocr: OcrEngine, language: OcrLanguage, image: GrayImage, content: PageContent, rect: RollRect, textRight: number, learner?: GlyphLearner): Promise<BoxText | null> {
  // Only what stands left of the photo: a frame printed with "Photo Available" in it (a ward list
  // of the Daryapur kind) would otherwise be taken for a long name's second line, and the
  // name's piece reach down over the relative's line.
  const values = garbledValues(runsIn(content.runs, rect).filter((run) => run.x < textRight - 1), rect, textRight);
  if (!values) return null;
  const { segments } = values;
  const drawn = segments.map((segment) => textOfGlyphs(content, segment.rect, learner));
  const unread = segments.filter((_, index) => drawn[index] === null);
  // No rule erasing here: a piece holds no frame, and a bold name's headline (shirorekha) is a
  // long run of ink that the eraser would take for a rule.
  const pieces = unread.map((segment) => cropGray(image, { x: segment.rect.x * SCALE, y: segment.rect.y * SCALE, width: segment.rect.width * SCALE, height: segment.rect.height * SCALE }));
  const read = pieces.length > 0 ? await readPieces(ocr, language, pieces) : [];
  // A sure reading of a value on one line teaches its one unknown glyph, if it holds one.
  unread.forEach((segment, index) => {
    const words = read[index] ?? [];
    const glyphs = glyphsIn(content, segment.rect);
    const oneLine = glyphs.every((glyph) => Math.abs(glyph.baseline - (glyphs[0] as PlacedGlyph).baseline) < 2);
    if (learner && words.length > 0 && oneLine && words.every((word) => word.confidence >= LEARN_CONFIDENCE)) learner.learn(glyphs, words.map((word) => word.text).join(' '));
  });
  const of = (field: GarbledValueField): TextWord[] => {
    const index = segments.findIndex((segment) => segment.field === field);
    const text = drawn[index];
    // Drawn text is as sure as a right text layer.
    if (typeof text === 'string') return text.split(/\s+/u).filter(Boolean).map((word) => ({ text: word, confidence: 0.97 }));
    return read[unread.indexOf(segments[index] as GarbledValueSegment)] ?? [];
  };
  const house = values.houseNo ? [{ text: values.houseNo, confidence: 0.97 }] : of('house');
  const gender = values.gender ? [{ text: values.gender, confidence: 0.9 }] : of('gender');
  const label = (text: string) => ({ text, confidence: 1 });
  const firstLine = Math.min(...segments.map((segment) => segment.rect.y));
  const boxText: BoxText = {
    header: garbledHeader(content.runs, { x: rect.x, y: rect.y, width: rect.width, height: firstLine - rect.y }),
    // Printed labels put back in front of the values, so the parser reads them as on any roll.
    body: [{ words: [label('नाव:'), ...of('name')] }, { words: values.relativeLabel ? [...`${values.relativeLabel}:`.split(' ').map(label), ...of('relative')] : of('relative') }, { words: [label('घर क्रमांक:'), ...house] }, { words: [label('वय:'), label('लिंग:'), ...gender] }],
  };
  addGarbledKnowns(boxText, content.runs, rect);
  return boxText;
}

// A value's text from the glyphs drawn in its place, when every one of them is known and they are
// the very glyphs the text layer holds there (one character each in a garbled layer: a glyph
// placed elsewhere than the layer says is never taken). Null otherwise: OCR reads it.
export function textOfGlyphs(content: PageContent, rect: RollRect, learner?: GlyphLearner): string | null {
  if (content.glyphs.length === 0) return null;
  const drawnGlyphs = glyphsIn(content, rect);
  const glyphs = learner ? learner.readGlyphs(drawnGlyphs) : drawnGlyphs;
  // The layer's runs whose baselines lie in the place, as its glyphs are taken (a wrapped
  // name's place reaches the top of the line below, whose glyphs are not in it).
  const layer = content.runs.filter((run) => inPlace(rect, run.x, run.y + run.height * 0.8)).reduce((count, run) => count + (run.glyphs ?? [...run.text.replace(/\s/gu, '')].length), 0);
  if (layer !== glyphs.filter((glyph) => glyph.text !== ' ').length) return null;
  return drawnText(glyphs);
}

const inPlace = (rect: RollRect, x: number, baseline: number) => x >= rect.x - 0.5 && x <= rect.x + rect.width + 0.5 && baseline >= rect.y && baseline <= rect.y + rect.height;
export const glyphsIn = (content: PageContent, rect: RollRect) => content.glyphs.filter((glyph) => inPlace(rect, glyph.x, glyph.baseline));

// The text of glyphs, line by line, top to bottom; null when a glyph is not known.
export function drawnText(glyphs: PlacedGlyph[]): string | null {
  if (!glyphs.some((glyph) => glyph.text !== ' ')) return null;
  const lines: PlacedGlyph[][] = [];
  for (const glyph of [...glyphs].sort((a, b) => a.baseline - b.baseline)) {
    const line = lines.find((candidate) => Math.abs((candidate[0] as PlacedGlyph).baseline - glyph.baseline) < 2);
    if (line) line.push(glyph);
    else lines.push([glyph]);
  }
  const texts = lines.map(glyphsText);
  return texts.every((text) => text !== null) ? texts.map((text) => text.replace(/\s+/gu, ' ').trim()).join('\n') : null;
}
