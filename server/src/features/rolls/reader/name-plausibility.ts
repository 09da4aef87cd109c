import { type LanguageProfile, PROFILE_ORDER, PROFILES } from './language-profiles';

// Whether a row's names look like names at all (issue 53's "plausible"): the voter's name and
// the relative's hold no label word, digit or stray mark, are one to five words of one script,
// and share at least one word (a surname; left out where a wife's name often shares none with
// her husband's: the profile says). True of every voter a person read on the samples; a row
// that fails it was read wrong somewhere, whatever OCR's own sureness.

const SCRIPTS = [/[\u0900-\u097f]/u, /[A-Za-z]/u, /[\u0a80-\u0aff]/u, /[\u0980-\u09ff]/u, /[\u0a00-\u0a7f]/u];
// Every label word of every profile, as a whole word of a name.
const LABEL_WORDS = new RegExp(
  `(^|\\s)(${PROFILE_ORDER.flatMap((code) => [...Object.values(PROFILES[code].labels).flat(), ...PROFILES[code].gender.label]).join('|')})(?=\\s|$|[:ः])`,
  'iu',
);

// A label word standing in a name: the label was read into the value.
export const hasLabelWord = (name: string) => LABEL_WORDS.test(name);

export function plausibleName(name: string | null): boolean {
  if (!name) return false;
  if (/[\p{Nd}]/u.test(name)) return false;
  if (!/^[\p{L}\p{M}\s.'-]+$/u.test(name)) return false;
  if (SCRIPTS.filter((script) => script.test(name)).length !== 1) return false;
  const words = name.split(/\s+/u).filter(Boolean);
  if (words.length < 1 || words.length > 5) return false;
  return !LABEL_WORDS.test(name);
}

// A word of two names in common, letter case and dots aside.
function shareWord(first: string, second: string): boolean {
  const words = (name: string) => new Set(name.toLowerCase().replace(/\./gu, ' ').split(/\s+/u).filter((word) => word.length > 1));
  const theirs = words(second);
  return [...words(first)].some((word) => theirs.has(word));
}

export function plausibleNames(fullName: string | null, relativeName: string | null, profile: Pick<LanguageProfile, 'namesShareWord'>): boolean {
  if (!plausibleName(fullName) || !plausibleName(relativeName)) return false;
  return !profile.namesShareWord || shareWord(fullName as string, relativeName as string);
}
