import type { Kysely, Transaction } from 'kysely';
import type { VoterFilters, VoterInput } from '@shared/voters/voter-schema';
import type { Dialect } from '../../db/connection';
import type { Database, VoterRow } from '../../db/schema';
import { applyVoterFilters, type BoothScope } from './voters-repository';

type Executor = Kysely<Database> | Transaction<Database>;

// SQLite allows 32,766 parameters in a statement; 30-odd columns a voter keeps 500 rows well inside.
const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 1000;

// The live voters holding any of these voter IDs: voter_id -> id.
export async function findLiveVoterIds(db: Executor, voterIds: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let start = 0; start < voterIds.length; start += LOOKUP_CHUNK) {
    const chunk = voterIds.slice(start, start + LOOKUP_CHUNK);
    const rows = await db.selectFrom('voters').select(['id', 'voter_id']).where('voter_id', 'in', chunk).where('deleted_at', 'is', null).execute();
    for (const row of rows) found.set(row.voter_id, row.id);
  }
  return found;
}

function toColumns(input: VoterInput) {
  return { ...input, present_in_city: input.present_in_city ? 1 : 0, is_dead: input.is_dead ? 1 : 0 };
}

// Plain multi-row INSERTs, so the counter triggers see every voter as they do a single save.
export async function insertVoters(db: Executor, inputs: readonly VoterInput[], options: { userId: number; now?: Date }): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    const values = inputs
      .slice(start, start + INSERT_CHUNK)
      .map((input) => ({ ...toColumns(input), voter_image: null, created_at: now, updated_at: now, created_by: options.userId, updated_by: options.userId }));
    await db.insertInto('voters').values(values).execute();
  }
}

// An import's update leaves the photo alone: a spreadsheet has no photos.
export async function updateVoterFields(db: Executor, id: number, input: VoterInput, options: { userId: number; now?: Date }): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  await db
    .updateTable('voters')
    .set({ ...toColumns(input), updated_at: now, updated_by: options.userId })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

// One keyset page of the filtered voters in id order: never the whole table at once.
export function voterPageAfter(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: Dialect; afterId: number; limit: number },
): Promise<VoterRow[]> {
  return applyVoterFilters(db.selectFrom('voters'), options.filters, options.scope, options.dialect)
    .selectAll('voters')
    .where('voters.id', '>', options.afterId)
    .orderBy('voters.id', 'asc')
    .limit(options.limit)
    .execute();
}
