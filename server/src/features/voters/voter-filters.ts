import { sql, type SelectQueryBuilder } from 'kysely';
import type { BoothScope } from '@shared/auth/booth-scope';
import { parseNameSearch, type NameSearch } from '@shared/search/name-keys';
import { EQUALS_FILTERS, type VoterFilters } from '@shared/voters/voter-schema';
import type { DatabaseDialect, Executor, NameField, NameMatchPart, SearchIndexQuery, VoterTextColumn } from '../../db/dialects/database-dialect';
import type { Database } from '../../db/schema';

// Which voters a user may reach (shared/auth/booth-scope.ts): enforced here, in every query,
// not only in the screens (spec section 6, issue 4).
export type { BoothScope };

// Which columns each kind of text filter reads ("the column contains the term").
export const TEXT_FILTER_COLUMNS = {
  search: ['full_name', 'mobile_number', 'voter_id'],
  father_husband_name: ['father_husband_name'],
  area: ['ward_area', 'house_no'],
} as const satisfies Record<string, readonly VoterTextColumn[]>;
type TextFilter = keyof typeof TEXT_FILTER_COLUMNS;
const TEXT_FILTERS = Object.keys(TEXT_FILTER_COLUMNS) as TextFilter[];

// The text filters that search names (issue 18, decision 021): a term that is a name is matched
// word by word, as typed or by phonetic key, in any script; any other term (digits, a voter ID,
// punctuation) is still a substring.
const NAME_FILTERS = { search: 'full_name', father_husband_name: 'father_husband_name' } as const satisfies Partial<Record<TextFilter, NameField>>;
type NameFilter = keyof typeof NAME_FILTERS;

// What a text filter looks for: trimmed, and a search without the +91 of a mobile number.
function termOf(kind: TextFilter, rawTerm: string): string {
  return kind === 'search' ? rawTerm.trim().replace(/^\+91[\s-]?/, '') : rawTerm.trim();
}

// The voters every list and count shows: not deleted, and not marked as a second roll entry of
// another voter (duplicate_of, migration 024; such a voter is kept and opens by its id). The
// filter indexes are partial on exactly these two conditions, so a query must state both.
export function whereListed<O>(query: SelectQueryBuilder<Database, 'voters', O>): SelectQueryBuilder<Database, 'voters', O> {
  return query.where('voters.deleted_at', 'is', null).where('voters.duplicate_of', 'is', null);
}

function nameSearchOf(filters: Partial<VoterFilters>, kind: NameFilter): NameSearch | undefined {
  const raw = filters[kind];
  return raw ? parseNameSearch(termOf(kind, raw)) : undefined;
}

// The name filter whose matches are ranked, exact ones first (the search, else the
// father/husband name), with its terms; undefined when no filter is a name search.
export function rankedNameSearch(filters: Partial<VoterFilters>): { kind: NameFilter; field: NameField; terms: NameSearch } | undefined {
  for (const kind of Object.keys(NAME_FILTERS) as NameFilter[]) {
    const terms = nameSearchOf(filters, kind);
    if (terms) return { kind, field: NAME_FILTERS[kind], terms };
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
  for (const kind of TEXT_FILTERS) {
    const raw = filters[kind];
    if (!raw) continue;
    const name = kind === 'search' || kind === 'father_husband_name' ? nameSearchOf(filters, kind) : undefined;
    if (name) {
      const field = NAME_FILTERS[kind as NameFilter];
      q = q.where((eb) => dialect.matchesName(eb, field, name, kind === ranked ? part : 'all', { narrowed }));
    } else {
      q = q.where((eb) => dialect.containsText(eb, TEXT_FILTER_COLUMNS[kind], termOf(kind, raw)));
    }
  }
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
  const searches = (Object.keys(NAME_FILTERS) as NameFilter[]).flatMap((kind) => nameSearchOf(filters, kind) ?? []);
  return searches.length > 0 ? dialect.forNameSearches(db, searches) : dialect;
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
  if (!filters.search) return undefined;
  const name = nameSearchOf(filters, 'search');
  if (name) return dialect.nameIndexQuery('full_name', name, part);
  return part === 'all' ? dialect.searchIndexQuery(TEXT_FILTER_COLUMNS.search, termOf('search', filters.search)) : undefined;
}
