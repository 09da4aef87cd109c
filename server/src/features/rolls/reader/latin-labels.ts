import { printedLabelField, withoutColon } from './box-fields';
import { cropGray, type GrayImage } from './gray-image';
import { type Bitmap, type InkBand, inkBox, type InkRun, inkRuns, labelsInLines, type LabelTemplate, makeTemplate, matchLabel, textBands } from './label-templates';
import { type OcrLine } from './ocr';
import { COLON_WIDTH, LINE_MIN, SCALE, WORD_GAP } from './page-scale';
import type { PageReadState } from './read-state';

export const MAX_LABELS = 24;

export type LabelledPart = { label: string } | { piece: number };

// A scanned Latin box cut after its labels: each line's parts and the field its label names,
// the value pieces to read, and its house line (label and value) for a second reading.
export interface LabelledValues {
  lines: LabelledPart[][];
  lineFields: string[]; // name, father, husband, mother, other, house, age
  pieces: GrayImage[];
  houseLine: GrayImage | null;
}

// Nothing after a label, or only a dash: a short stroke a few pixels high.
export function isBlankValue(ink: Bitmap, band: InkBand, runs: InkRun[]): boolean {
  if (runs.length === 0) return true;
  if (runs.length > 1) return false;
  const run = runs[0] as InkRun;
  const box = inkBox(ink, { x: run.x0, y: band.top, width: run.x1 - run.x0, height: band.bottom - band.top });
  return !box || (box.width <= 5 * SCALE && box.height <= SCALE + 1);
}

export const RELATIVE_FIELDS = new Set(['father', 'husband', 'mother', 'other']);

// A scanned box whose lines start with known labels: the values cut out after their labels, or
// null when the box is not like that. Every box must show the name, a relative and the age by
// their labels; a line without a label is taken only as a long name's or relative's second line.
export function valuesAfterLabels(crop: GrayImage, ink: Bitmap, from: number, templates: LabelTemplate[]): LabelledValues | null {
  if (!templates.some((template) => !template.inner)) return null;
  const pieces: GrayImage[] = [];
  const lines: LabelledPart[][] = [];
  const lineFields: string[] = [];
  const fields = new Set<string>();
  let houseLine: GrayImage | null = null;
  let wraps = false; // the line before holds a long value that may go on in this one
  const bands = textBands(ink, LINE_MIN, from);
  for (const [index, band] of bands.entries()) {
    const runs = inkRuns(ink, band, WORD_GAP);
    const first = runs[0];
    if (!first) return null;
    const last = runs[runs.length - 1] as (typeof runs)[number];
    const label = matchLabel(templates, ink, band, first.x0, false);
    // A piece reaches towards its neighbours: the tail of a "y" or "q" is too thin to count as
    // a row of ink, and cut off it reads "v" or "g". It starts a little above its label (what
    // stands higher in the band is the serial's frame).
    const top = Math.max(from, band.top - SCALE, bands[index - 1]?.bottom ?? 0, label ? label.top - 2 * SCALE : 0);
    const height = Math.min(crop.height, band.bottom + 2 * SCALE, bands[index + 1]?.top ?? crop.height) - top;
    const cut = (parts: LabelledPart[], x0: number, x1: number) => {
      if (x1 - x0 < 3) return;
      parts.push({ piece: pieces.length });
      pieces.push(cropGray(crop, { x: x0, y: top, width: x1 - x0, height }));
    };
    if (!label) {
      const previous = lines[lines.length - 1];
      if (!wraps || !previous) return null;
      cut(previous, first.x0, last.x1 + 1);
      wraps = false;
      continue;
    }
    // A band much taller than its label is two lines run together.
    if (band.bottom - Math.max(band.top, label.top) > label.template.ink.height * 2.2) return null;
    fields.add(label.template.field);
    const parts: LabelledPart[] = [];
    // Names and relatives' names, the long values, are read without their labels. The house
    // and age lines are read whole, labels and all: a two-digit age or a house number alone
    // gives OCR too little to go on ("a7" for 47, "1391" for 139/11), and they are short.
    wraps = label.template.field === 'name' || RELATIVE_FIELDS.has(label.template.field);
    if (wraps) {
      // Something standing apart after the value is not part of it: the box is read whole.
      const after = runs.filter((run) => run.x0 >= label.end);
      if (after.some((run, at) => at > 0 && run.x0 - (after[at - 1] as InkRun).x1 > 5 * SCALE)) return null;
      // The value is cut just after the label's colon: the fast English model reads a colon
      // kept in front as "2" or ">" (the best model read it as a colon, and read a value cut
      // bare with a letter more: "IMohan"). The label's words go back in front as text.
      parts.push({ label: withoutColon(label.template.text) });
      cut(parts, label.end + 2, last.x1 + 1);
    } else if (label.template.field === 'house' && isBlankValue(ink, band, runs.filter((run) => run.x0 >= label.end))) {
      // Most houses print no number (nothing, or a dash): nothing to read.
      parts.push({ label: label.template.text });
    } else {
      cut(parts, first.x0, last.x1 + 1);
      if (label.template.field === 'house') houseLine = pieces.at(-1) ?? null;
    }
    lines.push(parts);
    lineFields.push(label.template.field);
  }
  // Every box of a Latin roll prints all four lines. One missing is a line whose label was not
  // matched, taken for the end of a long name ("GADKAR House Number --"): the box is read whole.
  if (!fields.has('name') || !fields.has('house') || !fields.has('age') || ![...fields].some((field) => RELATIVE_FIELDS.has(field))) return null;
  return { lines, lineFields, pieces, houseLine };
}

// Keeps the label pictures of a box OCR read whole (lines in the coordinates of `image`).
export function learnLabels(state: PageReadState, image: Bitmap, lines: OcrLine[]): void {
  const templates = (state.labels ??= []);
  const bands = textBands(image, LINE_MIN);
  for (const found of labelsInLines(lines, printedLabelField)) {
    if (templates.length >= MAX_LABELS) return;
    // OCR's word boxes reach into the lines above and below: the label's rows are its band's.
    const middle = found.rect.y + found.rect.height / 2;
    const band = bands.find((candidate) => middle >= candidate.top && middle < candidate.bottom);
    if (!band) continue;
    const rect = { x: found.rect.x - 1, y: band.top, width: found.rect.width + 2, height: band.bottom - band.top };
    const start = inkRuns(image, band, WORD_GAP, Math.max(0, rect.x), rect.x + rect.width)[0];
    if (!start || matchLabel(templates, image, band, start.x0, found.inner)) continue;
    const template = makeTemplate(image, rect, found, WORD_GAP);
    // A label ends with its colon, a glyph two points wide at most: OCR's word box may reach
    // into the value's first letter ("Name:" 54 pixels wide, its last glyph 11), and a picture
    // cut so would take that letter for part of every label it matches.
    if (template && template.ink.width - template.lastGlyph <= COLON_WIDTH) templates.push(template);
  }
}
