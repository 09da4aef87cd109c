import type { en } from './en';

// The shape every language file fills: the English file's keys, each holding a string.
// A language file that misses or misspells a key does not compile.
type Texts<T> = T extends string ? string : { readonly [K in keyof T]: Texts<T[K]> };
export type LocaleTexts = Texts<typeof en>;
// The same for a namespace of its own (pin-texts.ts).
export type LocaleTextsOf<T> = Texts<T>;
