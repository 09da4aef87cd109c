// The shape of every reference list entry (data/*.json). `value` is what is stored and sent and
// never changes; `en`, `mr`, `hi` and `gu` are what a person reads in each interface language.
export const REFERENCE_LANGUAGES = ['en', 'mr', 'hi', 'gu'] as const;
export type ReferenceLanguage = (typeof REFERENCE_LANGUAGES)[number];

export interface ListOption {
  value: string;
  en: string;
  mr: string;
  hi: string;
  gu: string;
  // The non-English names were transliterated from the English spelling (no public source gave
  // them): the office checks them and then removes the flag (docs/reference-lists.md).
  transliterated?: boolean;
}

// A political preference: `en`/`mr`/`hi`/`gu` are the short names a badge shows; `full` the
// party's registered name in each language (what a spreadsheet may spell out).
export interface PartyOption extends ListOption {
  full: Readonly<Record<ReferenceLanguage, string>>;
  colour: string;
  pattern: string;
}

// A village keeps its Census 2011 village code(s), so the office can check a name against the
// official village directory; a name that repeats in one taluka has a code per village.
export interface VillageOption extends ListOption {
  census2011?: readonly string[];
}

// An interface language tag ("mr", "mr-IN", "en-US") as a reference language; English otherwise.
export function toReferenceLanguage(language: string | null | undefined): ReferenceLanguage {
  const base = (language ?? '').slice(0, 2).toLowerCase();
  return REFERENCE_LANGUAGES.find((code) => code === base) ?? 'en';
}

// A stored value's name in a language: the option's own, English where that language has none,
// and the value as it was stored when it is no longer on the list (an older import).
export function optionName(option: ListOption | undefined, value: string, lang: ReferenceLanguage): string {
  return option ? option[lang] || option.en : value;
}
