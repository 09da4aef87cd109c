// A page (or part of one) as 8-bit grey pixels, 0 black to 255 white, row by row.
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function rgbaToGray(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i += 1, j += 4) {
    // Transparent pixels are paper.
    const alpha = (rgba[j + 3] ?? 255) / 255;
    const luma = 0.299 * (rgba[j] ?? 255) + 0.587 * (rgba[j + 1] ?? 255) + 0.114 * (rgba[j + 2] ?? 255);
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}

export function cropGray(image: GrayImage, rect: PixelRect): GrayImage {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.ceil(rect.y + rect.height));
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) data.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + width), y * width);
  return { width, height, data };
}

// Whites out ruling lines (runs of ink longer than any letter) so OCR sees only the text:
// the frames around serial numbers and photos otherwise read as "|", "[" or "L".
// `longestAcross` is the longest horizontal run kept, when it differs from the vertical one.
export function eraseRules(image: GrayImage, longest: number, darkBelow = 140, longestAcross = longest): GrayImage {
  const data = Uint8Array.from(image.data);
  const { width, height } = image;
  const erase = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    let start = -1;
    for (let x = 0; x <= width; x += 1) {
      const dark = x < width && (image.data[y * width + x] ?? 255) < darkBelow;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        if (x - start > longestAcross) for (let i = start; i < x; i += 1) erase[y * width + i] = 1;
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x += 1) {
    let start = -1;
    for (let y = 0; y <= height; y += 1) {
      const dark = y < height && (image.data[y * width + x] ?? 255) < darkBelow;
      if (dark && start < 0) start = y;
      if (!dark && start >= 0) {
        if (y - start > longest) for (let i = start; i < y; i += 1) erase[i * width + x] = 1;
        start = -1;
      }
    }
  }
  for (let i = 0; i < data.length; i += 1) if (erase[i]) data[i] = 255;
  return { width, height, data };
}

// Pieces of a page stacked top to bottom on white paper, a gap between them, so that one OCR
// call reads them all; returns where each piece landed (its top and bottom in the stack).
export function stackGray(pieces: GrayImage[], gap: number): { image: GrayImage; spans: { top: number; bottom: number }[] } {
  const margin = gap;
  const width = Math.max(1, ...pieces.map((piece) => piece.width)) + 2 * margin;
  const height = pieces.reduce((sum, piece) => sum + piece.height + gap, gap);
  const data = new Uint8Array(width * height).fill(255);
  const spans: { top: number; bottom: number }[] = [];
  let top = gap;
  for (const piece of pieces) {
    for (let y = 0; y < piece.height; y += 1) data.set(piece.data.subarray(y * piece.width, (y + 1) * piece.width), (top + y) * width + margin);
    spans.push({ top, bottom: top + piece.height });
    top += piece.height + gap;
  }
  return { image: { width, height, data }, spans };
}

