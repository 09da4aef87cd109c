import { KEY_MARK, type NameSearch, nameSearchTerms, typedSearch, voterSearchText } from '@shared/search/name-keys';
import type { Voter, VoterList } from '@shared/voters/voter-schema';

// Search over the phone's copy (issue 21): pure, so the benchmark runs it in Chromium as is
// (bench/offline-bench.ts). The index is built once from the copy and kept in memory; the
// names' terms are worked out when a voter is stored on the phone (termsOf), not at each search.

// Each cached voter's name as the server's search keeps it (shared/search/name-keys.ts): the
// words as written and their phonetic keys, so "rahul" finds "राहुल" offline too.
export interface Entry {
  voter: Voter;
  written: string[];
  keys: string[];
  digits: string;
}

// A voter as the phone stores it: with its name's search terms, worked out once.
export type StoredVoter = Voter & { _terms?: string };

export function termsOf(voter: Voter): string {
  return nameSearchTerms(voter.full_name, voter.voter_id) ?? '';
}

export function withTerms(voter: Voter): StoredVoter {
  return { ...voter, _terms: termsOf(voter) };
}

export function entryOf(voter: StoredVoter): Entry {
  const terms = (voter._terms ?? termsOf(voter)).split(' ');
  const written: string[] = [];
  const keys: string[] = [];
  for (const term of terms) {
    if (term.startsWith(KEY_MARK)) keys.push(term.slice(KEY_MARK.length));
    else if (term) written.push(term);
  }
  return { voter, written, keys, digits: `${voter.mobile_number ?? ''} ${voter.voter_id ?? ''}`.toLowerCase() };
}

// Newest first, as the online list.
export const newestFirst = (a: Entry, b: Entry) => (a.voter.created_at < b.voter.created_at ? 1 : a.voter.created_at > b.voter.created_at ? -1 : b.voter.id - a.voter.id);

type Query = { kind: 'typed'; name?: NameSearch; number?: string } | { kind: 'all' };

// What is typed, read once per search, as the server reads it (typedSearch): a name word by word
// (as written or by key, as prefixes), and digits also as part of a mobile number or voter ID.
export function queryOf(term: string | undefined): Query {
  const text = voterSearchText(term ?? '');
  if (!text) return { kind: 'all' };
  const { name, number } = typedSearch(text, { digitsAreNumbers: true });
  return { kind: 'typed', name, number: number?.toLowerCase() };
}

export function entryMatches(entry: Entry, query: Query): boolean {
  if (query.kind === 'all') return true;
  if (query.number !== undefined && entry.digits.includes(query.number)) return true;
  return query.name !== undefined && nameMatchesEntry(entry, query.name);
}

function nameMatchesEntry(entry: Entry, search: NameSearch): boolean {
  const { words, keys } = search;
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at]!;
    const key = keys[at] ?? '';
    if (!entry.written.some((own) => own.startsWith(word)) && (key === '' || !entry.keys.some((own) => own.startsWith(key)))) return false;
  }
  return true;
}

export interface CachedSearch {
  search?: string;
  booth?: string;
  page?: number;
  limit?: number;
}

export function searchEntries(entries: readonly Entry[], { search, booth, page = 1, limit = 25 }: CachedSearch): VoterList {
  const query = queryOf(search);
  const found = entries.filter((entry) => (!booth || entry.voter.booth === booth) && entryMatches(entry, query));
  const start = (page - 1) * limit;
  return { voters: found.slice(start, start + limit).map((entry) => stripTerms(entry.voter)), total: found.length, totalPages: Math.ceil(found.length / limit), page, limit };
}

// The screens get the voter as the server gives it.
export function stripTerms(voter: StoredVoter): Voter {
  if (voter._terms === undefined) return voter;
  const { _terms: _dropped, ...rest } = voter;
  return rest;
}
