import sharp from 'sharp';
import { type GrayImage, type PixelRect } from './gray-image';
import { inPoints, SCALE } from './page-scale';
import { type PageContent, type RenderedPage } from './pdf-pages';

export function whiteOut(image: GrayImage, rect: PixelRect): void {
  const x0 = Math.max(0, Math.floor(rect.x));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width));
  for (let y = Math.max(0, Math.floor(rect.y)); y < Math.min(image.height, rect.y + rect.height); y += 1) {
    image.data.fill(255, y * image.width + x0, y * image.width + x1);
  }
}

// Where the text of a box ends on the right: the photo (or its frame) takes the right side
// below the header line. Found from the page's images, else from a long vertical run of ink: a
// frame's line, or a dark part of a photo printed without one.
export function photoLeft(image: GrayImage, box: PixelRect, images: PageContent['images']): { left: number; top: number } | null {
  const inside = images.filter((img) => img.x * SCALE >= box.x && (img.x + img.width) * SCALE <= box.x + box.width + 2 && img.y * SCALE >= box.y - 2 && (img.y + img.height) * SCALE <= box.y + box.height + 2 && img.width * SCALE < box.width / 2);
  if (inside.length > 0) return { left: Math.min(...inside.map((img) => img.x * SCALE)) - box.x, top: Math.min(...inside.map((img) => img.y * SCALE)) - box.y };
  const frame = longRun(image, box, 140, 0.35);
  // A colour photo scanned in grey (a ward list printed and scanned) has no frame, and little
  // of it is as dark as print: a face against a pale wall is mid-grey. Where the paper is clean,
  // a column of anything darker than paper, unbroken over a quarter of the box, is a photo: no
  // line of text is that tall (a tenth of the box). Such a photo's first long column is inside
  // it (hair, a shirt), and so may the dark run taken for a frame be: with ink beside it, it is
  // a photo's. Its edges are then found as far as its ink goes, else OCR reads a cheek left in
  // the text's crop as letters after a name ("पाटील शिवदास 3 6").
  const clean = cleanPaper(image, box);
  const found = frame ?? (clean ? longRun(image, box, PHOTO_INK, 0.25) : null);
  if (!found) return null;
  const left = clean ? photoEdge(image, box, found.x, found.top, found.bottom) : found.x;
  // A frame's line has paper beside it: its top is the frame's.
  if (frame && left === found.x) return { left, top: found.top };
  return { left, top: photoTop(image, box, left, Math.round(box.width * 0.96), found.top) };
}

// A page's photos sit at one place in their boxes (the roll's template). A scanned photo with a
// pale background may show no edge where it starts, or its first dark column well inside it, and
// OCR then reads the face's edge as letters after a name ("… पि क्र )"). So once at least
// three boxes and half of a page's boxes agree, a box whose photo was not found, or was found
// right of that place, takes the usual place (the median of those found).
export function usualPhotoPlaces(found: ({ left: number; top: number } | null)[], boxWidth: number): ({ left: number; top: number } | null)[] {
  const known = found.filter((place): place is { left: number; top: number } => place !== null);
  if (known.length < 3 || known.length * 2 < found.length) return found;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const usual = { left: median(known.map((place) => place.left)), top: median(known.map((place) => place.top)) };
  // Within a fiftieth of the box (about 11 pixels at the reader's scale) is the same place.
  const near = Math.max(2, Math.round(boxWidth * 0.02));
  return found.map((place) => (place === null || place.left > usual.left + near ? usual : place));
}

// The first column of a box's right half with a vertical run of pixels darker than `ink` over
// at least `share` of the box's height, and that run's rows.
export function longRun(image: GrayImage, box: PixelRect, ink: number, share: number): { x: number; top: number; bottom: number } | null {
  const from = Math.round(box.width * 0.5);
  const to = Math.round(box.width * 0.96);
  const rowFrom = Math.round(box.height * 0.15);
  const rowTo = Math.round(box.height * 0.97);
  for (let x = from; x < to; x += 1) {
    let run = 0;
    let best = 0;
    let bestStart = 0;
    for (let y = rowFrom; y < rowTo; y += 1) {
      if ((image.data[(box.y + y) * image.width + box.x + x] ?? 255) < ink) {
        run += 1;
        if (run > best) {
          best = run;
          bestStart = y - run + 1;
        }
      } else run = 0;
    }
    if (best >= box.height * share) return { x, top: bestStart, bottom: bestStart + best };
  }
  return null;
}

// Pale paper and print: at least three pixels in four of the box's left half lighter than
// PHOTO_INK (82-85% on the Marathi ward list scanned). A dim scan's grey paper would make every
// column a photo's.
export const PHOTO_INK = 200;

export function cleanPaper(image: GrayImage, box: PixelRect): boolean {
  let pale = 0;
  let all = 0;
  for (let y = box.y; y < box.y + box.height; y += 2) {
    for (let x = box.x; x < box.x + box.width / 2; x += 2) {
      all += 1;
      if ((image.data[y * image.width + x] ?? 255) >= PHOTO_INK) pale += 1;
    }
  }
  return all > 0 && pale >= all * 0.75;
}

// A photo's first long column is inside it (hair, a shirt): its lighter edge stands further
// left, and its face above the shirt higher up. It starts at the nearest column left of `x` with
// no ink over the rows of that run (looked for over at most a tenth of the box) and at its
// first row with ink across the photo below the header line (a pale forehead may leave rows
// without ink between the hair and the run).
export function photoEdge(image: GrayImage, box: PixelRect, x: number, top: number, bottom: number): number {
  const limit = Math.max(0, x - Math.round(box.width * 0.1));
  let left = x;
  while (left > limit && photoInk(image, { x: box.x + left - 1, y: box.y + top, width: 1, height: bottom - top })) left -= 1;
  return left;
}

export function photoTop(image: GrayImage, box: PixelRect, left: number, right: number, top: number): number {
  // Not into the header line (serial number, EPIC).
  for (let y = Math.max(Math.round(box.height * 0.15), headerBottom(image, box) + 1); y < top; y += 1) {
    if (photoInk(image, { x: box.x + left, y: box.y + y, width: right - left, height: 1 })) return y;
  }
  return top;
}

// Whether a strip of `image` (a column or a row) holds ink: two pixels darker than PHOTO_INK.
export function photoInk(image: GrayImage, strip: PixelRect): boolean {
  let ink = 0;
  for (let y = strip.y; y < strip.y + strip.height; y += 1) {
    for (let x = strip.x; x < strip.x + strip.width; x += 1) if ((image.data[y * image.width + x] ?? 255) < PHOTO_INK) ink += 1;
  }
  return ink >= 2;
}

// In a box cut out for OCR (rules erased): the header line (serial number, EPIC) ends at the
// first blank row under the first ink, between an eighth and a third of the box's height.
export function headerLineEnd(crop: GrayImage): number {
  const from = Math.round(crop.height * 0.12);
  const to = Math.round(crop.height * 0.35);
  let seenInk = false;
  for (let y = 0; y < to; y += 1) {
    let ink = 0;
    for (let x = 0; x < crop.width; x += 1) if ((crop.data[y * crop.width + x] ?? 255) < 140) ink += 1;
    // A speck or two of a scan is not a line of text.
    if (ink > 2) seenInk = true;
    else if (seenInk && y >= from) return y;
  }
  return Math.round(crop.height * 0.22);
}

// The header line (serial number, EPIC) ends at the first blank row under the first ink.
export function headerBottom(image: GrayImage, box: PixelRect): number {
  const margin = 6;
  let seenInk = false;
  for (let y = margin; y < box.height - margin; y += 1) {
    let ink = false;
    for (let x = margin; x < box.width - margin; x += 1) {
      if ((image.data[(box.y + y) * image.width + box.x + x] ?? 255) < 140) {
        ink = true;
        break;
      }
    }
    if (ink) seenInk = true;
    else if (seenInk) return y;
  }
  return Math.round(box.height * 0.2);
}

// Each box's photo, the picture painted inside it (narrower than half the box; a scan's one
// picture is the whole page), cut in colour as JPEG; null for a box without one.
export async function boxPhotos(rendered: RenderedPage, content: PageContent, boxes: PixelRect[]): Promise<(Uint8Array | null)[]> {
  const { rgba, gray } = rendered;
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return Promise.all(
    boxes.map(async (box) => {
      const rect = inPoints(box);
      const photo = content.images.find((img) => img.x >= rect.x && img.x + img.width <= rect.x + rect.width + 1 && img.y >= rect.y && img.y + img.height <= rect.y + rect.height + 1 && img.width < rect.width / 2);
      if (!photo) return null;
      const px = { left: Math.round(photo.x * SCALE), top: Math.round(photo.y * SCALE), width: Math.round(photo.width * SCALE), height: Math.round(photo.height * SCALE) };
      return new Uint8Array(await sharp(pixels, { raw: { width: gray.width, height: gray.height, channels: 4 } }).extract(px).jpeg({ quality: 85 }).toBuffer());
    }),
  );
}
