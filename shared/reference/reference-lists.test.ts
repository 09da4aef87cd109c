import { describe, expect, it } from 'vitest';
import { listValues, VOTER_FIELDS } from '../voters/voter-fields';
import { VOTER_FIELD_LISTS } from '../voters/voter-field-lists';
import { LANGUAGES } from '../settings/settings-schema';
import { type ListOption, REFERENCE_LANGUAGES } from './list-option';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from './reference-names';
import { CASTE_OPTIONS, POLITICAL_PREFERENCES, VILLAGE_OPTIONS_BY_TALUKA } from './voter-lists';

// Letters and marks must be of the language's script; digits, spaces and the punctuation the
// names use (brackets, slash, dash, full stop of "बु."/"खु.") may appear in any.
const NEUTRAL = /[\s\d()/.,'’–-]/u;
const SCRIPTS = {
  en: /[A-Za-z]/u,
  mr: /[\u0900-\u097F]/u,
  hi: /[\u0900-\u097F]/u,
  gu: /[\u0A80-\u0AFF]/u,
} as const;

function foreignCharacters(name: string, lang: keyof typeof SCRIPTS): string[] {
  return [...name].filter((char) => !NEUTRAL.test(char) && !SCRIPTS[lang].test(char));
}

const everyList = REFERENCE_LIST_NAMES.map((list) => [list, REFERENCE_LISTS[list] as readonly ListOption[]] as const);
const entries = everyList.flatMap(([list, options]) => options.map((option) => ({ list, option })));

describe('reference list data', () => {
  it('should cover the four languages of the Language setting', () => {
    expect([...REFERENCE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
  });

  it('should give every entry of every list a non-empty name in en, mr, hi and gu', () => {
    expect(entries.length).toBeGreaterThan(600);
    const missing = entries.flatMap(({ list, option }) => REFERENCE_LANGUAGES.filter((lang) => typeof option[lang] !== 'string' || option[lang].trim() === '').map((lang) => `${list}/${option.value}/${lang}`));
    expect(missing).toEqual([]);
  });

  it('should write every name in its language\'s script', () => {
    const wrong = entries.flatMap(({ list, option }) =>
      REFERENCE_LANGUAGES.flatMap((lang) => {
        const foreign = foreignCharacters(option[lang], lang);
        return foreign.length > 0 ? [`${list}/${option.value}/${lang}: "${option[lang]}" has ${foreign.join('')}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('should spell Hindi without the Marathi letters ळ and ऱ', () => {
    const marathiLetters = entries.filter(({ option }) => /[ळऱ]/u.test(option.hi)).map(({ list, option }) => `${list}/${option.value}: ${option.hi}`);
    expect(marathiLetters).toEqual([]);
  });

  it('should give a party its full registered name in every language too', () => {
    for (const party of POLITICAL_PREFERENCES) {
      for (const lang of REFERENCE_LANGUAGES) {
        expect(party.full[lang].trim(), `${party.value}/${lang}`).not.toBe('');
        expect(foreignCharacters(party.full[lang], lang), `${party.value}/${lang}`).toEqual([]);
      }
    }
  });

  it('should keep each stored value once per list', () => {
    for (const [list, options] of everyList) {
      const values = options.map((option) => option.value);
      expect(new Set(values).size, list).toBe(values.length);
    }
    for (const [taluka, villages] of Object.entries(VILLAGE_OPTIONS_BY_TALUKA)) {
      const values = villages.map((village) => village.value);
      expect(new Set(values).size, taluka).toBe(values.length);
    }
  });

  it('should name a sub-caste the same way under every caste that lists it', () => {
    const seen = new Map<string, ListOption>();
    for (const caste of CASTE_OPTIONS) {
      for (const sub of caste.subcastes) {
        const earlier = seen.get(sub.value);
        if (earlier) expect(sub, `${caste.value}/${sub.value}`).toEqual(earlier);
        seen.set(sub.value, sub);
      }
    }
    expect(seen.size).toBe(REFERENCE_LISTS.subcastes.length);
  });

  it('should mark the transliterated village names for the office to check, with their Census codes', () => {
    const villages = Object.values(VILLAGE_OPTIONS_BY_TALUKA).flat();
    expect(villages.length).toBeGreaterThan(250);
    for (const village of villages) {
      // Removing the flag is how the office records a checked name; `false` would be ambiguous.
      if ('transliterated' in village) expect(village.transliterated, village.value).toBe(true);
      for (const code of village.census2011 ?? []) expect(code, village.value).toMatch(/^\d{6}$/);
    }
    expect(villages.filter((village) => village.transliterated).length).toBeGreaterThan(0);
  });

  it('should name every list field of the voter table with the list that holds its stored values', () => {
    for (const field of VOTER_FIELDS) {
      if (field.kind !== 'list' || field.name === 'booth') continue;
      const list = VOTER_FIELD_LISTS[field.name as keyof typeof VOTER_FIELD_LISTS];
      expect(list, field.name).toBeDefined();
      expect(REFERENCE_LISTS[list].map((option: ListOption) => option.value), field.name).toEqual(listValues(field));
    }
  });
});
