import { nameWords, phoneticKey } from '../search/name-keys';

// How two roll names are compared: households (a shared surname, a relative's name that names
// another member) and duplicate entries (the same name and relative's name). Every comparison
// goes through nameWordKey, the key of one word, so that a cross-script phonetic key (the
// voter search's, which reads "Patil" and "पाटील" alike) changes households and duplicates in
// one place. Today a key is the word in one script, with the spellings of the same name that
// people mix up folded together.

// Zero-width joiners, and a nukta (ज़ is written ज by most): they never tell two names apart.
const INVISIBLE = /\u200B|\u200C|\u200D|\u2060|\uFEFF|\u093C|\u0ABC/g;
// Devanagari and Gujarati long vowels written short or long alike in names (सुनीता, सुनिता);
// chandrabindu as anusvara.
const FOLDED: Record<string, string> = {
  '\u0940': '\u093F', // ी → ि
  '\u0942': '\u0941', // ू → ु
  '\u0908': '\u0907', // ई → इ
  '\u090A': '\u0909', // ऊ → उ
  '\u0901': '\u0902', // ँ → ं
  '\u0AC0': '\u0ABF', // ી → િ
  '\u0AC2': '\u0AC1', // ૂ → ુ
  '\u0A88': '\u0A87', // ઈ → ઇ
  '\u0A8A': '\u0A89', // ઊ → ઉ
  '\u0A81': '\u0A82', // ઁ → ં
};
const FOLDABLE = new RegExp(Object.keys(FOLDED).join('|'), 'g');
// Latin accents (Pāṭīl) go; Indic signs are outside this range and stay.
const LATIN_MARKS = /[\u0300-\u036f]/g;
const WORD = /[\p{L}\p{M}]+/gu;

// The key of one word of a name.
export function nameWordKey(word: string): string {
  return word
    .normalize('NFD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(FOLDABLE, (char) => FOLDED[char] ?? char)
    .toLowerCase();
}

// The keys of a name's words in order (punctuation and initials' dots separate words).
export function nameWordKeys(name: string | null | undefined): string[] {
  if (!name) return [];
  return (name.normalize('NFC').replace(INVISIBLE, '').match(WORD) ?? []).map(nameWordKey).filter((key) => key !== '');
}

// The surname: the last word of a name of two words or more, as the rolls print Marathi names
// (own name, father's or husband's name, surname).
export function surnameKey(name: string | null | undefined): string | undefined {
  const keys = nameWordKeys(name);
  return keys.length >= 2 ? keys[keys.length - 1] : undefined;
}

// Whether a relative's name, as the roll prints it for one voter, names another voter: the same
// given name, and the same surname where both names carry one ("शिवाजी चव्हाण" names "शिवाजी
// रामराव चव्हाण"). A relative's name of one word ("शिवाजी") borrows the surname of the voter
// whose relative it is.
export function namesPerson(relativeName: string | null | undefined, fullName: string | null | undefined, holderSurname?: string): boolean {
  return keysNamePerson(nameWordKeys(relativeName), nameWordKeys(fullName), holderSurname);
}

// The same on names already split into word keys (a household's members are compared many times).
export function keysNamePerson(relative: readonly string[], person: readonly string[], holderSurname?: string): boolean {
  if (relative.length === 0 || person.length === 0 || relative[0] !== person[0]) return false;
  const relativeSurname = relative.length >= 2 ? relative[relative.length - 1] : holderSurname;
  const personSurname = person.length >= 2 ? person[person.length - 1] : undefined;
  return relativeSurname === undefined || personSurname === undefined || relativeSurname === personSurname;
}

// One person as the duplicate scan compares them: the words of the name and of the relative's
// name, each in a fixed order (so "Chavan Rahul Shivaji" is "Rahul Shivaji Chavan"). Null when
// either name is missing: a name alone finds too many namesakes to review.
export function personKey(fullName: string | null | undefined, relativeName: string | null | undefined): string | null {
  const name = nameWordKeys(fullName);
  const relative = nameWordKeys(relativeName);
  if (name.length === 0 || relative.length === 0) return null;
  return `${[...name].sort().join(' ')}|${[...relative].sort().join(' ')}`;
}

// Joiners and other invisible marks split or hide nothing in a name; chandrabindu is written
// for anusvara (सांगळे, साँगळे): folded here as nameWordKey folds them, so that every pair the
// one-script key finds the cross-script key finds too.
const PHONETIC_INVISIBLE = /\u200B|\u2060|\uFEFF/g;
const CHANDRABINDU = /\u0901|\u0A81/g;

function phoneticWordKeys(name: string | null | undefined): string[] {
  if (!name) return [];
  const text = name.replace(PHONETIC_INVISIBLE, '').replace(CHANDRABINDU, (char) => (char === '\u0901' ? '\u0902' : '\u0A82'));
  return nameWords(text)
    .map(phoneticKey)
    .filter((key) => key !== '');
}

// One person as the duplicate scan compares them across scripts: personKey's shape (the words
// of the name and of the relative's name, each in a fixed order) built from the voter search's
// phonetic keys (shared/search/name-keys.ts), so "Rahul Shivaji Chavan" / "Shivaji Chavan" and
// "राहुल शिवाजी चव्हाण" / "शिवाजी चव्हाण" are one key. Households keep nameWordKey (their
// members are printed in one script). Null when either name is missing.
export function crossScriptPersonKey(fullName: string | null | undefined, relativeName: string | null | undefined): string | null {
  const name = phoneticWordKeys(fullName);
  const relative = phoneticWordKeys(relativeName);
  if (name.length === 0 || relative.length === 0) return null;
  return `${[...name].sort().join(' ')}|${[...relative].sort().join(' ')}`;
}
