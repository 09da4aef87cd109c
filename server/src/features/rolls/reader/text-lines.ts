import type { RollRect } from '@shared/rolls/roll-types';
import type { BoxText, TextLine } from './box-fields';
import { headerBottom } from './box-photos';
import { labelAtStart } from './label-match';
import type { GrayImage, PixelRect } from './gray-image';
import { inPoints, SCALE } from './page-scale';
import type { PageContent, TextRun } from './pdf-pages';

// A right text layer's runs as printed lines, words in reading order (each run NFC, from
// page-source.ts's logical order).

export function textLineFromRuns(runs: TextRun[]): TextLine[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const run of sorted) {
    const line = lines.find((candidate) => Math.abs((candidate[0] as TextRun).y - run.y) < Math.max(2, run.height * 0.45));
    if (line) line.push(run);
    else lines.push([run]);
  }
  return lines
    .sort((a, b) => (a[0] as TextRun).y - (b[0] as TextRun).y)
    .map((line) => ({ words: line.sort((a, b) => a.x - b.x).flatMap((run) => run.text.trim().split(/\s+/u).map((text) => ({ text: text.normalize('NFC'), confidence: 0.97 }))) }));
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
  return { header: { words: headerLines.flatMap((line) => line.words) }, body: labelsMended(textLineFromRuns(runsIn(content.runs, bodyPoints))) };
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
