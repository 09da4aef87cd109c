// EPIC numbers (the voter ID card number) as printed on a roll. The modern form is three
// letters and seven digits whose last digit is mostly a Luhn check digit over the other six;
// some genuine older numbers fail it as printed, so a failure flags for review and never rejects.
// Older state formats such as GJ/03/024/153014 are kept exactly as printed.

export type EpicCheck = 'valid' | 'check-digit' | 'old-format' | 'format';

const MODERN = /^[A-Z]{3}\d{7}$/;
const OLD = /^[A-Z]{2}\/\d{2}\/\d{2,3}\/\d{4,7}$/;

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // The check digit is appended, so the rightmost of the given digits is doubled.
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function checkEpic(epic: string): EpicCheck {
  if (MODERN.test(epic)) return luhnCheckDigit(epic.slice(3, 9)) === Number(epic[9]) ? 'valid' : 'check-digit';
  if (OLD.test(epic)) return 'old-format';
  return 'format';
}

// OCR confuses letters and digits; in the modern form the first three are letters and the rest
// digits, so the usual confusions can be undone by position.
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '4': 'A', '7': 'T' };
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', '|': '1', Z: '2', S: '5', B: '8', G: '6', A: '4', T: '7' };

// Ten characters repaired by position: the first three letters, the rest digits.
function repairByPosition(token: string): string | null {
  const head = [...token.slice(0, 3)].map((c) => TO_LETTER[c] ?? c).join('');
  const tail = [...token.slice(3)].map((c) => TO_DIGIT[c] ?? c).join('');
  const repaired = head + tail;
  return MODERN.test(repaired) ? repaired : null;
}

// A round glyph (0, O, Q, D) that OCR read twice: "WWEQ0328997" for WWE0328997.
const ROUND = /[0OQD]/;

// Finds an EPIC in a line of text; returns it repaired by position where that is unambiguous.
export function findEpic(text: string): string | null {
  const upper = text.toUpperCase();
  const old = upper.replace(/\s+/g, '').match(/[A-Z]{2}\/\d{2}\/\d{2,3}\/\d{4,7}/);
  if (old) return old[0];
  const exact = upper.match(/\b[A-Z]{3}\d{7}\b/);
  if (exact) return exact[0];
  const tokens = upper.split(/[^A-Z0-9|]+/).filter((token) => (token.match(/\d/g) ?? []).length >= 4);
  // Ten characters of letters and digits with at least four digits: repair by position.
  for (const token of tokens) {
    const repaired = token.length === 10 ? repairByPosition(token) : null;
    if (repaired) return repaired;
  }
  // Eleven, where one round glyph among the digits came out twice: the one without the double
  // is taken only if its check digit holds, so a real extra character is never dropped unseen.
  for (const token of tokens) {
    if (token.length !== 11) continue;
    for (let i = 3; i < 10; i += 1) {
      if (!ROUND.test(token[i] ?? '') || !ROUND.test(token[i + 1] ?? '')) continue;
      const repaired = repairByPosition(token.slice(0, i) + token.slice(i + 1));
      if (repaired && checkEpic(repaired) === 'valid') return repaired;
    }
  }
  return null;
}
