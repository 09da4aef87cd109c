import aliasesData from '../reference/data/list-aliases.json';
import type { ListOption } from '../reference/staff-lists';
import { allNamesOf } from '../reference/reference-names';
import { CASTES } from '../reference/voter-lists';
import { voterFieldList } from './voter-field-lists';
import { VOTER_FIELDS, type VoterFieldDef } from './voter-fields';

// How an import places a spreadsheet's text in a list field (issue 18, decision 022): by any
// name of an option (its stored value, its name in any of the four languages), or by an alias kept as data
// in shared/reference/data/list-aliases.json, whatever the case, spacing and punctuation. Each
// field's names are folded into one lookup when this module loads, so a row costs a Map lookup
// or two per list column.

type ListFieldDef = Extract<VoterFieldDef, { kind: 'list' }>;
export type ListField = ListFieldDef['name'];

interface ListAliases {
  // What a value that matches nothing is saved as: "Other" where the list has one, else null (empty).
  unmatched: string | null;
  aliases: Readonly<Record<string, readonly string[]>>;
  blank?: readonly string[];
}
interface AliasFile {
  blank: readonly string[];
  lists: Readonly<Record<string, ListAliases>>;
}
const ALIAS_FILE: AliasFile = aliasesData;

// The text as it is compared: Unicode-normalised, lower-case, with only letters, digits and
// vowel signs left (so "Farm labourer", "FARM-LABOURER" and " farm labourer." meet), Latin
// accents, the Devanagari nukta and zero-width joiners dropped, chandrabindu read as anusvara
// (काँग्रेस = कांग्रेस) and Devanagari digits read as 0-9.
export function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u093c]/g, '')
    .replace(/\u0901/g, '\u0902')
    .toLowerCase()
    .replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x966))
    .replace(/[^\p{L}\p{N}\p{M}]/gu, '');
}

// Every name an option goes by. The one place that knows what a list option holds: as option
// data grows names in more languages, they are added here and every list matches them.
export function namesOfOption(field: ListField, option: ListOption | string): string[] {
  const value = typeof option === 'string' ? option : option.value;
  const list = voterFieldList(field);
  // Every language's name the reference data holds (and a party's full names), else the value.
  const names = list ? allNamesOf(list, value) : [];
  return names.length > 0 ? [value, ...names] : typeof option === 'string' ? [option] : [option.value, option.en, option.mr];
}

// Spellings that follow from a name and are weaker than any real name or alias: a key two
// options both produce is dropped. Booths by their number ("5", "Booth 5", "बूथ ५"); villages
// without their "Kh."/"Bk." abbreviations or their bracketed part; castes and sub-castes by each
// of the names their entry lists ("Sutar (Suthar, Vadhai)" is also "Suthar").
function derivedNames(field: ListField | 'sub_caste', name: string): string[] {
  if (field === 'booth') {
    const number = /(\d+)$/.exec(name)?.[1];
    if (!number) return [];
    const plain = String(Number(number));
    return [plain, number, `Booth ${plain}`, `Booth No ${plain}`, `बूथ ${plain}`, `बूथ क्र ${plain}`, `बूथ क्रमांक ${plain}`];
  }
  if (field === 'village') {
    const names = [name.replace(/\s*\(.*\)\s*$/, '')];
    if (/ Kh\.?$/.test(name)) names.push(name.replace(/ Kh\.?$/, ' Khurd'));
    if (/ Bk\.?$/.test(name)) names.push(name.replace(/ Bk\.?$/, ' Budruk'));
    return names;
  }
  if (field === 'caste' || field === 'sub_caste') {
    return name
      .split(/[()/,]| - /)
      .map((part) => part.trim())
      .filter((part) => part.length >= 3);
  }
  return [];
}

// A lookup from keys to stored values; a key claimed for two values at the same strength is
// ambiguous and places nothing.
class NameTable {
  private readonly byKey = new Map<string, string>();
  private readonly ambiguous = new Set<string>();
  readonly clashes: string[] = [];

  // Adds the names of one strength: keys already placed by a stronger name are left alone. Clashes
  // among real names and aliases are noted (the tests want none); among derived names they are expected.
  addLayer(entries: readonly [name: string, value: string][], noteClashes = true): void {
    const layer = new Map<string, string>();
    for (const [name, value] of entries) {
      const key = matchKey(name);
      if (key === '' || this.byKey.has(key) || this.ambiguous.has(key)) continue;
      const earlier = layer.get(key);
      if (earlier !== undefined && earlier !== value) {
        this.ambiguous.add(key);
        if (noteClashes) this.clashes.push(`${name}: ${earlier} / ${value}`);
      } else layer.set(key, value);
    }
    for (const [key, value] of layer) if (!this.ambiguous.has(key)) this.byKey.set(key, value);
  }

  get(key: string): string | undefined {
    return this.byKey.get(key);
  }
}

// A file repeats the same few spellings down a column: each text's answer is kept, up to this
// many a list, so most cells of a messy file cost one lookup too.
const SEEN_MAX = 10_000;

interface ListMatcher {
  // The names exactly as written, checked before any normalising (most cells of a clean file).
  exact: Map<string, string>;
  // Texts met before and what they matched (null: nothing).
  seen: Map<string, string | null>;
  names: NameTable;
  blank: Set<string>;
  unmatched: string | null;
  // Alias entries that name no value of the list (a typo in the data file): listed for the tests.
  strayAliases: string[];
}

const optionValue = (option: ListOption | string) => (typeof option === 'string' ? option : option.value);
const GLOBAL_BLANK = ALIAS_FILE.blank.map(matchKey);

function buildMatcher(field: ListFieldDef): ListMatcher {
  const options = field.options as readonly (ListOption | string)[];
  const values = new Set(options.map(optionValue));
  const data = ALIAS_FILE.lists[field.name];
  const own = options.flatMap((option) => namesOfOption(field.name, option).map((name): [string, string] => [name, optionValue(option)]));
  const aliases = Object.entries(data?.aliases ?? {}).flatMap(([value, names]) => names.map((name): [string, string] => [name, value]));
  const strayAliases = aliases.filter(([, value]) => !values.has(value)).map(([name, value]) => `${field.name}: ${name} → ${value}`);
  const names = new NameTable();
  names.addLayer(own);
  names.addLayer(aliases.filter(([, value]) => values.has(value)));
  names.addLayer(
    own.flatMap(([name, value]) => derivedNames(field.name, name).map((derived): [string, string] => [derived, value])),
    false,
  );
  const unmatched = data?.unmatched ?? null;
  return {
    // Only names the table places the same way: a name two options share places neither.
    exact: new Map([...aliases.filter(([, value]) => values.has(value)), ...own].filter(([name, value]) => names.get(matchKey(name)) === value)),
    seen: new Map(),
    names,
    blank: new Set([...GLOBAL_BLANK, ...(data?.blank ?? []).map(matchKey)]),
    unmatched: unmatched !== null && values.has(unmatched) ? unmatched : null,
    strayAliases,
  };
}

const LIST_FIELDS = VOTER_FIELDS.filter((field): field is ListFieldDef => field.kind === 'list');
const MATCHERS = new Map<ListField, ListMatcher>(LIST_FIELDS.map((field) => [field.name, buildMatcher(field)]));
export const LIST_FIELD_NAMES: ReadonlySet<string> = new Set(LIST_FIELDS.map((field) => field.name));

function matcherOf(field: ListField): ListMatcher {
  const matcher = MATCHERS.get(field);
  if (!matcher) throw new Error(`${field} is not a list field`);
  return matcher;
}

// The stored value a text stands for in a list field, or null when it matches nothing.
export function matchListValue(field: ListField, text: string): string | null {
  const matcher = matcherOf(field);
  const exact = matcher.exact.get(text);
  if (exact !== undefined) return exact;
  const seen = matcher.seen.get(text);
  if (seen !== undefined) return seen;
  const value = matcher.names.get(matchKey(text)) ?? null;
  if (matcher.seen.size < SEEN_MAX) matcher.seen.set(text, value);
  return value;
}

// Whether a text says "no value" (empty, a dash, "NA", "Nil"…) rather than naming one. Asked
// only of a text that matched no option: "None" is a value of Disability.
export function isBlankListText(field: ListField, text: string): boolean {
  const key = matchKey(text);
  return key === '' || matcherOf(field).blank.has(key);
}

// What a text that matches nothing is saved as: "Other" where the list keeps one for values it
// does not name, else null (left empty). Gender, disability and booth leave it empty: "Other" is
// a gender of its own and a disability, and a booth decides who sees the voter.
export function unmatchedListValue(field: ListField): string | null {
  return matcherOf(field).unmatched;
}

// A sub-caste's value and its name in every language.
function subcasteNames(value: string): string[] {
  return [value, ...allNamesOf('subcastes', value)];
}

// A sub-caste is placed within its caste's list; with no caste, by a name that only one
// caste's list holds.
const SUBCASTES_BY_CASTE = new Map<string, NameTable>();
const ALL_SUBCASTES = new NameTable();
for (const caste of CASTES) {
  const own = caste.subcastes.flatMap((name): [string, string][] => subcasteNames(name).map((each): [string, string] => [each, name]));
  const derived = own.flatMap(([name]) => derivedNames('sub_caste', name).map((part): [string, string] => [part, name]));
  const table = new NameTable();
  table.addLayer(own);
  table.addLayer(derived, false);
  SUBCASTES_BY_CASTE.set(caste.name, table);
}
const everySubcaste = CASTES.flatMap((caste) => caste.subcastes.flatMap((name): [string, string][] => subcasteNames(name).map((each): [string, string] => [each, name])));
ALL_SUBCASTES.addLayer(everySubcaste, false);
ALL_SUBCASTES.addLayer(
  everySubcaste.flatMap(([name]) => derivedNames('sub_caste', name).map((part): [string, string] => [part, name])),
  false,
);

const SUBCASTES_SEEN = new Map<string, string | null>();

export function matchSubcaste(caste: string | null, text: string): string | null {
  const seenKey = `${caste ?? ''}\u0000${text}`;
  const seen = SUBCASTES_SEEN.get(seenKey);
  if (seen !== undefined) return seen;
  const key = matchKey(text);
  const value = (caste === null ? ALL_SUBCASTES.get(key) : SUBCASTES_BY_CASTE.get(caste)?.get(key)) ?? null;
  if (SUBCASTES_SEEN.size < SEEN_MAX) SUBCASTES_SEEN.set(seenKey, value);
  return value;
}

// For the tests: keys two options both claim, and aliases that name no value of their list.
export function listDataProblems(): { clashes: string[]; strayAliases: string[]; unknownLists: string[]; badUnmatched: string[] } {
  const matchers = [...MATCHERS.entries()];
  return {
    clashes: matchers.flatMap(([field, matcher]) => matcher.names.clashes.map((clash) => `${field}: ${clash}`)),
    strayAliases: matchers.flatMap(([, matcher]) => matcher.strayAliases),
    unknownLists: Object.keys(ALIAS_FILE.lists).filter((field) => !MATCHERS.has(field as ListField)),
    badUnmatched: matchers.filter(([field, matcher]) => (ALIAS_FILE.lists[field]?.unmatched ?? null) !== matcher.unmatched).map(([field]) => field),
  };
}
