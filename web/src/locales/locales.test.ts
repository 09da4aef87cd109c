import { describe, expect, it } from 'vitest';
import { hasVowelWithVowelSign } from '@shared/i18n/vowel-spelling';
import { i18n } from '@web/lib/i18n';
import { en } from './en';
import { gu } from './gu';
import { hi } from './hi';
import { mr } from './mr';
import { AVAILABILITY_TEXTS, availabilityEn } from './availability-texts';

// Every key of the English file, as "a.b.c" → text.
function flatten(texts: object, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) flat.set(inner, text);
  }
  return flat;
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]));
const english = flatten(en);

describe.each([
  ['mr', mr],
  ['hi', hi],
  ['gu', gu],
])('the %s texts', (language, texts) => {
  const translated = flatten(texts);

  it('should have every key of the English file and no other', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('should keep every {{placeholder}} of the English text', () => {
    const broken = [...english].filter(([key, text]) => [...placeholders(text)].some((name) => !placeholders(translated.get(key) ?? '').has(name)));
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it('should write no vowel sign on an independent vowel (a dotted circle on phones: ॲ, not अ + ॅ)', () => {
    expect([...translated].filter(([, text]) => hasVowelWithVowelSign(text)).map(([key]) => key)).toEqual([]);
  });

  it('should leave no text empty', () => {
    expect([...translated].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it(`should be what i18next shows in ${language}`, async () => {
    // Only English is bundled; the others load when chosen (lib/i18n.ts).
    await i18n.loadLanguages(language);
    expect(i18n.getFixedT(language)('menu.settings')).toBe(translated.get('menu.settings'));
  });
});

describe('counts in English', () => {
  it('should say one pair and one booth in the singular (issue 56: "(1 pairs)")', () => {
    const t = i18n.getFixedT('en');
    expect(t('duplicates.summary', { page: 1, totalPages: 1, count: 1 })).toBe('Showing page 1 of 1 (1 pair)');
    expect(t('duplicates.summary', { page: 1, totalPages: 3, count: 45 })).toBe('Showing page 1 of 3 (45 pairs)');
    expect(t('pollDay.turnout.showEmpty', { count: 1 })).toBe('Show 1 booth with no voters');
  });
});

describe('typed keys', () => {
  it('should refuse an unknown key at compile time', () => {
    // @ts-expect-error: a key the English file does not have does not compile.
    const unknown = i18n.t('no.such.key');
    expect(unknown).toBe('no.such.key');
  });
});

// Issue 61: the availability namespace (its shape is checked by the compiler).
describe('the availability texts', () => {
  it.each(['mr', 'hi', 'gu'] as const)('should leave no text empty or English-only and write no vowel sign on an independent vowel in %s', (language) => {
    const texts = flatten(AVAILABILITY_TEXTS[language]);
    expect([...texts].filter(([, text]) => text.trim() === '' || hasVowelWithVowelSign(text)).map(([key]) => key)).toEqual([]);
    // Every sentence is worded: only the names and numbers filled in may stay as they are.
    expect([...texts].filter(([key, text]) => text === flatten(availabilityEn).get(key)).map(([key]) => key)).toEqual([]);
  });
});
