import { matchKey } from '@shared/voters/list-matching';
import { VOTER_FIELD_NAMES, VOTER_FIELDS, type VoterField } from '@shared/voters/voter-fields';

// The columns of an export, in order; import reads the same headers back.
export const VOTER_COLUMNS = VOTER_FIELD_NAMES;

// Headers compare as list values do, without case, spaces, underscores or punctuation ("Voter
// ID", "voter_id", "VOTERID"; "मोबाईल क्र." and "मोबाईल क्र").
export const normalizeHeader = matchKey;

// A field is found by its name, its label, or one of its import aliases (English and Marathi).
const HEADER_TO_FIELD = new Map<string, VoterField>();
for (const field of VOTER_FIELDS) {
  for (const name of [field.name, field.label, ...(('aliases' in field && field.aliases) || [])]) {
    HEADER_TO_FIELD.set(normalizeHeader(name), field.name);
  }
}

export function fieldForHeader(header: string): VoterField | undefined {
  return HEADER_TO_FIELD.get(normalizeHeader(header));
}

const YES = new Set(['yes', 'y', 'true', '1', 'on', 'ho', 'hoy', 'haan', 'हो', 'होय', 'हाँ', 'हां'].map(matchKey));
const NO = new Set(['no', 'n', 'false', '0', 'off', 'nahi', 'नाही', 'नहीं'].map(matchKey));

// Yes/No columns in the words people type: 'true' or 'false', undefined for an empty cell (or
// a dash), null for a word that is neither. A column repeats a few words: each is read once.
const FLAG_SEEN = new Map<string, string | null | undefined>();
const FLAG_SEEN_MAX = 1000;

export function flagText(text: string): string | null | undefined {
  if (FLAG_SEEN.has(text)) return FLAG_SEEN.get(text);
  const value = matchKey(text);
  const flag = value === '' ? undefined : YES.has(value) ? 'true' : NO.has(value) ? 'false' : null;
  if (FLAG_SEEN.size < FLAG_SEEN_MAX) FLAG_SEEN.set(text, flag);
  return flag;
}
