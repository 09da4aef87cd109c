import type { GrayImage, PixelRect } from './gray-image';

// Finds the voter boxes of a page from its ruling lines, in the rendered (or scanned) image, so
// it works alike for vector rolls and scans and for any grid (3 × 10, 3 × 6, 2 × N). A box is a
// rectangle whose four edges are drawn: a pair of neighbouring long horizontal lines, and
// vertical lines that run the whole height between them. Frames inside a box (the photo frame,
// the serial number's little box) do not run the whole height, so they do not split it.

export interface BoxFinderOptions {
  darkBelow?: number; // grey level under which a pixel is ink
  minWidth: number; // box size limits in pixels
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
  bridgeGaps?: number; // a horizontal line's gaps up to this many pixels are bridged (broken lines)
}

interface Band {
  start: number;
  end: number;
  coverage?: number; // for a vertical band: the best share of the height that is ink
}

function isDark(image: GrayImage, x: number, y: number, darkBelow: number): boolean {
  return (image.data[y * image.width + x] ?? 255) < darkBelow;
}

// Rows (or columns) holding a long enough run of ink, merged into bands.
function horizontalBands(image: GrayImage, minRun: number, darkBelow: number, bridgeGaps = 0): Band[] {
  const bands: Band[] = [];
  for (let y = 0; y < image.height; y += 1) {
    let run = 0;
    let best = 0;
    let gap = 0;
    const row = y * image.width;
    for (let x = 0; x < image.width; x += 1) {
      if ((image.data[row + x] ?? 255) < darkBelow) {
        run += 1 + gap;
        gap = 0;
        if (run > best) best = run;
      } else if (run > 0 && gap < bridgeGaps) gap += 1;
      else {
        run = 0;
        gap = 0;
      }
    }
    if (best < minRun) continue;
    const last = bands[bands.length - 1];
    if (last && y - last.end <= 3) last.end = y;
    else bands.push({ start: y, end: y });
  }
  return bands;
}

// The share of [from, to] where row y (give or take `slack` rows) is ink.
function rowCoverage(image: GrayImage, band: Band, from: number, to: number, darkBelow: number, slack: number): number {
  let covered = 0;
  for (let x = from; x <= to; x += 1) {
    for (let y = Math.max(0, band.start - slack); y <= Math.min(image.height - 1, band.end + slack); y += 1) {
      if (isDark(image, x, y, darkBelow)) {
        covered += 1;
        break;
      }
    }
  }
  return covered / Math.max(1, to - from + 1);
}

// Columns that are ink over (nearly) all of [top, bottom], give or take one column.
function verticalBands(image: GrayImage, top: number, bottom: number, darkBelow: number): Band[] {
  const height = bottom - top + 1;
  const columnInk = new Uint32Array(image.width);
  for (let y = top; y <= bottom; y += 1) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x += 1) {
      if ((image.data[row + x] ?? 255) < darkBelow || (image.data[row + x - 1] ?? 255) < darkBelow || (image.data[row + x + 1] ?? 255) < darkBelow) columnInk[x] = (columnInk[x] ?? 0) + 1;
    }
  }
  const bands: Band[] = [];
  for (let x = 0; x < image.width; x += 1) {
    const coverage = (columnInk[x] ?? 0) / height;
    if (coverage < 0.9) continue;
    const last = bands[bands.length - 1];
    if (last && x - last.end <= 2) {
      last.end = x;
      last.coverage = Math.max(last.coverage ?? 0, coverage);
    } else bands.push({ start: x, end: x, coverage });
  }
  return bands;
}

export function findBoxes(image: GrayImage, options: BoxFinderOptions): PixelRect[] {
  const darkBelow = options.darkBelow ?? 140;
  const rows = horizontalBands(image, Math.round(options.minWidth * 0.8), darkBelow, options.bridgeGaps);
  const boxes: (PixelRect & { score: number })[] = [];
  for (let i = 0; i + 1 < rows.length; i += 1) {
    const top = rows[i] as Band;
    // The next line down that is far enough: lines closer than a box are the gap between two
    // rows of boxes, or a line inside a box (a box is never shorter than minHeight).
    for (let j = i + 1; j < rows.length; j += 1) {
      const bottom = rows[j] as Band;
      const height = bottom.start - top.end;
      if (height < options.minHeight) continue;
      if (height > options.maxHeight) break;
      const columns = verticalBands(image, top.end + 2, bottom.start - 2, darkBelow);
      let found = 0;
      for (let a = 0; a + 1 < columns.length; a += 1) {
        const left = columns[a] as Band;
        const right = columns[a + 1] as Band;
        const width = right.start - left.end;
        if (width < options.minWidth || width > options.maxWidth) continue;
        if (rowCoverage(image, top, left.end, right.start, darkBelow, 2) < 0.9) continue;
        if (rowCoverage(image, bottom, left.end, right.start, darkBelow, 2) < 0.9) continue;
        const score = Math.min(left.coverage ?? 0, right.coverage ?? 0);
        boxes.push({ x: left.start, y: top.start, width: right.end - left.start + 1, height: bottom.end - top.start + 1, score });
        found += 1;
      }
      if (found > 0) break;
    }
  }
  // Rows of boxes separated by a thin gap also make a false row from one row's bottom line to
  // the next one's: its sides are broken by the gap, so the best-drawn of overlapping boxes wins.
  const kept: PixelRect[] = [];
  for (const box of [...boxes].sort((a, b) => b.score - a.score)) {
    if (kept.some((other) => overlapShare(box, other) > 0.3)) continue;
    kept.push({ x: box.x, y: box.y, width: box.width, height: box.height });
  }
  return kept;
}

function overlapShare(a: PixelRect, b: PixelRect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

// A page of voter boxes has many boxes of one size; a cover page's table cells vary. Keeps the
// largest group of boxes of (nearly) the same size when it has at least `minimum` boxes.
export function voterBoxGroup(boxes: PixelRect[], minimum = 4): PixelRect[] {
  let best: PixelRect[] = [];
  for (const box of boxes) {
    const group = boxes.filter((other) => Math.abs(other.width - box.width) <= box.width * 0.06 && Math.abs(other.height - box.height) <= box.height * 0.12);
    if (group.length > best.length) best = group;
  }
  if (best.length < minimum) return [];
  // Reading order: rows top to bottom, then left to right.
  const rowHeight = Math.min(...best.map((box) => box.height));
  return [...best].sort((a, b) => (Math.abs(a.y - b.y) < rowHeight / 2 ? a.x - b.x : a.y - b.y));
}

// A scan's ruling lines at low resolution (a roll reprinted or scanned at 100-120 ppi) are
// thinner than a pixel of the scan: rendered, they come out light grey (150-190) where print is
// black, broken at 140 (an ECI page at 100 ppi: 13 of its 30 boxes), sometimes with gaps. Such a
// page's boxes are also looked for at a lighter level, under its paper's, small gaps bridged, and
// the look finding more boxes wins (ties: the dark one, as before).
const LIGHT_LINE_BELOW_PAPER = 45;
const LIGHT_LINE_MOST = 200;
// Gaps bridged in such a line: a missing pixel of a 100 ppi scan is two at the reader's scale.
const LIGHT_LINE_GAPS = 3;

// The boxes, and the level their lines were found at (the later stages' ink for frames).
export function findVoterBoxes(image: GrayImage, options: BoxFinderOptions, minimum: number, faintLines: boolean): { boxes: PixelRect[]; lineLevel: number } {
  const darkBelow = options.darkBelow ?? 140;
  const dark = { boxes: voterBoxGroup(findBoxes(image, options), minimum), lineLevel: darkBelow };
  if (!faintLines) return dark;
  const light = lineLevel(image);
  if (light <= darkBelow) return dark;
  const lighter = voterBoxGroup(findBoxes(image, { ...options, darkBelow: light, bridgeGaps: LIGHT_LINE_GAPS }), minimum);
  return lighter.length > dark.boxes.length ? { boxes: lighter, lineLevel: light } : dark;
}

// The level under which a faint line is ink: under the paper's, never darker than print's 140.
export function lineLevel(image: GrayImage): number {
  return Math.max(140, Math.min(LIGHT_LINE_MOST, paperLevel(image) - LIGHT_LINE_BELOW_PAPER));
}

// The grey level of a page's paper: the median of a sample of its pixels (a roll's page is mostly
// paper).
export function paperLevel(image: GrayImage): number {
  const counts = new Uint32Array(256);
  let total = 0;
  for (let index = 0; index < image.data.length; index += 7) {
    counts[image.data[index] ?? 255] = (counts[image.data[index] ?? 255] ?? 0) + 1;
    total += 1;
  }
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += counts[level] ?? 0;
    if (seen * 2 >= total) return level;
  }
  return 255;
}
