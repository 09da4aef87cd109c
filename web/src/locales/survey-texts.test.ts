import { describe, expect, it } from 'vitest';
import { hasVowelWithVowelSign } from '@shared/i18n/vowel-spelling';
import { SURVEY_TEXTS, surveysEn } from './survey-texts';

// The survey namespace (issue 61) holds its languages to the English file as the main one is
// (locales.test.ts): the same keys (the types), every {{placeholder}}, no empty text.
function flatten(texts: object, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) flat.set(inner, text);
  }
  return flat;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = flatten(surveysEn);

describe.each(['mr', 'hi', 'gu'] as const)('the %s survey texts', (language) => {
  const translated = flatten(SURVEY_TEXTS[language]);

  it('should keep every key and {{placeholder}} of the English text and leave none empty', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    expect([...english].filter(([key, text]) => placeholders(text).join() !== placeholders(translated.get(key) ?? '').join()).map(([key]) => key)).toEqual([]);
    expect([...translated].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('should write no vowel sign on an independent vowel', () => {
    expect([...translated].filter(([, text]) => hasVowelWithVowelSign(text)).map(([key]) => key)).toEqual([]);
  });
});
