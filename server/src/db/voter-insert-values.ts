import { nameSearchTerms } from '@shared/search/name-keys';
import { VOTER_INPUT_COLUMNS, type VoterInput } from '@shared/voters/voter-schema';

// What the database seam's bulk inserters (VoterInserter) take for each new voter: its form
// values in VOTER_INPUT_COLUMNS order, then the search terms of its full name (with its voter
// ID) and of its father/husband name (migration 020). Whoever builds the values computes the
// terms: a large import's file reader does it on its own thread, where it costs the saving
// nothing (10 s of a 1,000,000-row import when the saving did it).
export const FULL_NAME_TERMS_AT = VOTER_INPUT_COLUMNS.length;
export const FATHER_HUSBAND_NAME_TERMS_AT = FULL_NAME_TERMS_AT + 1;

export function voterInsertValues(input: VoterInput): unknown[] {
  const values: unknown[] = VOTER_INPUT_COLUMNS.map((column) => input[column]);
  const terms = nameTermColumns(input.full_name, input.voter_id, input.father_husband_name);
  values.push(terms.full_name_terms, terms.father_husband_name_terms);
  return values;
}

// The stored search terms of a voter's names (migration 020), as every write of a voter stores
// them: the voter search also matches the voter ID as typed.
export function nameTermColumns(fullName: string, voterId: string, fatherHusbandName: string | null): { full_name_terms: string; father_husband_name_terms: string | null } {
  return { full_name_terms: nameSearchTerms(fullName, voterId) ?? '', father_husband_name_terms: nameSearchTerms(fatherHusbandName) };
}
