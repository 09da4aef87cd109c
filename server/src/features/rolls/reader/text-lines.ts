import type { RollRect } from '@shared/rolls/roll-types';
import type { BoxText, TextLine } from './box-fields';
import { headerBottom } from './box-photos';
import { labelAtStart } from './label-match';
import { PROFILE_ORDER, PROFILES } from './language-profiles';
import type { GrayImage, PixelRect } from './gray-image';
import { inPoints, SCALE } from './page-scale';
import type { PageContent, TextRun } from './pdf-pages';

// A right text layer's runs as printed lines, words in reading order (each run NFC, from
// page-source.ts's logical order).

export function textLineFromRuns(runs: TextRun[]): TextLine[] {
  return runLinesToText(printedLines(runs));
}

// Runs grouped into printed lines, top to bottom, each left to right.
function printedLines(runs: TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const run of sorted) {
    const line = lines.find((candidate) => Math.abs((candidate[0] as TextRun).y - run.y) < Math.max(2, run.height * 0.45));
    if (line) line.push(run);
    else lines.push([run]);
  }
  return lines.sort((a, b) => (a[0] as TextRun).y - (b[0] as TextRun).y).map((line) => line.sort((a, b) => a.x - b.x));
}

// A word never starts with a sign that follows its consonant (a vowel sign, anusvara, virama):
// such a word is the rest of the one before, which a writer's run or a pen's gap cut
// ("સ્ત્ર" "ી" for સ્ત્રી, a conjunct drawn with no width of its own).
const STARTS_WITH_SIGN = /^[\u0901-\u0903\u093a-\u094d\u0951-\u0957\u0962\u0963\u0981-\u0983\u09bc-\u09cd\u0a01-\u0a03\u0a3c-\u0a4d\u0a81-\u0a83\u0abc-\u0acd\u0ae2\u0ae3\u0b01-\u0b03\u0b3c-\u0b4d]/u;
const INDIC_END = /[\u0900-\u0b7f]$/u;

const runLinesToText = (lines: TextRun[][]): TextLine[] =>
  lines.map((line) => {
    const words: TextLine['words'] = [];
    for (const run of line) {
      for (const text of run.text.trim().split(/\s+/u)) {
        const word = { text: text.normalize('NFC'), confidence: run.confidence ?? 0.97 };
        const before = words.at(-1);
        if (before && STARTS_WITH_SIGN.test(word.text) && INDIC_END.test(before.text)) {
          before.text = `${before.text}${word.text}`.normalize('NFC');
          before.confidence = Math.min(before.confidence, word.confidence);
        } else if (word.text) words.push(word);
      }
    }
    return { words };
  });

const NAME_FIELDS = new Set(['name', 'father', 'husband', 'mother', 'other']);
// The gender's label and words, which stand in a line's second column on most rolls.
const GENDER_WORDS = new RegExp(`^(?:${[...new Set(PROFILE_ORDER.flatMap((code) => [...PROFILES[code].gender.label, ...Object.values(PROFILES[code].gender.words).flat()]))].join('|')})`, 'iu');
const isPunctuation = (run: TextRun) => /^(?:[\s:;.,\-–—]|ः)+$/u.test(run.text);

// A name too long for its place wraps onto the line below at the column its value starts in,
// beside that line's own value (Crystal Reports' rolls: "ઘર નં : 101   માંગેલા", the father's
// surname under his first name). Such runs are lifted onto a line of their own under the name,
// which the parser (box-fields.ts) joins to it. Only a run that lines up with where the value
// above starts, after a value of its own line, with no digit and no label in it, and no label
// between it and its line's value: a layout whose values all start in one column is not touched.
export function wrappedValuesLifted(lines: TextRun[][]): TextRun[][] {
  const out: TextRun[][] = [];
  for (const [index, line] of lines.entries()) {
    const above = lines[index - 1];
    const label = above ? labelAtStart(above.map((run) => run.text).join(' ')) : null;
    if (!above || !label || !NAME_FIELDS.has(label.field)) {
      out.push(line);
      continue;
    }
    // Where the value above starts: its first run after the label and its colon.
    let offset = 0;
    const valueStart = above.find((run) => {
      const start = offset;
      offset += run.text.length + 1;
      return start >= label.end && !isPunctuation(run) && !/^\s*(?::|ः)/u.test(run.text);
    });
    const from = valueStart ? line.findIndex((run, at) => at >= 2 && Math.abs(run.x - valueStart.x) < 1.5) : -1;
    const lifted = from >= 0 ? line.slice(from) : [];
    const before = line.slice(0, from);
    const last = before.at(-1);
    if (lifted.length === 0 || !last || isPunctuation(last) || /(?::|ः)\s*$/u.test(last.text) || lifted.some((run) => /\d/u.test(run.text) || labelAtStart(run.text) || GENDER_WORDS.test(run.text))) {
      out.push(line);
      continue;
    }
    out.push(lifted, before);
  }
  return out;
}

export function runsIn(runs: TextRun[], rect: RollRect): TextRun[] {
  return runs.filter((run) => run.x >= rect.x - 1 && run.x < rect.x + rect.width && run.y + run.height / 2 >= rect.y && run.y + run.height / 2 <= rect.y + rect.height);
}

// A box of a right text layer: its header line (serial number, EPIC) above the first blank row
// under the first ink, its body left of the photo, each as printed lines.
export function textLayerBox(content: PageContent, image: GrayImage, box: PixelRect, photo: { left: number } | null): BoxText {
  const rect = inPoints(box);
  const header = headerBottom(image, box);
  const headerPoints: RollRect = { x: rect.x, y: rect.y, width: rect.width, height: header / SCALE };
  const textRight = photo ? photo.left : box.width;
  const bodyPoints: RollRect = { x: rect.x, y: rect.y + header / SCALE, width: textRight / SCALE, height: rect.height - header / SCALE };
  const headerLines = textLineFromRuns(runsIn(content.runs, headerPoints));
  return { header: { words: headerLines.flatMap((line) => line.words) }, body: labelsMended(runLinesToText(wrappedValuesLifted(printedLines(runsIn(content.runs, bodyPoints))))) };
}

// pdf.js joins a glyph whose text holds a combining sign to the text item before it, wherever it
// is drawn: a line's first syllable "ઉં" of "ઉંમર" (age) comes out at the end of the line above
// ("ઘર નંબર : 10ઉં", then "મર : 21"). A line that starts with no label, and would with the last
// few letters of the line above glued to its last word, takes them back.
export function labelsMended(lines: TextLine[]): TextLine[] {
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] as TextLine;
    const above = lines[index - 1] as TextLine;
    const last = above.words.at(-1);
    const text = line.words.map((word) => word.text).join(' ');
    if (!last || line.words.length === 0 || labelAtStart(text)) continue;
    const letters = [...last.text];
    for (let take = 1; take <= Math.min(3, letters.length - 1); take += 1) {
      const tail = letters.slice(-take).join('');
      if (!/^\p{M}*\p{L}/u.test(tail) || /^[\p{N}A-Za-z]/u.test(tail) || !labelAtStart(tail + text)) continue;
      last.text = letters.slice(0, -take).join('');
      const first = line.words[0] as TextLine['words'][number];
      first.text = tail + first.text;
      break;
    }
  }
  return lines;
}
