import type { RollCoverFacts, RollVoterBox } from '@shared/rolls/roll-types';
import type { RollImportState } from '@shared/rolls/roll-import-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { RollImportRow, RollImportVoterRow } from '../../db/schema';

// The roll import's tables (migration 031): the jobs, the boxes read and the cover facts.

export interface NewRollImport {
  fileName: string;
  filePath: string;
  userId: number;
  now: string;
  // The server process that reads it (decision 043); without one, recovery treats it as gone.
  owner?: string;
}

export function insertRollImport(db: Executor, input: NewRollImport): Promise<RollImportRow> {
  return db
    .insertInto('roll_imports')
    .values({ state: 'queued', file_name: input.fileName, file_path: input.filePath, created_by: input.userId, created_at: input.now, owner: input.owner ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRollImport(db: Executor, id: number): Promise<RollImportRow | undefined> {
  return db.selectFrom('roll_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function recentRollImports(db: Executor, limit: number): Promise<RollImportRow[]> {
  return db.selectFrom('roll_imports').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export function rollImportsIn(db: Executor, states: readonly RollImportState[]): Promise<RollImportRow[]> {
  return db.selectFrom('roll_imports').selectAll().where('state', 'in', [...states]).orderBy('id').execute();
}

type ImportChanges = Partial<Pick<RollImportRow, 'state' | 'file_path' | 'part_no' | 'booth' | 'page_count' | 'pages_done' | 'voters_found' | 'error' | 'result' | 'started_at' | 'finished_at'>>;

// Changes the import; with `from`, only while it is in one of those states. Returns whether it wrote.
export async function updateRollImport(db: Executor, id: number, changes: ImportChanges, from?: readonly RollImportState[]): Promise<boolean> {
  let query = db
    .updateTable('roll_imports')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (from) query = query.where('state', 'in', [...from]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// The box as stored: everything the reader found but the photo (kept as a file beside the PDF).
export type StoredBox = Omit<RollVoterBox, 'photo'>;

export interface NewImportVoter {
  n: number;
  box: StoredBox;
  flagged: boolean;
  hasPhoto: boolean;
}

const CHUNK = 200;

export async function insertImportVoters(db: Executor, importId: number, voters: readonly NewImportVoter[]): Promise<void> {
  for (let start = 0; start < voters.length; start += CHUNK) {
    await db
      .insertInto('roll_import_voters')
      .values(
        voters.slice(start, start + CHUNK).map((voter) => ({
          import_id: importId,
          n: voter.n,
          page: voter.box.page,
          serial_no: voter.box.serialNo,
          epic: voter.box.epic ? voter.box.epic.toUpperCase() : null,
          box: JSON.stringify(voter.box),
          flagged: voter.flagged ? 1 : 0,
          // A box the roll marks deleted deletes a stored voter only when a person ticks it.
          apply: voter.box.deleted ? 0 : 1,
          has_photo: voter.hasPhoto ? 1 : 0,
        })),
      )
      .execute();
  }
}

export async function saveCover(db: Executor, importId: number, cover: RollCoverFacts): Promise<void> {
  await db
    .insertInto('roll_import_covers')
    .values({ import_id: importId, page: cover.page, facts: JSON.stringify(cover) })
    .onConflict((oc) => oc.columns(['import_id', 'page']).doUpdateSet({ facts: JSON.stringify(cover) }))
    .execute();
}

export async function coversOf(db: Executor, importId: number): Promise<RollCoverFacts[]> {
  const rows = await db.selectFrom('roll_import_covers').select('facts').where('import_id', '=', importId).orderBy('page').execute();
  return rows.map((row) => JSON.parse(row.facts) as RollCoverFacts);
}

export function importVotersOf(db: Executor, importId: number, page?: { afterN: number; limit: number }): Promise<RollImportVoterRow[]> {
  let query = db.selectFrom('roll_import_voters').selectAll().where('import_id', '=', importId).orderBy('n');
  if (page) query = query.where('n', '>', page.afterN).limit(page.limit);
  return query.execute();
}

export function findImportVoter(db: Executor, importId: number, n: number): Promise<RollImportVoterRow | undefined> {
  return db.selectFrom('roll_import_voters').selectAll().where('import_id', '=', importId).where('n', '=', n).executeTakeFirst();
}

export async function updateImportVoter(
  db: Executor,
  importId: number,
  n: number,
  changes: Partial<Pick<RollImportVoterRow, 'corrected' | 'epic' | 'serial_no' | 'flagged' | 'reviewed' | 'apply' | 'seen' | 'seen_voter_id' | 'seen_version'>>,
): Promise<void> {
  await db.updateTable('roll_import_voters').set(changes).where('import_id', '=', importId).where('n', '=', n).execute();
}

export async function deleteImportVoters(db: Executor, importId: number): Promise<void> {
  await db.deleteFrom('roll_import_voters').where('import_id', '=', importId).execute();
  await db.deleteFrom('roll_import_covers').where('import_id', '=', importId).execute();
}

// The booth whose part number is the roll's part (Booth-NN by booths.part_number).
export async function boothOfPart(db: Executor, partNo: number): Promise<string | null> {
  const row = await db.selectFrom('booths').select('label').where('part_number', '=', partNo).orderBy('id').executeTakeFirst();
  return row?.label ?? null;
}

export interface StoredRollVoter {
  id: number;
  version: number;
  voter_id: string | null;
  full_name: string;
  father_husband_name: string | null;
  relation_type: string | null;
  house_no: string | null;
  age: number | null;
  gender: string | null;
  booth: string | null;
  part_serial: number | null;
}

const STORED_COLUMNS = ['id', 'version', 'voter_id', 'full_name', 'father_husband_name', 'relation_type', 'house_no', 'age', 'gender', 'booth', 'part_serial'] as const;

// The live voters holding these EPICs (the unique index on voter_id of live voters).
export async function liveVotersByEpic(db: Executor, epics: readonly string[]): Promise<Map<string, StoredRollVoter>> {
  const found = new Map<string, StoredRollVoter>();
  for (let start = 0; start < epics.length; start += 500) {
    const rows = await db
      .selectFrom('voters')
      .select(STORED_COLUMNS)
      .where('voter_id', 'in', epics.slice(start, start + 500))
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) if (row.voter_id) found.set(row.voter_id, row);
  }
  return found;
}

// Listed voters of the booth whose EPIC the import does not hold: the roll no longer lists them.
export function absentVoters(db: Executor, importId: number, booth: string): Promise<StoredRollVoter[]> {
  return db
    .selectFrom('voters')
    .select(STORED_COLUMNS)
    .where('booth', '=', booth)
    .where('deleted_at', 'is', null)
    .where('duplicate_of', 'is', null)
    .where((eb) =>
      eb.or([
        eb('voter_id', 'is', null),
        eb.not(eb.exists(eb.selectFrom('roll_import_voters as r').select('r.n').where('r.import_id', '=', importId).whereRef('r.epic', '=', 'voters.voter_id'))),
      ]),
    )
    .orderBy('part_serial')
    .orderBy('id')
    .execute();
}

// The stored voter each box is compared with as the review shows it (issue 54): its id and
// version, taken when the import enters review and again when a person saves the entry. The
// commit writes a voter only while it is still that version.
export async function takeSeenVoters(db: Executor, importId: number, n?: number): Promise<void> {
  let query = db
    .updateTable('roll_import_voters')
    .set((eb) => ({
      seen: 1,
      seen_voter_id: eb.selectFrom('voters').select('voters.id').whereRef('voters.voter_id', '=', 'roll_import_voters.epic').where('voters.deleted_at', 'is', null).limit(1),
      seen_version: eb.selectFrom('voters').select('voters.version').whereRef('voters.voter_id', '=', 'roll_import_voters.epic').where('voters.deleted_at', 'is', null).limit(1),
    }))
    .where('import_id', '=', importId);
  if (n !== undefined) query = query.where('n', '=', n);
  await query.execute();
}

// An entry whose EPIC only a deleted voter holds was deleted on purpose: it starts unticked, so
// the office decides whether the voter comes back.
export async function untickDeletedOnPurpose(db: Executor, importId: number): Promise<void> {
  await db
    .updateTable('roll_import_voters')
    .set({ apply: 0 })
    .where('import_id', '=', importId)
    .where('seen_voter_id', 'is', null)
    .where('epic', 'is not', null)
    .where(({ exists, selectFrom }) => exists(selectFrom('voters').select('voters.id').whereRef('voters.voter_id', '=', 'roll_import_voters.epic').where('voters.deleted_at', 'is not', null)))
    .execute();
}

// The latest deleted voter holding each of these EPICs (voters_deleted_voter_id_idx).
export async function deletedVotersByEpic(db: Executor, epics: readonly string[]): Promise<Map<string, { id: number; deleted_at: string }>> {
  const found = new Map<string, { id: number; deleted_at: string }>();
  for (let start = 0; start < epics.length; start += 500) {
    const rows = await db
      .selectFrom('voters')
      .select(['id', 'voter_id', 'deleted_at'])
      .where('voter_id', 'in', epics.slice(start, start + 500))
      .where('deleted_at', 'is not', null)
      .orderBy('id')
      .execute();
    for (const row of rows) if (row.voter_id && row.deleted_at) found.set(row.voter_id, { id: row.id, deleted_at: row.deleted_at });
  }
  return found;
}

// How many listed voters the booth holds now.
export async function listedVotersIn(db: Executor, booth: string): Promise<number> {
  const row = await db
    .selectFrom('voters')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('booth', '=', booth)
    .where('deleted_at', 'is', null)
    .where('duplicate_of', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// The constituencies the booths record (from the rolls saved into them), the most common first.
export async function boothConstituencies(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('booths')
    .select(['constituency', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('constituency', 'is not', null)
    .groupBy('constituency')
    .execute();
  return rows.sort((a, b) => Number(b.count) - Number(a.count)).map((row) => row.constituency!);
}
