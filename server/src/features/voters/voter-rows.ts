import { isSupportLevel } from '@shared/contacts/contact-schema';
import { FLAG_FIELDS, VOTER_FIELD_NAMES } from '@shared/voters/voter-fields';
import type { Voter, VoterInput } from '@shared/voters/voter-schema';
import type { VoterRow } from '../../db/schema';
import { nameTermColumns } from '../../db/voter-insert-values';

// The database row <-> API mapping, read from the field table: the flags are stored as 0/1,
// every other field as it is.

// The wire form of a voter: `_id` and `id` both, then its fields (booleans as booleans), then
// the bookkeeping.
export function toVoterDto(row: VoterRow): Voter {
  return {
    _id: row.id,
    id: row.id,
    ...rowToInput(row),
    voter_image: row.voter_image,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
    version: row.version,
    support_level: row.support_level !== null && isSupportLevel(row.support_level) ? row.support_level : null,
    last_contact_at: row.last_contact_at,
  };
}

// Columns the contacts keep (migration 023) are not the form's.
type ContactColumns = 'support_level' | 'support_at' | 'support_contact_id' | 'last_contact_at';

// A validated voter as table columns, with the search terms of its names (every write of a
// voter goes through here or through the bulk paths of the database seam).
export function toColumns(input: VoterInput): Omit<VoterRow, 'id' | 'voter_image' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by' | 'deleted_at' | 'deleted_by' | 'version' | ContactColumns | 'household_id' | 'duplicate_of'> {
  const columns: Record<string, unknown> = { ...input, ...nameTermColumns(input.full_name, input.voter_id, input.father_husband_name) };
  for (const name of FLAG_FIELDS) columns[name] = input[name as keyof VoterInput] ? 1 : 0;
  return columns as ReturnType<typeof toColumns>;
}

// A stored row in the form's terms, so an edit can be merged with it and compared.
export function rowToInput(row: VoterRow): VoterInput {
  const input: Record<string, unknown> = {};
  for (const name of VOTER_FIELD_NAMES) input[name] = FLAG_FIELDS.has(name) ? row[name] === 1 : row[name];
  return input as VoterInput;
}
