// What a page read without OCR is told when it needs OCR after all (TextOnlyOcr in ocr.ts). Its
// own module: the server's thread knows it (roll-reader.ts) without loading tesseract.js.
export class NeedsOcrError extends Error {
  override name = 'NeedsOcrError';
}
