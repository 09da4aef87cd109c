import leven from 'leven';
import { type LabelField, PROFILE_ORDER, PROFILES } from './language-profiles';

// Finding a box's printed labels in a line of text, tolerantly. A label is matched as its
// profile's pattern says (language-profiles.ts); failing that, with the spaces and joiners inside
// it taken out (OCR and drawing-order layers split words: "व डिलांचे नाव", "प तीचे नाव"); failing
// that, against the label as printed a letter or two off (OCR's usual confusions: "पत्ति का नाम").
// A label found so must end where a word of the line ends, so a name that merely starts like a
// label is not cut.

export interface FoundLabel {
  field: LabelField;
  end: number; // the first character of the line after the label
}

const INSIDE_WORD = /[\s\u200c\u200d]/u;

const LABEL_FIELDS: LabelField[] = ['father', 'husband', 'mother', 'other', 'house', 'age', 'name'];
const sources = (field: LabelField) => PROFILE_ORDER.flatMap((code) => PROFILES[code].labels[field]);
const STARTS = LABEL_FIELDS.map((field) => ({ field, pattern: new RegExp(`^(?:${sources(field).join('|')})`, 'iu') }));
const PRINTED = LABEL_FIELDS.flatMap((field) => PROFILE_ORDER.flatMap((code) => (PROFILES[code].printed[field] ?? []).map((label) => ({ field, squeezed: squeeze(label.toLowerCase()).text, words: label.split(' ').length }))));
// One edit in every six letters of a printed label, labels of six letters or more only: "Age"
// a letter off is any short word.
const LETTERS_PER_EDIT = 6;
// A reading followed by its colon (or the "!" OCR reads it as) is a label for sure (no name holds
// one): a low-resolution scan's labels come out further off ("पित्ता का नाम:", "चित्ता का नाम:",
// "पत्ति का नाभ:"), one edit in three letters.
const LETTERS_PER_EDIT_BEFORE_COLON = 3;
const COLON_AFTER = /^\s*(?:[:;!]|ः)/u;
// A lone letter before a label and its colon is a speck of the frame read as a letter ("उ नाम:").
const SPECK_BEFORE_LABEL = /^\S\p{M}?\s+/u;
const LOOSE_INSIDE_WORDS = 3;

// The text without spaces and joiners, and where each of its characters was in the text.
function squeeze(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (INSIDE_WORD.test(char)) continue;
    out += char;
    at.push(index);
  }
  return { text: out, at };
}

// Whether the text's word ends at `end`: the line's end, a space, a colon or punctuation.
const endsWord = (text: string, end: number) => end >= text.length || /(?:[\s:;.,\-–—|]|ः)/u.test(text.charAt(end));

// The label a line starts with, if any.
// `inside`: the label is looked for inside a line, after a name, where a label of three words
// ("पिता का नाम") is matched as far off as one before its colon (a low-resolution scan's
// "पित्ता का नाम" glued to the name).
export function labelAtStart(text: string, inside = false): FoundLabel | null {
  const found = labelAtStartOf(text, inside);
  if (found) return found;
  const speck = text.match(SPECK_BEFORE_LABEL)?.[0];
  if (!speck) return null;
  const after = labelAtStartOf(text.slice(speck.length), inside);
  return after && COLON_AFTER.test(text.slice(speck.length + after.end)) ? { field: after.field, end: speck.length + after.end } : null;
}

function labelAtStartOf(text: string, inside: boolean): FoundLabel | null {
  let exact: FoundLabel | null = null;
  for (const { field, pattern } of STARTS) {
    const found = text.match(pattern);
    if (found) {
      exact = { field, end: found[0].length };
      break;
    }
  }
  // Squeezed, the label may reach further: "घर क्र मांक" is "घर क्र" (a short form) as read, and
  // "घर क्रमांक" whole without its space.
  const { text: squeezed, at } = squeeze(text);
  for (const { field, pattern } of STARTS) {
    const found = squeezed.match(pattern);
    if (!found || found[0].length === 0) continue;
    const end = (at[found[0].length - 1] as number) + 1;
    if (!endsWord(text, end)) continue;
    if (!exact || end > exact.end) return { field, end };
    break;
  }
  if (exact) return exact;
  const lower = squeezed.toLowerCase();
  let best: (FoundLabel & { distance: number }) | null = null;
  for (const { field, squeezed: label, words } of PRINTED) {
    if (label.length < LETTERS_PER_EDIT) continue;
    const allowed = Math.floor(label.length / LETTERS_PER_EDIT);
    const allowedBeforeColon = Math.floor(label.length / LETTERS_PER_EDIT_BEFORE_COLON);
    for (let length = label.length - allowedBeforeColon; length <= label.length + allowedBeforeColon; length += 1) {
      if (length < 1 || length > lower.length) continue;
      const distance = leven(lower.slice(0, length), label);
      const end = (at[length - 1] as number) + 1;
      const most = COLON_AFTER.test(text.slice(end)) || (inside && words >= LOOSE_INSIDE_WORDS) ? allowedBeforeColon : allowed;
      if (distance <= most && endsWord(text, end) && (!best || distance < best.distance)) best = { field, end, distance };
    }
  }
  return best ? { field: best.field, end: best.end } : null;
}

// Where a relative's or the house's label starts inside a line (two printed lines that OCR, or a
// layer's line grouping, ran together: "<name> व डिलांचे नाव : <relative>"), or -1. It must start
// a word, and be followed by a colon or be a label of two words or more (a lone "पति" inside a
// name is a name).
export function innerLabelStart(text: string): number {
  // Not inside the line's own label ("व डिलांचे नाव" is one label, not "व" and "डिलांचे नाव").
  const own = labelAtStart(text);
  for (let start = own ? own.end : 1; start < text.length; start += 1) {
    if (!/\s/u.test(text.charAt(start - 1)) || /\s/u.test(text.charAt(start))) continue;
    const rest = text.slice(start);
    const found = labelAtStart(rest, true);
    if (!found || found.field === 'name' || found.field === 'age') continue;
    const label = rest.slice(0, found.end);
    const colonAfter = /^\s*(?::|ः)/u.test(rest.slice(found.end));
    if (colonAfter || /\s/u.test(label.trim())) return start;
  }
  return -1;
}
