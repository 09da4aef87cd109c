import { type BoothResult, type ElectionKind, type ElectionSummary, percentOf } from '@shared/election-results/election-results-schema';
import { boothNumberOf } from '@shared/reference/booths';
import type { Executor } from '../../db/dialects/database-dialect';
import type { Selectable } from 'kysely';
import type { PastElectionsTable } from '../../db/schema';
import type { BoothResultRow } from './results-sheet';
import type { Candidate } from '@shared/election-results/election-results-schema';

// Past elections and their booth-wise results (issue 61, migration 056).

type ElectionRow = Selectable<PastElectionsTable>;

export async function findElectionByName(db: Executor, election: { kind: ElectionKind; year: number; name: string }): Promise<ElectionRow | undefined> {
  return db.selectFrom('past_elections').selectAll().where('kind', '=', election.kind).where('year', '=', election.year).where('name', '=', election.name).executeTakeFirst();
}

export async function findElection(db: Executor, id: number): Promise<ElectionRow | undefined> {
  return db.selectFrom('past_elections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteElectionRows(db: Executor, id: number): Promise<void> {
  // Children first: the cascade is the schema's safety net, not the way rows leave.
  await db.deleteFrom('past_booth_votes').where('election_id', '=', id).execute();
  await db.deleteFrom('past_booth_results').where('election_id', '=', id).execute();
  await db.deleteFrom('past_candidates').where('election_id', '=', id).execute();
  await db.deleteFrom('past_elections').where('id', '=', id).execute();
}

// Rows a statement: well under SQLite's and PostgreSQL's bound-parameter limits.
const BATCH = 500;

export async function insertElection(
  db: Executor,
  election: { name: string; year: number; kind: ElectionKind; fileName: string; userId: number; userName: string; now: string },
  candidates: Candidate[],
  booths: BoothResultRow[],
): Promise<number> {
  const { id } = await db
    .insertInto('past_elections')
    .values({ name: election.name, year: election.year, kind: election.kind, file_name: election.fileName, imported_by: election.userId, imported_by_name: election.userName, imported_at: election.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const candidateIds: number[] = [];
  for (const [position, candidate] of candidates.entries()) {
    const row = await db.insertInto('past_candidates').values({ election_id: id, position, name: candidate.name, party: candidate.party }).returning('id').executeTakeFirstOrThrow();
    candidateIds.push(row.id);
  }
  for (let from = 0; from < booths.length; from += BATCH) {
    const slice = booths.slice(from, from + BATCH);
    await db
      .insertInto('past_booth_results')
      .values(slice.map((booth) => ({ election_id: id, booth: booth.booth, electors: booth.electors, polled: booth.polled })))
      .execute();
  }
  const votes = booths.flatMap((booth) => booth.votes.map((count, index) => ({ election_id: id, booth: booth.booth, candidate_id: candidateIds[index] ?? 0, votes: count })));
  for (let from = 0; from < votes.length; from += BATCH) {
    await db.insertInto('past_booth_votes').values(votes.slice(from, from + BATCH)).execute();
  }
  return id;
}

const asKind = (kind: string) => kind as ElectionKind;

export async function electionSummaries(db: Executor, ids?: number[]): Promise<ElectionSummary[]> {
  if (ids && ids.length === 0) return [];
  let elections = db.selectFrom('past_elections').selectAll().orderBy('year', 'desc').orderBy('id', 'desc');
  if (ids) elections = elections.where('id', 'in', ids);
  const rows = await elections.execute();
  if (rows.length === 0) return [];
  const electionIds = rows.map((row) => row.id);
  const candidates = await db.selectFrom('past_candidates').select(['id', 'election_id', 'name', 'party']).where('election_id', 'in', electionIds).orderBy('election_id').orderBy('position').execute();
  const counts = await db
    .selectFrom('past_booth_results')
    .select(['election_id', (eb) => eb.fn.countAll<number | string>().as('booths')])
    .where('election_id', 'in', electionIds)
    .groupBy('election_id')
    .execute();
  const boothCount = new Map(counts.map((row) => [row.election_id, Number(row.booths)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    year: row.year,
    kind: asKind(row.kind),
    booths: boothCount.get(row.id) ?? 0,
    candidates: candidates.filter((candidate) => candidate.election_id === row.id).map(({ id, name, party }) => ({ id, name, party })),
    file_name: row.file_name,
    imported_by_name: row.imported_by_name,
    imported_at: row.imported_at,
    version: row.version,
  }));
}

type BoothResultBody = Omit<BoothResult, 'election'>;

// The booths' results, each with its candidates' votes in the sheet's order and their shares of
// the votes polled. labels undefined: every booth.
async function boothResults(db: Executor, electionIds: number[], labels: readonly string[] | undefined): Promise<Map<number, BoothResultBody[]>> {
  const found = new Map<number, BoothResultBody[]>();
  if (electionIds.length === 0 || (labels && labels.length === 0)) return found;
  let results = db.selectFrom('past_booth_results').selectAll().where('election_id', 'in', electionIds);
  let votes = db
    .selectFrom('past_booth_votes')
    .innerJoin('past_candidates', 'past_candidates.id', 'past_booth_votes.candidate_id')
    .select(['past_booth_votes.election_id', 'past_booth_votes.booth', 'past_booth_votes.votes', 'past_candidates.name', 'past_candidates.party', 'past_candidates.position'])
    .where('past_booth_votes.election_id', 'in', electionIds);
  if (labels) {
    results = results.where('booth', 'in', [...labels]);
    votes = votes.where('past_booth_votes.booth', 'in', [...labels]);
  }
  const byBooth = new Map<string, { name: string; party: string | null; votes: number; position: number }[]>();
  for (const row of await votes.execute()) {
    const key = `${row.election_id}/${row.booth}`;
    const list = byBooth.get(key) ?? [];
    list.push({ name: row.name, party: row.party, votes: row.votes, position: row.position });
    byBooth.set(key, list);
  }
  for (const row of await results.execute()) {
    const list = (byBooth.get(`${row.election_id}/${row.booth}`) ?? []).sort((a, b) => a.position - b.position);
    const body: BoothResultBody = {
      booth: row.booth,
      electors: row.electors,
      polled: row.polled,
      turnout: percentOf(row.polled, row.electors),
      votes: list.map(({ name, party, votes: count }) => ({ name, party, votes: count, share: percentOf(count, row.polled) })),
    };
    const bodies = found.get(row.election_id) ?? [];
    bodies.push(body);
    found.set(row.election_id, bodies);
  }
  for (const bodies of found.values()) bodies.sort((a, b) => (boothNumberOf(a.booth) ?? 0) - (boothNumberOf(b.booth) ?? 0));
  return found;
}

// One booth across every election it has results in, newest first.
export async function boothHistory(db: Executor, label: string): Promise<BoothResult[]> {
  const rows = await db.selectFrom('past_booth_results').select('election_id').where('booth', '=', label).execute();
  const elections = await electionSummaries(db, rows.map((row) => row.election_id));
  const results = await boothResults(db, elections.map((election) => election.id), [label]);
  return elections.flatMap((election) =>
    (results.get(election.id) ?? []).map((body) => ({ election: { id: election.id, name: election.name, year: election.year, kind: election.kind }, ...body })),
  );
}

export async function electionBoothResults(db: Executor, id: number, labels: readonly string[] | undefined): Promise<BoothResultBody[]> {
  return (await boothResults(db, [id], labels)).get(id) ?? [];
}

// The party's share of the votes polled in each booth of the election (percent, one decimal),
// with the counts behind it for an exact comparison against a threshold.
export interface PartyShare {
  votes: number;
  polled: number;
  share: number;
}

export async function partyShares(db: Executor, electionId: number, party: string, labels: readonly string[] | undefined): Promise<Map<string, PartyShare>> {
  const shares = new Map<string, PartyShare>();
  if (labels && labels.length === 0) return shares;
  let polled = db.selectFrom('past_booth_results').select(['booth', 'polled']).where('election_id', '=', electionId);
  let votes = db
    .selectFrom('past_booth_votes')
    .innerJoin('past_candidates', 'past_candidates.id', 'past_booth_votes.candidate_id')
    .select(['past_booth_votes.booth', (eb) => eb.fn.sum<number | string>('past_booth_votes.votes').as('votes')])
    .where('past_booth_votes.election_id', '=', electionId)
    .where('past_candidates.party', '=', party)
    .groupBy('past_booth_votes.booth');
  if (labels) {
    polled = polled.where('booth', 'in', [...labels]);
    votes = votes.where('past_booth_votes.booth', 'in', [...labels]);
  }
  const partyVotes = new Map((await votes.execute()).map((row) => [row.booth, Number(row.votes)]));
  for (const row of await polled.execute()) {
    const count = partyVotes.get(row.booth) ?? 0;
    shares.set(row.booth, { votes: count, polled: row.polled, share: percentOf(count, row.polled) });
  }
  return shares;
}

// The election a booth's vote-share class is read from: the one chosen in settings, else the
// latest imported (by year, then import). Null when there is none.
export async function chosenElection(db: Executor, chosen: string): Promise<{ id: number; name: string; year: number } | null> {
  let query = db.selectFrom('past_elections').select(['id', 'name', 'year']);
  query = chosen ? query.where('id', '=', Number(chosen)) : query.orderBy('year', 'desc').orderBy('id', 'desc').limit(1);
  return (await query.executeTakeFirst()) ?? null;
}
