// Phonetic keys of personal names, the same for a name typed in Latin letters, Devanagari or
// Gujarati: "Patil", "paatil", "पाटील" and "પાટીલ" all give "ptil". Search stores the keys of
// each voter's names and matches the keys of what is typed, word by word, as prefixes
// (docs/name-search.md and docs/decisions/021-cross-script-name-search.md). A pure function
// with no dependencies, so the server, the web app and imports can all use it.
//
// How a word becomes its key:
// 1. The word becomes a string of sounds: Devanagari and Gujarati letter by letter (a consonant
//    carries the inherent "a" unless a virama or a vowel sign follows, and that "a" is dropped
//    where Marathi drops it when speaking); Latin letters with the digraphs people type.
// 2. Distinctions people do not keep when they write a name in the other script are folded:
//    long and short vowels, aspiration (bh/b, th/t), retroflex and dental (ट/त, ड/द, ण/न, ळ/ल),
//    ś/ṣ/s (sh/s), w/v, f/ph/p, z/j/jh, q/k, x/ksh, nukta letters, doubled consonants, ai/ay/e,
//    au/o, final av/ao (Jadhav, Jadhao), "ri"/"ru" (कृष्ण: Krishna, Krushna).
// 3. The vowel "a" (short or long) is left out except at the start of a word: whether a
//    Devanagari consonant's inherent "a" is spoken is guessed, and Latin spellings add or drop it
//    (Thakare, Thakre, ठाकरे), so it cannot tell names apart reliably. i, u, e, o stay.

type Sound = { kind: 'consonant'; value: string } | { kind: 'vowel'; value: string; inherent?: boolean } | { kind: 'nasal' };

const consonant = (value: string): Sound => ({ kind: 'consonant', value });
const vowel = (value: string, inherent = false): Sound => ({ kind: 'vowel', value, inherent });

// Devanagari consonants (U+0915–U+0939, U+0958–U+095F with nukta). ञ keeps its own value only
// for ज्ञ, which Marathi says and writes "dny" (Dnyaneshwar, Pradnya).
const DEVANAGARI_CONSONANTS: Record<string, string> = {
  क: 'k', ख: 'k', ग: 'g', घ: 'g', ङ: 'n',
  च: 'c', छ: 'c', ज: 'j', झ: 'j', ञ: 'ñ',
  ट: 't', ठ: 't', ड: 'd', ढ: 'd', ण: 'n',
  त: 't', थ: 't', द: 'd', ध: 'd', न: 'n', ऩ: 'n',
  प: 'p', फ: 'p', ब: 'b', भ: 'b', म: 'm',
  य: 'y', र: 'r', ऱ: 'r', ल: 'l', ळ: 'l', ऴ: 'l', व: 'v',
  श: 's', ष: 's', स: 's', ह: 'h',
  क़: 'k', ख़: 'k', ग़: 'g', ज़: 'j', ड़: 'd', ढ़: 'd', फ़: 'p', य़: 'y',
};
// Independent vowels, and the vowel signs that follow a consonant. ऋ/ृ is a vowel that Marathi
// says "ru" and Hindi "ri": it becomes an "r" whose vowel the r rule below drops either way.
const DEVANAGARI_VOWELS: Record<string, string> = {
  अ: 'a', आ: 'a', इ: 'i', ई: 'i', उ: 'u', ऊ: 'u', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au',
  ऍ: 'e', ऎ: 'e', ऑ: 'o', ऒ: 'o', ॲ: 'a', ऋ: 'r', ॠ: 'r', ऌ: 'l', ॡ: 'l',
};
const DEVANAGARI_SIGNS: Record<string, string> = {
  'ा': 'a', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au',
  'ॅ': 'e', 'ॆ': 'e', 'ॉ': 'o', 'ॊ': 'o', 'ृ': 'r', 'ॄ': 'r', 'ॢ': 'l', 'ॣ': 'l',
  'ॏ': 'au', 'ॖ': 'u', 'ॗ': 'u', 'ऺ': 'e', 'ऻ': 'i',
};
const VIRAMA = '\u094D';
const NUKTA = '\u093C';
const ANUSVARA = '\u0902';
// Nukta letters as a base letter and a nukta (NFC keeps them apart): the base letter is kept.
const NUKTA_BASES: Record<string, string> = { क: 'क़', ख: 'ख़', ग: 'ग़', ज: 'ज़', ड: 'ड़', ढ: 'ढ़', फ: 'फ़', य: 'य़' };

// Gujarati (U+0A80–U+0AFF) is laid out as Devanagari is, 0x180 further on: read as Devanagari.
const GUJARATI_START = 0x0a80;
const GUJARATI_END = 0x0aff;
const GUJARATI_OFFSET = 0x0180;

function asDevanagari(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code >= GUJARATI_START && code <= GUJARATI_END ? String.fromCodePoint(code - GUJARATI_OFFSET) : char;
}

function indicSounds(word: string): Sound[] {
  const chars = [...word].map(asDevanagari);
  const sounds: Sound[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    let char = chars[index]!;
    const withNukta = chars[index + 1] === NUKTA ? NUKTA_BASES[char] : undefined;
    if (withNukta) {
      char = withNukta;
      index += 1;
    }
    const letter = DEVANAGARI_CONSONANTS[char];
    if (letter) {
      sounds.push(consonant(letter));
      let next = chars[index + 1];
      // Joiners and a nukta on a letter that has no nukta form change nothing.
      while (next === NUKTA || next === '\u200C' || next === '\u200D') {
        index += 1;
        next = chars[index + 1];
      }
      if (next === VIRAMA) {
        index += 1;
      } else if (next !== undefined && DEVANAGARI_SIGNS[next] !== undefined) {
        pushIndicVowel(sounds, DEVANAGARI_SIGNS[next] as string);
        index += 1;
      } else {
        sounds.push(vowel('a', true));
      }
      continue;
    }
    const independent = DEVANAGARI_VOWELS[char] ?? DEVANAGARI_SIGNS[char];
    if (independent) pushIndicVowel(sounds, independent);
    else if (char === ANUSVARA) sounds.push({ kind: 'nasal' });
    // Anything else (candrabindu, visarga, a stray virama or nukta) carries nothing.
  }
  return deleteSilentSchwas(sounds);
}

// ऋ and ृ are written as vowels but spoken as r with a vowel ("ru", see fold); ऌ as l.
function pushIndicVowel(sounds: Sound[], value: string): void {
  if (value === 'r') sounds.push(consonant('r'), vowel('u'));
  else if (value === 'l') sounds.push(consonant('l'));
  else sounds.push(vowel(value));
}

const isVowel = (sound: Sound | undefined) => sound?.kind === 'vowel';
const isConsonant = (sound: Sound | undefined) => sound?.kind === 'consonant' || sound?.kind === 'nasal';

// The inherent "a" Marathi and Hindi do not speak: at the end of a word (after a consonant),
// and between vowel-consonant and consonant-vowel (रजनी: rajnī; गायकवाड: gāykavāḍ). Only its
// neighbours change with it (ay + consonant, a consonant then h, a doubled consonant).
function deleteSilentSchwas(sounds: Sound[]): Sound[] {
  const kept = [...sounds];
  const last = kept[kept.length - 1];
  if (kept.length > 2 && last?.kind === 'vowel' && last.inherent) kept.pop();
  for (let index = 2; index < kept.length - 2; index += 1) {
    const sound = kept[index]!;
    if (sound.kind !== 'vowel' || !sound.inherent) continue;
    if (isVowel(kept[index - 2]) && isConsonant(kept[index - 1]) && isConsonant(kept[index + 1]) && isVowel(kept[index + 2])) {
      kept.splice(index, 1);
      index -= 1;
    }
  }
  return kept;
}

// Latin letters, after accents are taken off (IAST ā ś ṣ ṭ ḍ ṇ ḷ ṛ ṃ read as a s s t d n l r m).
const LATIN_VOWEL_PAIRS: Record<string, string> = { aa: 'a', ee: 'i', ii: 'i', oo: 'u', uu: 'u', ai: 'ai', au: 'au', ou: 'au', ei: 'e' };
const LATIN_LETTERS: Record<string, string> = {
  b: 'b', d: 'd', g: 'g', h: 'h', j: 'j', k: 'k', l: 'l', m: 'm', n: 'n', p: 'p', r: 'r', s: 's', t: 't', v: 'v', y: 'y',
  f: 'p', q: 'k', w: 'v', z: 'j',
};

function latinSounds(word: string): Sound[] {
  const sounds: Sound[] = [];
  for (let index = 0; index < word.length; index += 1) {
    const char = word[index]!;
    const pair = LATIN_VOWEL_PAIRS[word.slice(index, index + 2)];
    if (pair) {
      sounds.push(vowel(pair));
      index += 1;
    } else if ('aeiou'.includes(char)) {
      sounds.push(vowel(char));
    } else if (char === 'c') {
      // ch is च; ck and a lone c are k (Thackeray).
      if (word[index + 1] === 'h') {
        sounds.push(consonant('c'));
        index += 1;
      } else if (word[index + 1] !== 'k') {
        sounds.push(consonant('k'));
      }
    } else if (char === 'y' && index === word.length - 1 && index > 0 && !'aeiouy'.includes(word[index - 1]!)) {
      // A final y after a consonant is the vowel ी (Chaudhary, Chaudhari).
      sounds.push(vowel('i'));
    } else if (char === 'x') {
      sounds.push(consonant('k'), consonant('s'));
    } else if (LATIN_LETTERS[char]) {
      sounds.push(consonant(LATIN_LETTERS[char]));
    }
  }
  return sounds;
}

const LABIALS = new Set(['p', 'b', 'm']);

// The folding rules, the same for every script.
function fold(input: Sound[]): Sound[] {
  let sounds = input;
  // ज्ञ is "dny".
  if (sounds.some((sound) => sound.kind === 'consonant' && sound.value === 'ñ')) sounds = sounds.flatMap((sound, index) => {
    if (sound.kind === 'consonant' && sound.value === 'ñ') {
      const afterJ = sounds[index - 1]?.kind === 'consonant' && (sounds[index - 1] as { value: string }).value === 'j';
      return afterJ ? [consonant('n'), consonant('y')] : [consonant('n')];
    }
    if (sound.kind === 'consonant' && sound.value === 'j' && sounds[index + 1]?.kind === 'consonant' && (sounds[index + 1] as { value: string }).value === 'ñ') return [consonant('d')];
    return [sound];
  });
  const out: Sound[] = [];
  for (let index = 0; index < sounds.length; index += 1) {
    const sound = sounds[index]!;
    const previous = out[out.length - 1];
    const next = sounds[index + 1];
    if (sound.kind === 'consonant') {
      // h right after a consonant is aspiration (bh, th, kh, sh, व्ह, ल्ह): not kept.
      if (sound.value === 'h' && previous?.kind === 'consonant') continue;
      // A doubled consonant counts once (Vitthal, Mahalle, Ujjwala).
      if (previous?.kind === 'consonant' && previous.value === sound.value) continue;
      out.push(sound);
      continue;
    }
    if (sound.kind === 'nasal') {
      // Anusvara is the nasal of the consonant it stands before: m before p, b, m (कांबळे:
      // Kamble), n elsewhere (शिंदे: Shinde); at the end of a word it is left out, so that a
      // word typed up to its anusvara still starts its full key.
      if (next === undefined) continue;
      const nasal = next.kind === 'consonant' && LABIALS.has(next.value) ? 'm' : 'n';
      if (!(previous?.kind === 'consonant' && previous.value === nasal)) out.push(consonant(nasal));
      continue;
    }
    // Vowels.
    let value = sound.value;
    if (value === 'ai') value = 'e';
    if (value === 'au') value = 'o';
    if (previous?.kind === 'vowel' && previous.value === 'a' && (value === 'i' || value === 'u')) {
      // आई, नाईक: a + i is e; राऊत: a + u is o.
      previous.value = value === 'i' ? 'e' : 'o';
      continue;
    }
    // i and u after r are one vowel: ऋ is said "ru" in Marathi and "ri" in Hindi (Krushna,
    // Krishna, कृष्ण; Amruta, Amrita), and Latin cannot tell ऋ from र + ि.
    if (value === 'i' && previous?.kind === 'consonant' && previous.value === 'r') value = 'u';
    out.push({ kind: 'vowel', value });
  }
  // ay or ey before a consonant or at the end of the word is e (Tayde, Taide, तायडे; Sanjay).
  const folded: Sound[] = [];
  for (let index = 0; index < out.length; index += 1) {
    const sound = out[index]!;
    const next = out[index + 1];
    const after = out[index + 2];
    if (sound.kind === 'vowel' && (sound.value === 'a' || sound.value === 'e') && next?.kind === 'consonant' && next.value === 'y' && (after === undefined || after.kind !== 'vowel')) {
      folded.push({ kind: 'vowel', value: 'e' });
      index += 1;
      continue;
    }
    folded.push(sound);
  }
  // av at the end of a word is o: राव is Rao (Bhimrao), जाधव is Jadhav and Jadhao.
  const [a, v] = folded.slice(-2);
  if (folded.length > 2 && a?.kind === 'vowel' && a.value === 'a' && v?.kind === 'consonant' && v.value === 'v') folded.splice(-2, 2, { kind: 'vowel', value: 'o' });
  return folded;
}

function keyOfSounds(sounds: Sound[]): string {
  let key = '';
  sounds.forEach((sound, index) => {
    if (sound.kind === 'vowel') {
      if (sound.value !== 'a' || index === 0) key += sound.value;
    } else if (sound.kind === 'consonant') {
      key += sound.value;
    }
  });
  return key;
}

const INDIC_LETTER = /[\u0900-\u097F\u0A80-\u0AFF]/;

// The key of one word (letters of one script; anything else is left out). Empty when the word
// has no letter a key keeps.
export function phoneticKey(word: string): string {
  let key = knownKeys.get(word);
  if (key === undefined) {
    key = keyOf(word);
    if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
    knownKeys.set(word, key);
  }
  return key;
}

// The names of a constituency share a few thousand words, so a million-voter import works each
// word's key out once instead of a million times (6 of its 9 µs a voter). Bounded, for a
// long-running server that sees ever new words.
const KNOWN_KEYS_MAX = 100_000;
const knownKeys = new Map<string, string>();

function keyOf(word: string): string {
  if (INDIC_LETTER.test(word)) return keyOfSounds(fold(indicSounds(word.normalize('NFC'))));
  // Accents come off Latin letters (IAST ā, ṭ, ś); plain ASCII needs no normalising.
  const text = NON_ASCII.test(word) ? word.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : word;
  return keyOfSounds(fold(latinSounds(text.toLowerCase())));
}

const NON_ASCII = /[\u0080-\uffff]/;

// A name's words: runs of letters of one script (Latin or Indic), marks included; digits and
// punctuation separate them.
const WORD = /(?:\p{Script=Latin}\p{M}*)+|(?:[\p{Script=Devanagari}\p{Script=Gujarati}]|\u200C|\u200D)+/gu;

export function nameWords(name: string): string[] {
  return name.normalize('NFC').match(WORD) ?? [];
}

// The keys of a name's words, each once, in order.
export function nameKeys(name: string): string[] {
  const keys: string[] = [];
  for (const word of nameWords(name)) {
    const key = phoneticKey(word);
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

// A key among a name's search terms starts with this mark, so a key never meets a word as
// written: "0ptil" is the key of Patil, "patil" the word (typedSearch reads no typed word that
// starts with the mark without a digit after it).
export const KEY_MARK = '0';

// The words of a text as a search index keeps them: letters, combining marks and digits, in
// lower case, each once (the database's index splits them again the same way).
const INDEX_WORD = /[\p{L}\p{M}\p{N}]+/gu;

function indexWords(text: string): string[] {
  return [...new Set(text.normalize('NFC').replace(/[\u200C\u200D]/g, '').toLowerCase().match(INDEX_WORD) ?? [])];
}

// What the database stores for a name and searches (migration 020): the name's words as written
// and their keys (each after KEY_MARK), separated by spaces, plus the words of `alsoAsWritten`
// (the voter ID, which the voter search also matches as typed). Null for no name.
export function nameSearchTerms(name: string | null | undefined, alsoAsWritten?: string | null): string | null {
  if (name === null || name === undefined) return null;
  const words = indexWords(alsoAsWritten ? `${name} ${alsoAsWritten}` : name);
  return [...words, ...nameKeys(name).map((key) => KEY_MARK + key)].join(' ');
}

// Whether stored terms (nameSearchTerms) match every typed word as written: the rule the
// databases' indexes apply, for rows already read.
export function termsMatchExactly(terms: string | null, search: NameSearch): boolean {
  if (!terms) return false;
  const written = terms.split(' ').filter((term) => !term.startsWith(KEY_MARK));
  return search.words.every((word) => written.some((term) => term.startsWith(word)));
}

// A typed search that is a name: its words as typed (NFC) and each word's key ('' when the word
// has no letter a key keeps). Only letters, combining marks, spaces and the punctuation names
// carry (. ' -) make a name; other text is read by typedSearch below. Words are split where the
// search index splits them.
export interface NameSearch {
  words: string[];
  keys: string[];
}

const NAME_TERM = /^(?:[\p{L}\p{M}\s.'\u2019-]|\u200C|\u200D)+$/u;
const TERM_WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function parseNameSearch(term: string): NameSearch | undefined {
  const text = term.normalize('NFC').replace(/[\u200C\u200D]/g, '').trim();
  if (!text || !NAME_TERM.test(text)) return undefined;
  const words: string[] = [];
  for (const word of text.match(TERM_WORD) ?? []) {
    if (!words.includes(word.toLowerCase())) words.push(word.toLowerCase());
  }
  if (words.length === 0) return undefined;
  return { words, keys: words.map(typedKey) };
}

// A typed word's key, or '' (matched only as typed) for a word no name is spelt with: a letter
// three times in a row. Its key is the letter once, which starts thousands of names: "qqqq" found
// 276 voters, "sss" 466 (issue 56). No Indian name in any of the four scripts repeats a letter so.
const LETTER_THRICE = /(\p{L})\1\1/u;

function typedKey(word: string): string {
  return LETTER_THRICE.test(word) ? '' : phoneticKey(word);
}

// How the voter search reads what is typed, on the server and on the phone alike (decision 051):
// - `name`: when the text holds a letter, its words, each to start a word of the name (or of the
//   voter ID) as typed or by key. Digits stay inside words ("Ward 12", "Contact Voter 123456");
//   any other character a name cannot hold separates them ("Patil," is "patil"). A word holding
//   a digit has no key. Names are never matched as substrings.
// - `number`: with `digitsAreNumbers`, text holding a digit is also a substring of the mobile
//   number or the voter ID (the text as typed, `%` and `_` as written).
// Neither: the text names nobody ("%", "_").
export interface TypedSearch {
  name?: NameSearch;
  number?: string;
}

const HAS_LETTER = /[\p{L}]/u;
const HAS_DIGIT = /\p{N}/u;

// The voter search's text as it is looked for, on the server and on the phone: trimmed, and a
// mobile number typed with its country code (+91) without it.
export function voterSearchText(term: string): string {
  return term.trim().replace(/^\+91[\s-]?/, '');
}

export function typedSearch(term: string, { digitsAreNumbers }: { digitsAreNumbers: boolean }): TypedSearch {
  const text = term.trim();
  const number = digitsAreNumbers && HAS_DIGIT.test(text) ? text : undefined;
  if (!HAS_LETTER.test(text)) return number ? { number } : {};
  const name = parseNameSearch(text) ?? wordsOf(text);
  return number ? { name, number } : { name };
}

// The words of text that is not only a name. A word starting with the key mark but no digit after
// it ("0", "0ab") would meet every key that starts so, never a name's word: the text is then
// no name.
function wordsOf(text: string): NameSearch | undefined {
  // Joiners go first: they sit inside Devanagari words, which a space would split.
  const words = [...new Set(text.normalize('NFC').replace(/[\u200C\u200D]/g, '').toLowerCase().match(TERM_WORD) ?? [])];
  if (words.length === 0 || words.some((word) => word.startsWith(KEY_MARK) && !/^.\p{N}/u.test(word))) return undefined;
  return { words, keys: words.map((word) => (HAS_DIGIT.test(word) ? '' : typedKey(word))) };
}

// Whether a name matches a name search as the voter search does: every typed word starts a word
// of the name as typed, or its key starts the key of a word of the name. For the small lists a
// screen filters itself (users).
export function nameMatches(name: string, search: NameSearch): boolean {
  const words = name.normalize('NFC').toLowerCase().match(TERM_WORD) ?? [];
  const keys = nameKeys(name);
  return search.words.every((word, index) => {
    const key = search.keys[index] ?? '';
    return words.some((own) => own.startsWith(word)) || (key !== '' && keys.some((own) => own.startsWith(key)));
  });
}

// Whether a name matches every typed word as written (the matches ranked first).
export function nameMatchesExactly(name: string, search: NameSearch): boolean {
  const words = name.normalize('NFC').toLowerCase().match(TERM_WORD) ?? [];
  return search.words.every((word) => words.some((own) => own.startsWith(word)));
}
