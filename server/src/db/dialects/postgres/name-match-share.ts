import { KEY_MARK } from '@shared/search/name-keys';
import { isNameKey, type NameSearchTerms } from '../database-dialect';

// The share of voters a name search matches, from the name index's statistics (decision 089):
// ANALYZE lists the most common terms of the index's expression with the share of voters holding
// each (pg_stats.most_common_elems and most_common_elem_freqs; about 290 terms, each held by at
// least 0.6% of the voters). The planner itself never reads them: it skips the statistics of a
// partial index (every term then counts as 0.5%, so a surname as 1% of the voters and two words
// as 0.01%, whatever they are).
//
// Only listed terms count, so the share is a floor: a term not listed is held by fewer voters
// than the least listed one, and is left out. A typed word matches its terms as written or its
// key's terms; a written word's key term is stored beside it (name-keys.ts), so the voters of
// the written terms are nearly all among the key's: the word's share is the larger of the two,
// not their sum (the sum made "patil" a third more than its voters). The words of a search are
// taken as independent.

// Listed terms and the share of voters holding each.
export type TermShares = ReadonlyMap<string, number>;
// The stored terms each typed word (or KEY_MARK + key) starts, where they were looked up; an
// entry holding a digit after its first character stands for the terms it starts.
export type TermExpansions = ReadonlyMap<string, readonly string[]>;

const hasDigitInside = (term: string) => /[0-9]/.test(term.slice(1));

// The share of voters holding at least one of the terms `prefix` stands for.
function prefixShare(shares: TermShares, prefix: string, expansions: TermExpansions): number {
  const startsWith = (start: string) => [...shares].filter(([term]) => term.startsWith(start)).map(([, share]) => share);
  const expanded = expansions.get(prefix);
  const held = expanded === undefined ? startsWith(prefix) : expanded.flatMap((term) => (hasDigitInside(term) ? startsWith(term) : (shares.get(term) ?? [])));
  // Two terms of one name seldom start alike: held independently.
  return 1 - held.reduce((none, share) => none * (1 - share), 1);
}

// The share of voters whose name matches every word of the search, as typed or by key.
export function nameMatchShare(shares: TermShares, terms: NameSearchTerms, expansions: TermExpansions): number {
  return terms.words.reduce((all, word, index) => {
    const key = terms.keys[index];
    const written = prefixShare(shares, word, expansions);
    const sounded = isNameKey(key) ? prefixShare(shares, KEY_MARK + key, expansions) : 0;
    return all * Math.max(written, sounded);
  }, 1);
}

// pg_stats' arrays for a tsvector expression: one share per listed term, then the least and the
// greatest share (ignored).
export function termSharesOf(terms: readonly string[] | null, shares: readonly number[] | null): TermShares {
  const found = new Map<string, number>();
  if (!terms || !shares) return found;
  terms.forEach((term, index) => {
    const share = shares[index];
    if (typeof share === 'number' && Number.isFinite(share)) found.set(term, share);
  });
  return found;
}
