import type { PixelRect } from './gray-image';
import { type Bitmap, inkBox, inkRuns } from './label-templates';

// The "**" possible-duplicate mark of a scanned box. OCR reads it as "I", "wk" or letters
// ("भ्त्कः") and runs it into a name or a house number, so it is found by its shape and whited
// out. `ink` is the box's body without its photo; `scale` the pixels a point; `textRight` where
// the box's text may reach (the photo's left edge, or the box's width).
export function duplicateMark(ink: Bitmap, from: number, scale: number, textRight: number): PixelRect | null {
  return smallMarkApart(ink, from, scale) ?? starPair(ink, from, scale, textRight);
}

// A small blot standing apart, right of all the text below the header (the ECI rolls' mark).
function smallMarkApart(ink: Bitmap, from: number, scale: number): PixelRect | null {
  const columns = inkRuns(ink, { top: from, bottom: ink.height }, 5 * scale);
  const mark = columns[columns.length - 1];
  if (columns.length < 2 || !mark || mark.x1 - mark.x0 > 12 * scale) return null;
  const box = inkBox(ink, { x: mark.x0, y: from, width: mark.x1 - mark.x0, height: ink.height - from });
  if (!box || box.height > 5 * scale || box.width < 2 * scale) return null;
  return box;
}

interface Blob {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number; // exclusive
}

// A ward list's mark is two large stars (each eleven points across) printed beside the
// relative's name or the house number, in the line's own rows, so the text above or below may
// reach past it. Two blobs of one size, each 8 to 14 points and about as wide as tall (a
// letter of this print is 4 to 6 points, a word's glyphs that touch are wider), close side by
// side, in the right third of the text, with nothing right of them in their rows and a word's
// gap at least before them.
function starPair(ink: Bitmap, from: number, scale: number, textRight: number): PixelRect | null {
  const blobs = inkBlobs(ink, from);
  const starSized = (blob: Blob) => {
    const width = blob.x1 - blob.x0;
    const height = blob.y1 - blob.y0;
    return width >= 8 * scale && height >= 8 * scale && width <= 14 * scale && height <= 14 * scale && width <= height * 1.6 && height <= width * 1.6;
  };
  const stars = blobs.filter(starSized).sort((a, b) => a.x0 - b.x0);
  for (let i = 0; i + 1 < stars.length; i += 1) {
    const first = stars[i] as Blob;
    for (const second of stars.slice(i + 1)) {
      const size = Math.max(first.x1 - first.x0, second.x1 - second.x0, first.y1 - first.y0, second.y1 - second.y0);
      const sameSize = Math.abs(first.x1 - first.x0 - (second.x1 - second.x0)) <= size * 0.3 && Math.abs(first.y1 - first.y0 - (second.y1 - second.y0)) <= size * 0.3;
      const aligned = Math.abs(first.y0 + first.y1 - second.y0 - second.y1) / 2 <= size * 0.25;
      const close = second.x0 >= first.x1 && second.x0 - first.x1 <= size * 0.6;
      if (!sameSize || !aligned || !close || second.x1 < textRight * 0.67) continue;
      const pair: Blob = { x0: first.x0, y0: Math.min(first.y0, second.y0), x1: second.x1, y1: Math.max(first.y1, second.y1) };
      const others = blobs.filter((blob) => blob !== first && blob !== second && blob.y1 > pair.y0 && blob.y0 < pair.y1);
      const besideRight = others.some((blob) => blob.x1 > pair.x1);
      const besideLeft = others.some((blob) => blob.x1 > pair.x0 - 3 * scale && blob.x0 < pair.x1);
      if (!besideRight && !besideLeft) return { x: pair.x0, y: pair.y0, width: pair.x1 - pair.x0, height: pair.y1 - pair.y0 };
    }
  }
  return null;
}

// The connected pieces of ink (eight neighbours) from row `from` down, specks of under four
// pixels left out.
function inkBlobs(ink: Bitmap, from: number): Blob[] {
  const { width, height } = ink;
  const seen = new Uint8Array(width * height);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = from * width; start < width * height; start += 1) {
    if (!ink.ink[start] || seen[start]) continue;
    const blob: Blob = { x0: width, y0: height, x1: 0, y1: 0 };
    let pixels = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      pixels += 1;
      if (x < blob.x0) blob.x0 = x;
      if (x + 1 > blob.x1) blob.x1 = x + 1;
      if (y < blob.y0) blob.y0 = y;
      if (y + 1 > blob.y1) blob.y1 = y + 1;
      for (let yy = Math.max(from, y - 1); yy <= Math.min(height - 1, y + 1); yy += 1) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(width - 1, x + 1); xx += 1) {
          const next = yy * width + xx;
          if (ink.ink[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    if (pixels >= 4) blobs.push(blob);
  }
  return blobs;
}
