import type { Kysely } from 'kysely';
import type { Database, VoterRow } from '../../db/schema';
import { whereListed } from '../voters/voter-filters';

// Reads of the offline sync (decision 033). Booths are the user's, never empty here (`IN ()`
// is not SQL): the routes answer an empty booth list without asking the database.

// The change counter as committed now (migration 030): every voter written later gets a higher one.
export async function currentChangeSeq(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('voter_sync_counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.value);
}

// A page of the listed voters of the booths, in id order, after a voter id.
export async function listedVotersAfter(db: Kysely<Database>, booths: readonly string[], afterId: number, limit: number): Promise<VoterRow[]> {
  return whereListed(db.selectFrom('voters').selectAll())
    .where('booth', 'in', [...booths])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// A page of the voters written after (seq, id) that are in the booths or just left one of them,
// listed or not: the caller keeps the listed ones of the booths and tells the phone to drop the rest.
export async function votersChangedAfter(db: Kysely<Database>, booths: readonly string[], afterSeq: number, afterId: number, limit: number): Promise<VoterRow[]> {
  const rows = await db
    .selectFrom('voters')
    .selectAll()
    .where((eb) => eb.or([eb('change_seq', '>', afterSeq), eb.and([eb('change_seq', '=', afterSeq), eb('id', '>', afterId)])]))
    .where((eb) => eb.or([eb('booth', 'in', [...booths]), eb('prev_booth', 'in', [...booths])]))
    .orderBy('change_seq')
    .orderBy('id')
    .limit(limit)
    .execute();
  // PostgreSQL's bigint comes back as text.
  return rows.map((row) => ({ ...row, change_seq: Number(row.change_seq) }));
}
