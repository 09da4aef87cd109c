import leven from 'leven';

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

// What a character OCR gave among an EPIC's seven digits may stand for (6 printed in a small
// font comes out as B, E or G).
const DIGIT_READINGS: Record<string, string[]> = { O: ['0'], Q: ['0'], D: ['0'], U: ['0'], I: ['1'], L: ['1'], '|': ['1'], Z: ['2'], S: ['5'], B: ['8', '6'], E: ['6', '8'], G: ['6'], A: ['4'], T: ['7'] };

// Seven digits from what OCR read of them, at a cost of one per changed character and one for
// a character dropped: at most one, and only one that reads as a digit (a glyph read twice, as
// "O0" or "B6"), so a letter among the digits is never dropped to make a number fit. A character
// the same as the one beside it is the likeliest glyph read twice; dropping any other costs two
// (the English part's "WWE03364338": dropping the "0" and dropping one of the last two "3"s
// both gave a valid check digit, and the printed number was the second).
function digitReadings(read: string): { digits: string; cost: number }[] {
  const readsAsDigit = (c: string) => /\d/.test(c) || c in DIGIT_READINGS;
  const doubled = (i: number) => read[i] === read[i - 1] || read[i] === read[i + 1];
  const dropped = [...read].flatMap((c, i) => (readsAsDigit(c) ? [{ text: read.slice(0, i) + read.slice(i + 1), cost: doubled(i) ? 1 : 2 }] : []));
  const spellings = read.length === 7 ? [{ text: read, cost: 0 }] : read.length === 8 ? dropped : [];
  const found: { digits: string; cost: number }[] = [];
  for (const spelling of spellings) {
    let partial = [{ digits: '', cost: spelling.cost }];
    for (const c of spelling.text) {
      const options = /\d/.test(c) ? [c] : (DIGIT_READINGS[c] ?? []);
      partial = partial.flatMap((p) => options.map((digit) => ({ digits: p.digits + digit, cost: p.cost + (digit === c ? 0 : 1) })));
    }
    found.push(...partial);
  }
  return found;
}

// The letters an EPIC's first characters may be: a series the roll is known to use, a few edits
// away, or the three read themselves (digits read for letters each costing one).
function letterReadings(read: string, series: readonly string[]): { letters: string; cost: number }[] {
  const letters = [...read].map((c) => TO_LETTER[c] ?? c).join('');
  // A glyph more or fewer costs two, as a digit dropped that is not read twice does.
  const found = series.map((known) => ({ letters: known, cost: leven(letters, known) + Math.abs(letters.length - known.length) })).filter((reading) => reading.cost <= 2);
  if (/^[A-Z]{3}$/.test(letters)) found.push({ letters, cost: [...read].filter((c, i) => c !== letters[i]).length });
  return found;
}

// The modern EPIC nearest to a misread one: every split of each token into letters and seven
// digits (one glyph read twice allowed), kept only where the check digit holds; the cheapest
// wins, and a tie between different numbers gives none. The caller flags what this returns:
// part of it is a guess. `series`: the letters of EPICs read right elsewhere on the roll.
export function nearestEpic(texts: readonly string[], series: readonly string[]): string | null {
  const best = new Map<string, number>();
  for (const text of texts) {
    for (const token of text.toUpperCase().split(/[^A-Z0-9|]+/)) {
      if (token.length < 9 || token.length > 12) continue;
      for (const tailLength of [7, 8]) {
        if (token.length - tailLength < 2) continue;
        for (const letters of letterReadings(token.slice(0, -tailLength), series)) {
          for (const digits of digitReadings(token.slice(-tailLength))) {
            const epic = letters.letters + digits.digits;
            const cost = letters.cost + digits.cost;
            if (checkEpic(epic) === 'valid' && cost < (best.get(epic) ?? Infinity)) best.set(epic, cost);
          }
        }
      }
    }
  }
  const ranked = [...best].sort((a, b) => a[1] - b[1]);
  const [first, second] = ranked;
  if (!first || first[1] > 3 || (second && second[1] === first[1])) return null;
  return first[0];
}
