// An independent vowel followed by a vowel sign (अ + ॅ for ॲ, written so on some keyboards):
// phones draw the sign on a dotted circle (issue 56). Devanagari and Gujarati; the tests of the
// interface texts and message catalogues look for it.
const VOWEL_THEN_SIGN = /[\u0904-\u0914\u0A85-\u0A94][\u093A-\u094C\u094E\u094F\u0955-\u0957\u0ABE-\u0ACC]/u;

export function hasVowelWithVowelSign(text: string): boolean {
  return VOWEL_THEN_SIGN.test(text);
}
