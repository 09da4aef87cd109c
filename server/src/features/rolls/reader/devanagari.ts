import { PROFILES } from './language-profiles';

// Devanagari helpers: digits to numbers, and telling real Devanagari text from the garbage a
// broken font mapping produces (the Marathi ward list's text layer drops the vowel signs and
// maps glyphs to wrong letters: "मतदभरभचर" for "मतदाराचे").

const DEVANAGARI_DIGIT_ZERO = 0x0966;
const GUJARATI_DIGIT_ZERO = 0x0ae6;

export function latinDigits(text: string): string {
  return text.replace(/[\u0966-\u096f\u0ae6-\u0aef]/g, (c) => {
    const code = c.charCodeAt(0);
    return String(code >= GUJARATI_DIGIT_ZERO ? code - GUJARATI_DIGIT_ZERO : code - DEVANAGARI_DIGIT_ZERO);
  });
}

const LETTER = /[\u0904-\u0939\u0958-\u0961\u0972-\u097f]/gu;
const SIGN = /[\u093e-\u094d\u0901-\u0903]/gu;

export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097f]/u.test(text);
}

// Real Marathi or Hindi has about one vowel sign or virama for every two letters; the garbled
// text layers seen on ward lists have almost none. Short texts prove nothing either way.
export function isGarbledDevanagari(text: string): boolean {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters < 30) return false;
  const signs = text.match(SIGN)?.length ?? 0;
  return signs / letters < 0.12;
}

// Which OCR language a page's Devanagari is in: a few words only Marathi rolls print.
export function looksMarathi(text: string): boolean {
  return PROFILES.mar.markers.some((word) => text.includes(word));
}
