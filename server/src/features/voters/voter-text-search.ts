import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/connection';
import { refreshPlannerStatistics } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';
import type { VoterFilters } from '@shared/voters/voter-schema';
import type { BoothScope } from './voters-repository';

// The one place where free-text voter search differs by database (decision 004):
// - SQLite: the FTS5 trigram index voters_fts (see the voters migration). Terms of three
//   characters or more are matched there; shorter ones fall back to LIKE.
// - PostgreSQL: ILIKE, served by pg_trgm GIN indexes on the same columns.
// Either way the meaning is "the column contains the term", whatever the script or case.

// Which columns each kind of text filter reads.
export const TEXT_FILTER_COLUMNS = {
  search: ['full_name', 'mobile_number', 'voter_id'],
  father_husband_name: ['father_husband_name'],
  area: ['ward_area', 'house_no'],
} as const;
export type TextFilter = keyof typeof TEXT_FILTER_COLUMNS;

const TRIGRAM_MIN_LENGTH = 3;

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// An FTS5 query for "a column of these contains the term": a quoted phrase (quotes
// doubled inside) limited to the columns, which the trigram tokenizer reads as a substring.
function ftsQuery(columns: readonly string[], term: string): string {
  return `{${columns.join(' ')}} : "${term.replaceAll('"', '""')}"`;
}

// What a text filter looks for: trimmed, and a search without the +91 of a mobile number.
function termOf(kind: TextFilter, rawTerm: string): string {
  return kind === 'search' ? rawTerm.trim().replace(/^\+91[\s-]?/, '') : rawTerm.trim();
}

export function textFilter(eb: ExpressionBuilder<Database, 'voters'>, dialect: Dialect, kind: TextFilter, rawTerm: string): Expression<SqlBool> {
  const term = termOf(kind, rawTerm);
  const columns = TEXT_FILTER_COLUMNS[kind];
  const pattern = likePattern(term);
  if (dialect === 'postgres') {
    return eb.or(columns.map((column) => eb(`voters.${column}`, 'ilike', pattern)));
  }
  if ([...term].length >= TRIGRAM_MIN_LENGTH) {
    return eb('voters.id', 'in', sql<number>`(SELECT rowid FROM voters_fts WHERE voters_fts MATCH ${ftsQuery(columns, term)})`);
  }
  // SQLite's LIKE ignores ASCII case, as the trigram tokenizer does.
  return eb.or(columns.map((column) => sql<SqlBool>`${sql.ref(`voters.${column}`)} LIKE ${pattern} ESCAPE '\\'`));
}

// SQLite: when the search is the list's only filter and the user sees every booth, the search
// index answers alone (it holds live voters only, migration 011): the FTS5 query to count and
// page with, else undefined. Joining its matches to the voters table cost a common name 3 to 6
// times as much.
export function searchIndexQuery(filters: Partial<VoterFilters>, scope: BoothScope, dialect: Dialect): string | undefined {
  if (dialect !== 'sqlite' || scope.kind !== 'all' || !filters.search) return undefined;
  const others = Object.entries(filters).filter(([name, value]) => name !== 'search' && value !== undefined && value !== '');
  if (others.length > 0) return undefined;
  const term = termOf('search', filters.search);
  return [...term].length >= TRIGRAM_MIN_LENGTH ? ftsQuery(TEXT_FILTER_COLUMNS.search, term) : undefined;
}

// SQLite only: read the database file through memory mapping (a page costs a memory read, not
// a system call, which is what a filter that visits many rows pays for) and refresh the
// planner's statistics where they are missing or stale, within a bounded amount of work.
export async function tuneVoterQueries(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`PRAGMA mmap_size = 1073741824`.execute(db);
  await refreshPlannerStatistics(db, dialect);
}
