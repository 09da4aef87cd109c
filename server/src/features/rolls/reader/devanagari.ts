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


export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097f]/u.test(text);
}

// Letters and signs of every Indic block (Devanagari to Oriya share one layout, each block 128
// code points from U+0900): a roll's layer may be garbled in any of its scripts.
const INDIC_LETTER = /[\u0904-\u0939\u0958-\u0961\u0972-\u097f\u0985-\u09b9\u09dc-\u09e1\u0a05-\u0a39\u0a59-\u0a5e\u0a85-\u0ab9\u0ae0-\u0ae1\u0b05-\u0b39\u0b5c-\u0b61]/gu;
const INDIC_SIGN = /[\u0901-\u0903\u093e-\u094d\u0981-\u0983\u09be-\u09cd\u0a01-\u0a03\u0a3e-\u0a4d\u0a70\u0a71\u0a81-\u0a83\u0abe-\u0acd\u0b01-\u0b03\u0b3e-\u0b4d]/gu;
// Latin-1's accented letters: what a layer whose Indic font has no character map of its own
// comes out as ("ÃÅæÞ"); no roll prints them.
const LATIN1_LETTER = /[\u00c0-\u00ff]/gu;

// C0 control characters but tab, line feed and carriage return (a run's own line breaks).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/gu;

export const hasIndic = (text: string) => /[\u0900-\u0b7f]/u.test(text);

// A text layer that cannot be read as text. Real Marathi, Hindi or Gujarati has about one vowel
// sign or virama for every two letters; the garbled layers seen on rolls have almost none
// (each glyph given one consonant: "મતદદર" for "મતદાર"), or come out as Latin-1 letters. Short
// texts prove nothing either way.
export function isGarbledLayer(text: string): boolean {
  const letters = text.match(INDIC_LETTER)?.length ?? 0;
  if (letters >= 30) {
    const signs = text.match(INDIC_SIGN)?.length ?? 0;
    if (signs / letters < 0.12) return true;
  }
  const latin1 = text.match(LATIN1_LETTER)?.length ?? 0;
  const allLetters = text.match(/\p{L}/gu)?.length ?? 0;
  if (latin1 >= 30 && latin1 / allLetters >= 0.15) return true;
  // A roll re-saved with its fonts re-subset and a character map of the tool's own: its letters
  // come out as control characters and punctuation ("--9-/--" for बारामती). No right layer
  // holds control characters.
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls >= 20 && controls / text.replace(/\s/gu, '').length >= 0.05;
}

// Which OCR language a page's Devanagari is in: a few words only Marathi rolls print.
export function looksMarathi(text: string): boolean {
  return PROFILES.mar.markers.some((word) => text.includes(word));
}
