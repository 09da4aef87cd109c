import type { RollRect } from '@shared/rolls/roll-types';
import type { TextRun } from './pdf-pages';

// A garbled Devanagari text layer (decision 035) still says exactly WHERE each piece of text
// is: labels, the colon after each label, the values. So OCR reads only the values that the
// layer cannot give (names, house number, gender), cut out at their places, instead of the
// whole box with its labels, header and cross-reference: about half the text, and OCR's time
// follows the amount of text.

export type GarbledValueField = 'name' | 'relative' | 'house' | 'gender';

export interface GarbledValueSegment {
  field: GarbledValueField;
  rect: RollRect; // in points
}

export interface GarbledValues {
  segments: GarbledValueSegment[]; // what OCR must read
  // The relation label as printed ("वडिलांचे नाव") when the layer's garbled one is known: the
  // relative's segment is then its value alone; null: the segment is the whole line.
  relativeLabel: string | null;
  // What the layer gives right: a house number in Latin letters and digits, and the gender.
  houseNo: string | null;
  gender: 'पु' | 'स्त्री' | 'तृतीयपंथी' | null;
}

// The broken font keeps a word's first consonant (it loses the vowel signs): the gender word's
// first letter tells पु from स्त्री and तृतीयपंथी.
const GENDER_BY_FIRST_LETTER = { प: 'पु', स: 'स्त्री', त: 'तृतीयपंथी' } as const;

// The text layer's runs of one box grouped into printed lines by their middles.
export function runLines(runs: TextRun[]): TextRun[][] {
  const lines: TextRun[][] = [];
  for (const run of [...runs].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2))) {
    const middle = run.y + run.height / 2;
    const line = lines.find((candidate) => {
      const first = candidate[0] as TextRun;
      return Math.abs(first.y + first.height / 2 - middle) < Math.max(2.5, Math.min(first.height, run.height) * 0.45);
    });
    if (line) line.push(run);
    else lines.push([run]);
  }
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  return lines;
}

// The relation labels as the broken font garbles them, the same on every list it prints. OCR's
// time follows the text it reads, and a label is as long as a name: a known one is put back as
// printed and only the value read. A label not here (a mother's, another font's) is read with
// its value, as before.
// A layer told again from its glyphs (reencoded-layer.ts) gives the labels as printed.
const RELATION_LABELS: Record<string, string> = {
  'शतडलभअचर नभश': 'वडिलांचे नाव',
  'पतदचर नभश': 'पतीचे नाव',
  ...Object.fromEntries(['वडिलांचे नाव', 'वडिलांचे नांव', 'पतीचे नाव', 'पतीचे नांव', 'आईचे नाव', 'आईचे नांव'].map((label) => [label, label])),
};

const isColon = (run: TextRun) => /^\s*(:|ः)/u.test(run.text);

// The value segments of a box in the printed order: the voter's name (with the lines it wraps
// onto), the relative's whole line (its label says father, husband or mother), the house number,
// and the gender after the age line's second colon. Null when the box does not look like that
// (fewer than four labelled lines): the caller reads the whole box instead.
export function garbledValues(runs: TextRun[], box: RollRect, textRight: number): GarbledValues | null {
  // The `**` duplicate mark is drawn as a tall run beside the lines: it belongs to none, and the
  // pieces stop left of it.
  const marks = runs.filter((run) => /^\s*\*+\s*$/u.test(run.text));
  const lines = runLines(runs.filter((run) => !marks.includes(run)));
  const labelled = lines.map((line, index) => ({ line, index, colons: line.filter(isColon) })).filter((entry) => entry.colons.length > 0);
  if (labelled.length < 4) return null;
  const [name, relative, house] = labelled as [(typeof labelled)[number], (typeof labelled)[number], (typeof labelled)[number]];
  const ageGender = labelled[labelled.length - 1] as (typeof labelled)[number];
  if (ageGender.colons.length < 2) return null;
  // Devanagari vowel signs stand above the headline and below the line: room for them.
  const pad = 2;
  const right = Math.min(box.x + box.width, textRight) - 3;
  // The colons come in a taller font than the text: the line's height is its text's, or a
  // piece would take in the foot of the line above or the top of the one below.
  const text = (line: TextRun[]) => (line.some((run) => !isColon(run)) ? line.filter((run) => !isColon(run)) : line);
  const top = (line: TextRun[]) => Math.min(...text(line).map((run) => run.y)) - pad;
  const bottom = (line: TextRun[]) => Math.max(...text(line).map((run) => run.y + run.height)) + pad;
  const after = (colon: TextRun) => colon.x + Math.max(colon.width, 2);
  const valueRect = (from: number, line: TextRun[], lastLine: TextRun[] = line): RollRect => {
    const rect = { x: from, y: top(line), width: 0, height: bottom(lastLine) - top(line) };
    const mark = marks.filter((run) => run.x > from && run.y < rect.y + rect.height && run.y + run.height > rect.y).map((run) => run.x);
    rect.width = Math.max(4, Math.min(right, ...mark) - from - 1);
    return rect;
  };
  const valuesAfter = (line: TextRun[], colon: TextRun) => line.filter((run) => run.x > colon.x && !isColon(run));

  // A long name wraps under its own start, on the line of the label's own wrapped word ("नाव"),
  // which stays in the label column, left of the colon and out of the piece.
  const nameStart = after(name.colons[0] as TextRun);
  let nameLast = name.line;
  for (const line of lines.slice(name.index + 1, relative.index)) if (line.some((run) => run.x >= nameStart - 2)) nameLast = line;

  const houseColon = house.colons[house.colons.length - 1] as TextRun;
  const houseRuns = valuesAfter(house.line, houseColon);
  const houseText = houseRuns.map((run) => run.text.trim()).join(' ').trim();
  // Latin letters and digits map right; a Devanagari house name is garbled like the rest.
  const houseNo = houseText && !/[\u0900-\u097f]/u.test(houseText) ? houseText : null;
  const genderColon = ageGender.colons[ageGender.colons.length - 1] as TextRun;
  const genderLetter = valuesAfter(ageGender.line, genderColon)[0]?.text.trim().charAt(0) ?? '';
  const gender = GENDER_BY_FIRST_LETTER[genderLetter as keyof typeof GENDER_BY_FIRST_LETTER] ?? null;

  const relativeColon = relative.colons[0] as TextRun;
  const relativeLabel =
    RELATION_LABELS[
      relative.line
        .filter((run) => run.x < relativeColon.x)
        .map((run) => run.text.trim())
        .join(' ')
    ] ?? null;
  const segments: GarbledValueSegment[] = [
    { field: 'name', rect: valueRect(nameStart, name.line, nameLast) },
    { field: 'relative', rect: relativeLabel ? valueRect(after(relativeColon), relative.line) : valueRect(box.x + 2, relative.line) },
  ];
  if (houseText && !houseNo) segments.push({ field: 'house', rect: valueRect(after(houseColon), house.line) });
  if (!gender) segments.push({ field: 'gender', rect: valueRect(after(genderColon), ageGender.line) });
  return { segments, relativeLabel, houseNo, gender };
}
