import type { Language } from '../i18n/languages';
import { type MessageCatalogue, type MessageCode, MESSAGE_TERMS, MESSAGE_TEXTS, type MessageTerm, PARAM_KINDS, type WaitUnit } from './message-texts';

// The reading and wording of messages (docs/decisions/020-languages-and-messages.md) over the
// catalogues given. The server gives all three (localize-message.ts); a phone gives the one
// language it shows, loaded with that language's screen texts, so it never downloads the
// other two (issue 21). A language without a catalogue keeps the English text.
export type MessageCatalogues = Partial<Record<Exclude<Language, 'en'>, MessageCatalogue>>;

export type MessageParams = Record<string, string>;
export interface ReadMessage {
  code: MessageCode;
  params: MessageParams;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  code: MessageCode;
  names: string[];
  regex: RegExp;
}

const exact = new Map<string, MessageCode>();
const patterns: Pattern[] = [];
for (const [code, text] of Object.entries(MESSAGE_TEXTS) as [MessageCode, string][]) {
  if (!text.includes('{{')) {
    exact.set(text, code);
    continue;
  }
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    source += escapeRegExp(text.slice(last, match.index));
    source += PARAM_KINDS[name] === 'number' ? '(\\d[\\d,]*)' : '(.+?)';
    names.push(name);
    last = (match.index ?? 0) + match[0].length;
  }
  source += escapeRegExp(text.slice(last));
  patterns.push({ code, names, regex: new RegExp(`^${source}$`, 's') });
}

const TERMS: ReadonlySet<string> = new Set(MESSAGE_TERMS);
const isTerm = (value: string): boolean => TERMS.has(value.toLowerCase());

export interface MessageLocalizer {
  readMessage(text: string): ReadMessage | null;
  wordMessage(code: MessageCode, params: MessageParams, language: Language): string;
  localizeMessage(text: string, language: Language): string;
}

export function createMessageLocalizer(catalogues: MessageCatalogues): MessageLocalizer {
  const termsKnown = (pattern: Pattern, params: MessageParams) =>
    pattern.names.every((name) => {
      const kind = PARAM_KINDS[name];
      return kind !== 'term' || isTerm(params[name] ?? '');
    });

  // The code and parts of an English message, or null for a text this table does not know
  // (data, or another library's words). Where two patterns fit, the one whose terms are all
  // known wins ("Title is required" is a field, not some other sentence).
  function readMessage(text: string): ReadMessage | null {
    const code = exact.get(text);
    if (code) return { code, params: {} };
    let fallback: ReadMessage | null = null;
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const params = Object.fromEntries(pattern.names.map((name, index) => [name, match[index + 1] ?? '']));
      if (termsKnown(pattern, params)) return { code: pattern.code, params };
      fallback ??= { code: pattern.code, params };
    }
    return fallback;
  }

  function wordTerm(value: string, catalogue: MessageCatalogue): string {
    return catalogue.terms[value.toLowerCase() as MessageTerm] ?? value;
  }

  function wordWait(value: string, catalogue: MessageCatalogue): string {
    const match = /^(\d+) (second|minute|hour)s?$/.exec(value);
    if (!match) return value;
    const count = match[1] as string;
    const unit = `${match[2]}${count === '1' ? '' : 's'}` as WaitUnit;
    return catalogue.waits[unit].replace('{{count}}', count);
  }

  function wordParam(name: string, value: string, catalogue: MessageCatalogue, language: Language): string {
    switch (PARAM_KINDS[name]) {
      case 'term':
        return wordTerm(value, catalogue);
      case 'terms':
        return value
          .split(', ')
          .map((item) => wordTerm(item, catalogue))
          .join(', ');
      case 'wait':
        return wordWait(value, catalogue);
      case 'message':
        return localizeMessage(value, language);
      default:
        return value;
    }
  }

  // A message by its code in the given language, its parts worded too.
  function wordMessage(code: MessageCode, params: MessageParams, language: Language): string {
    const catalogue = language === 'en' ? undefined : catalogues[language];
    const template: string = catalogue ? catalogue.messages[code] : MESSAGE_TEXTS[code];
    return template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return catalogue ? wordParam(name, value, catalogue, language) : value;
    });
  }

  // An English message in the reader's language; a text the table does not know stays as it is.
  function localizeMessage(text: string, language: Language): string {
    if (language === 'en' || !catalogues[language]) return text;
    const read = readMessage(text);
    return read ? wordMessage(read.code, read.params, language) : text;
  }

  return { readMessage, wordMessage, localizeMessage };
}
