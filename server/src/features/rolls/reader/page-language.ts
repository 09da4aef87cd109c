import { hasDevanagari, looksMarathi } from './devanagari';
import { type GrayImage, type PixelRect } from './gray-image';
import { type OcrEngine, type OcrLanguage } from './ocr';
import { png } from './ocr-pieces';
import type { PageReadState } from './read-state';

// `drawn`: the sample's text from its glyphs (glyph-text.ts), when all are known: no OCR needed.
export async function chooseLanguage(ocr: OcrEngine, image: GrayImage, strip: PixelRect, state: PageReadState, pageText: string, drawn: string | null = null): Promise<OcrLanguage> {
  if (state.language) return state.language;
  let language: OcrLanguage;
  if (drawn && hasDevanagari(drawn)) language = looksMarathi(drawn) ? 'mar' : 'hin';
  else if (hasDevanagari(pageText)) {
    // A garbled text layer still says the page is Devanagari; which language, OCR tells.
    const read = (await ocr.read('hin', await png(image, strip))).map((line) => line.text).join(' ');
    language = looksMarathi(read) ? 'mar' : 'hin';
  } else {
    const english = await ocr.read('eng', await png(image, strip));
    const latinWords = english.flatMap((line) => line.words).filter((word) => /^[A-Za-z]{3,}$/u.test(word.text) && word.confidence > 0.75).length;
    if (latinWords >= 3) language = 'eng';
    else {
      const read = (await ocr.read('hin', await png(image, strip))).map((line) => line.text).join(' ');
      language = looksMarathi(read) ? 'mar' : 'hin';
    }
  }
  state.language = language;
  // The Hindi model told Marathi from Hindi (the labels differ, the script is one). From here a
  // Devanagari roll is read by the Marathi model (pageModels; about 100 MB a worker); a Hindi
  // roll keeps one Hindi worker for its unsure names' second readings (a few pieces a page).
  if (language === 'hin') ocr.limit('hin', 1);
  else await ocr.release('hin');
  // A Devanagari roll's English reading is its serials, EPICs and house digits, a tenth of its
  // OCR time: one English worker keeps up (the Hindi scan ×10 read as fast, peak memory 64 MB
  // lower on average over four runs).
  if (language !== 'eng') ocr.limit('eng', 1);
  return language;
}
