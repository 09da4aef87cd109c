import { sql, type SelectQueryBuilder } from 'kysely';
import type { BoothScope } from '@shared/auth/booth-scope';
import { type NameSearch, type TypedSearch, typedSearch, voterSearchText } from '@shared/search/name-keys';
import { EQUALS_FILTERS, type VoterFilters } from '@shared/voters/voter-schema';
import type { DatabaseDialect, Executor, NameField, NameMatchPart, SearchIndexQuery, VoterTextColumn } from '../../db/dialects/database-dialect';
import type { Database } from '../../db/schema';

// Which voters a user may reach (shared/auth/booth-scope.ts): enforced here, in every query,
// not only in the screens (spec section 6, issue 4).
export type { BoothScope };

// The columns whose substrings the search's digits look for, and the area filter's.
const NUMBER_COLUMNS = ['mobile_number', 'voter_id'] as const satisfies readonly VoterTextColumn[];
const AREA_COLUMNS = ['ward_area', 'house_no'] as const satisfies readonly VoterTextColumn[];

// The text filters that search names (issue 18, decisions 021 and 051): the words typed are
// matched word by word, as typed or by phonetic key, in any script, never as substrings; the
// search's digits also look for a mobile number or voter ID (shared/search/name-keys.ts,
// typedSearch). So PostgreSQL keeps no trigram index of the names, which every saved voter had
// to update (migration 042).
const NAME_FILTERS = { search: 'full_name', father_husband_name: 'father_husband_name' } as const satisfies Record<string, NameField>;
type NameFilter = keyof typeof NAME_FILTERS;
const NAME_FILTER_KINDS = Object.keys(NAME_FILTERS) as NameFilter[];

// What a text filter looks for: trimmed, and a search without the +91 of a mobile number.
function termOf(kind: NameFilter | 'area', rawTerm: string): string {
  return kind === 'search' ? voterSearchText(rawTerm) : rawTerm.trim();
}

// How a name filter reads its text; undefined when it is not given (or only spaces).
function typedSearchOf(filters: Partial<VoterFilters>, kind: NameFilter): TypedSearch | undefined {
  const raw = filters[kind];
  const term = raw ? termOf(kind, raw) : '';
  return term ? typedSearch(term, { digitsAreNumbers: kind === 'search' }) : undefined;
}

// The voters every list and count shows: not deleted, and not marked as a second roll entry of
// another voter (duplicate_of, migration 024; such a voter is kept and opens by its id). The
// filter indexes are partial on exactly these two conditions, so a query must state both.
export function whereListed<O>(query: SelectQueryBuilder<Database, 'voters', O>): SelectQueryBuilder<Database, 'voters', O> {
  return query.where('voters.deleted_at', 'is', null).where('voters.duplicate_of', 'is', null);
}

function nameSearchOf(filters: Partial<VoterFilters>, kind: NameFilter): NameSearch | undefined {
  return typedSearchOf(filters, kind)?.name;
}

// The name filter whose matches are ranked, exact ones first (the search, else the
// father/husband name), with its terms; undefined when no filter is a name search. A search that
// is also a number is not ranked: its voters are found by number or by name in one list.
export function rankedNameSearch(filters: Partial<VoterFilters>): { kind: NameFilter; field: NameField; terms: NameSearch } | undefined {
  for (const kind of NAME_FILTER_KINDS) {
    const typed = typedSearchOf(filters, kind);
    if (typed?.name && !typed.number) return { kind, field: NAME_FILTERS[kind], terms: typed.name };
  }
  return undefined;
}

// Applies the GET /api/voters filters, the booth scope and the listed-voter rule to any query
// on voters. Export, import checks and analytics reuse it so they see exactly what the list sees.
// part: which matches of the ranked name search to keep (the list reads exact ones first).
export function applyVoterFilters<O>(
  query: SelectQueryBuilder<Database, 'voters', O>,
  filters: Partial<VoterFilters>,
  scope: BoothScope,
  dialect: DatabaseDialect,
  part: NameMatchPart = 'all',
): SelectQueryBuilder<Database, 'voters', O> {
  let q = whereListed(query);
  if (scope.kind === 'booths') {
    // An empty list must match nothing, and `IN ()` is not valid SQL.
    q = scope.booths.length > 0 ? q.where('voters.booth', 'in', [...scope.booths]) : q.where('voters.id', '<', 0);
  }
  for (const field of EQUALS_FILTERS) {
    const value = filters[field];
    if (value) q = q.where(`voters.${field}`, '=', value);
  }
  if (filters.age_min !== undefined) q = q.where('voters.age', '>=', filters.age_min);
  if (filters.age_max !== undefined) q = q.where('voters.age', '<=', filters.age_max);
  if (filters.mobile_filter === 'with_mobile') q = q.where('voters.mobile_number', 'is not', null);
  if (filters.mobile_filter === 'without_mobile') q = q.where('voters.mobile_number', 'is', null);
  q = applyContactFilters(q, filters);
  const ranked = rankedNameSearch(filters)?.kind;
  const narrowed = narrowedToBooths(filters, scope);
  for (const kind of NAME_FILTER_KINDS) {
    const typed = typedSearchOf(filters, kind);
    if (!typed) continue;
    const { name, number } = typed;
    q = q.where((eb) => {
      const matches = [
        ...(name ? [dialect.matchesName(eb, NAME_FILTERS[kind], name, kind === ranked ? part : 'all', { narrowed })] : []),
        ...(number ? [dialect.containsText(eb, NUMBER_COLUMNS, number)] : []),
      ];
      // Text with neither a letter nor a digit ("%") names nobody.
      return matches.length > 0 ? eb.or(matches) : eb('voters.id', '<', 0);
    });
  }
  const area = filters.area ? termOf('area', filters.area) : '';
  if (area) q = q.where((eb) => dialect.containsText(eb, AREA_COLUMNS, area));
  return q;
}

// The roll states as SQL the partial indexes of migration 023 match word for word (a bound
// parameter would keep SQLite from using them).
const VOTER_STATUS_SQL = {
  deceased: sql<boolean>`voters.is_dead = 1`,
  shifted: sql<boolean>`voters.present_in_city = 0`,
  missing: sql<boolean>`voters.is_missing = 1`,
  active: sql<boolean>`voters.is_dead = 0 AND voters.present_in_city = 1 AND voters.is_missing = 0`,
} as const;

// The filters that hold nearly every voter, with the few voters they leave out as SQL, in parts
// that share no voter: an active voter is neither deceased, shifted nor missing (the flags are 0
// or 1, never NULL), a support level is unknown until a contact records one, and most voters
// give a mobile number. Counted
// directly, "active" at ten million voters on PostgreSQL read nine million rows (9 s);
// countMatching counts the few instead. The deceased or shifted part is word for word the
// predicate of the partial index voters_gone_idx (migration 027), so it is counted from that
// index alone.
export const MOST_VOTERS_FILTERS = {
  voter_status: {
    value: 'active',
    leftOut: [sql<boolean>`(voters.is_dead = 1 OR voters.present_in_city = 0)`, sql<boolean>`voters.is_missing = 1 AND voters.is_dead = 0 AND voters.present_in_city = 1`],
  },
  support_level: { value: 'unknown', leftOut: [sql<boolean>`voters.support_level IS NOT NULL`] },
  // Seven voters in ten have a mobile number: 7,000,000 counted at ten million took 2.5 s.
  mobile_filter: { value: 'with_mobile', leftOut: [sql<boolean>`voters.mobile_number IS NULL`] },
} as const;

// Issue 20: the support level (`unknown` = none recorded yet) and the voter's state on the roll.
function applyContactFilters<O>(query: SelectQueryBuilder<Database, 'voters', O>, filters: Partial<VoterFilters>): SelectQueryBuilder<Database, 'voters', O> {
  let q = query;
  if (filters.support_level === 'unknown') q = q.where('voters.support_level', 'is', null);
  else if (filters.support_level) q = q.where('voters.support_level', '=', filters.support_level);
  if (filters.voter_status) q = q.where(VOTER_STATUS_SQL[filters.voter_status]);
  return q;
}

// The dialect for one request's queries, with what the database looks up first to answer its
// name searches fastest (decision 047); the dialect itself where there is no name search.
export async function dialectForNameSearches(db: Executor, filters: Partial<VoterFilters>, dialect: DatabaseDialect): Promise<DatabaseDialect> {
  if (!dialect.forNameSearches) return dialect;
  const searches = NAME_FILTER_KINDS.flatMap((kind) => nameSearchOf(filters, kind) ?? []);
  return searches.length > 0 ? dialect.forNameSearches(db, searches) : dialect;
}

// The list's name search when it is all the list asks (one name filter, no digits, no other
// filter): what an estimated total may estimate (decision 089). Other filters are left to a
// count: surnames gather in villages and booths and first names follow gender, so the names'
// share of all voters says little about their share of a village's or one gender's.
export function onlyNameSearch(filters: Partial<VoterFilters>): { field: NameField; terms: NameSearch } | undefined {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  if (given.length !== 1) return undefined;
  const ranked = rankedNameSearch(filters);
  return ranked ? { field: ranked.field, terms: ranked.terms } : undefined;
}

// The filters without their name searches.
export function withoutNameSearches(filters: Partial<VoterFilters>): Partial<VoterFilters> {
  return { ...filters, ...Object.fromEntries(NAME_FILTER_KINDS.map((kind) => [kind, undefined])) };
}

// Whether the search holds letters and digits (a voter ID, or part of one): its matches are
// usually few, but its words are also a name's, which the planner cannot tell from a common one.
export function searchesNumberAndName(filters: Partial<VoterFilters>): boolean {
  const typed = typedSearchOf(filters, 'search');
  return typed?.number !== undefined && typed.name !== undefined;
}

// Whether the database cannot tell how many voters a name filter of the list matches
// (dialect.nameMatchCountUnknown, decision 052): the list then counts before reading a page.
// Its exact spellings are asked about: they are part of every match.
export function nameMatchCountUnknown(filters: Partial<VoterFilters>, dialect: DatabaseDialect): boolean {
  const unknown = dialect.nameMatchCountUnknown;
  if (!unknown) return false;
  return NAME_FILTER_KINDS.some((kind) => {
    const typed = typedSearchOf(filters, kind);
    return typed?.name !== undefined && typed.number === undefined && unknown(NAME_FILTERS[kind], typed.name, 'exact');
  });
}

// A booth scope or a booth filter leaves few voters: a name search is best tested on those.
export function narrowedToBooths(filters: Partial<VoterFilters>, scope: BoothScope): boolean {
  return scope.kind === 'booths' || Boolean(filters.booth);
}

// When the search (or a name in the father/husband filter) is the list's only filter and the
// user sees every booth, the search index answers alone where the database has one (SQLite's
// hold live voters only, migrations 011 and 020): joining its matches to the voters table cost
// a common name 3 to 6 times as much.
export function searchIndexOnly(filters: Partial<VoterFilters>, scope: BoothScope, dialect: DatabaseDialect, part: NameMatchPart = 'all'): SearchIndexQuery | undefined {
  if (scope.kind !== 'all') return undefined;
  const given = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  if (given.length !== 1) return undefined;
  if (filters.father_husband_name) {
    const name = nameSearchOf(filters, 'father_husband_name');
    return name ? dialect.nameIndexQuery('father_husband_name', name, part) : undefined;
  }
  const typed = typedSearchOf(filters, 'search');
  if (typed?.name && !typed.number) return dialect.nameIndexQuery('full_name', typed.name, part);
  // Digits alone (a mobile number, part of a voter ID).
  if (typed?.number && !typed.name && part === 'all') return dialect.searchIndexQuery(NUMBER_COLUMNS, typed.number);
  return undefined;
}
