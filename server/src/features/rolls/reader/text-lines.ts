import type { RollRect } from '@shared/rolls/roll-types';
import type { BoxText, TextLine } from './box-fields';
import { headerBottom } from './box-photos';
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
  return { header: { words: headerLines.flatMap((line) => line.words) }, body: textLineFromRuns(runsIn(content.runs, bodyPoints)) };
}
