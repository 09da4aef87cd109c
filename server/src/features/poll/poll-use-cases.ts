import { boothNumberOf, BOOTHS, isBooth } from '@shared/reference/booths';

import type { Availability } from '@shared/availability/availability-options';
import type { BoothTurnout, ChaseBooths, ChaseList, ChaseResult, ChaseStatus, ChaseVoter, MarkResult, PollVoter, RecentMarks, Turnout } from '@shared/poll/poll-schema';
import { SUPPORTER_LEVELS } from '@shared/poll/poll-schema';
import { pollHours, zonedHour } from '@shared/poll/poll-window';
import type { Settings } from '@shared/settings/settings-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { availabilityOf, availabilityOfIds } from '../availability/availability-repository';
import { boothVisibleTo, visibleBooths } from '../booths/booth-access';
import { myVoters } from '../my-voters/my-voters-use-cases';
import { liveVotersByBooth } from '../booths/booths-repository';
import { readSettings } from '../settings/settings-repository';
import { claimKey, keepAnswer, type KeyedRequest, LEGACY_POLL_REQUEST } from '../../plugins/idempotency-keys-repository';
import { IDEMPOTENCY_OTHER_REQUEST } from '../../plugins/idempotency';
import { boothScopeFor, VOTER_NOT_FOUND } from '../voters/voter-access';
import { findVoter } from '../voters/voters-repository';
import { SLIP_TOKEN_INVALID } from '@shared/slips/slip-token';
import { slipCodeOf } from '../slips/slip-codes-repository';
import { slipTokenKey, verifySlipToken } from '../slips/slip-tokens';
import {
  chasesOf,
  deleteMarks,
  insertMarks,
  type MarkableVoter,
  markableVoter,
  markedAmong,
  markTimes,
  recentMarks,
  saveChase,
  supportersByBooth,
  supportersOut,
  turnoutRows,
  votersByBoothGender,
  votersBySerial,
} from './poll-repository';
import { type UserActor } from '../audit/actor';

// Poll day (issue 22, docs/poll-day.md): each function one route's work; a change and its audit
// row commit together.

// What a chase list shows of a living voter's availability (issue 61).
const awayOrMissing = (availability: Availability | undefined): ChaseVoter['availability'] => (availability === undefined || availability === 'deceased' ? null : availability);

export const POLL_DATE_NOT_SET = 'Set the poll date in Settings before poll day';
export const notTakingPart = (booth: string) => `${booth} is not taking part in this election`;
export const REQUEST_IN_PROGRESS = 'This request is still being saved. Please try again in a moment.';

// The booths of the election: the poll_booths setting, empty meaning every booth.
export function boothsTakingPart(settings: Pick<Settings, 'poll_booths'>): readonly string[] {
  const listed = settings.poll_booths
    .split(',')
    .map((item) => item.trim())
    .filter(isBooth);
  return listed.length > 0 ? BOOTHS.filter((booth) => listed.includes(booth)) : BOOTHS;
}

function electionOf(settings: Settings): string {
  if (settings.poll_date === '') throw new HttpError(409, POLL_DATE_NOT_SET);
  return settings.poll_date;
}

// The booth of the address, once the caller may reach it and it takes part in the election.
function pollBooth(user: UserRow, settings: Settings, boothId: number): string {
  const label = boothVisibleTo(user, boothId);
  if (!boothsTakingPart(settings).includes(label)) throw new HttpError(409, notTakingPart(label));
  return label;
}

const toPollVoter = (voter: MarkableVoter, markedAt: string | null): PollVoter => ({
  voter_id: voter.id,
  part_serial: voter.part_serial,
  full_name: voter.full_name,
  father_husband_name: voter.father_husband_name,
  gender: voter.gender,
  age: voter.age,
  marked_at: markedAt,
});

const unknownSerials = (serials: readonly number[], voters: readonly MarkableVoter[]) => serials.filter((serial) => !voters.some((voter) => voter.part_serial === serial));

// The names behind typed serials, for the runner to confirm.
export async function lookUpSerials(ctx: AppContext, actor: UserActor, boothId: number, serials: readonly number[]) {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const booth = pollBooth(actor.user, settings, boothId);
  const voters = await votersBySerial(ctx.db, ctx.dialect, booth, serials);
  const times = await markTimes(ctx.db, election, voters.map((voter) => voter.id));
  return { booth, voters: voters.map((voter) => toPollVoter(voter, times.get(voter.id) ?? null)), unknown: unknownSerials(serials, voters) };
}

// Marks (or, with undo, unmarks) the booth's voters with the serials. Marking a voter already
// marked changes nothing (no error, no second row); one audit row names the serials. With an
// Idempotency-Key the first answer is kept, and the same key again gets it back untouched.
// The key is claimed in the mark's own transaction (the shared store of keys, decision 040), so
// the change and the answer kept for the key commit together or not at all. `request` names
// the method and URL, with a hash of the serials: a key sent again for another URL or other
// serials is refused (422).
export async function changeMarks(
  ctx: AppContext,
  actor: UserActor,
  boothId: number,
  serials: readonly number[],
  // `via`: how the marks came when not from the app (an SMS: its sender, who pasted it), for the audit row.
  options: { undo: boolean; key?: KeyedRequest & { key: string }; via?: Record<string, string> },
): Promise<MarkResult> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const booth = pollBooth(actor.user, settings, boothId);
  return recordMarks(ctx, actor, { settings, election, booth, ...options }, async (trx) => {
    const voters = await votersBySerial(trx, ctx.dialect, booth, serials);
    return { voters, serials, unknown: unknownSerials(serials, voters) };
  });
}

// Slips with a QR code (issue 61, decision 085).
export const SLIP_REVOKED = 'This slip was replaced by a newer one and no longer counts: mark the voter by serial number';
export const slipOfOtherBooth = (voterBooth: string, booth: string) => `This slip is for a voter of ${voterBooth}, not ${booth}`;
export const SLIP_OF_NO_BOOTH = 'This slip is for a voter who is in no booth';

// Marks the voter whose slip was scanned in the booth of the address, as a mark by serial would:
// once, with the same audit row (saying it came from a slip) and the same Idempotency-Key rules.
// The phone cannot check a code (only the server holds the key), so a scan queued without signal
// is decided here when it arrives: a code not signed here, one of a revoked slip (an older
// generation) or one of a voter of another booth is refused with its reason.
export async function markBySlip(ctx: AppContext, actor: UserActor, boothId: number, token: string, key?: KeyedRequest & { key: string }): Promise<MarkResult> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const booth = pollBooth(actor.user, settings, boothId);
  const code = verifySlipToken(slipTokenKey(ctx.config.jwtSecret), token);
  if (!code) throw new HttpError(400, SLIP_TOKEN_INVALID, { token: SLIP_TOKEN_INVALID });
  return recordMarks(ctx, actor, { settings, election, booth, undo: false, key, via: { channel: 'slip' } }, async (trx) => {
    const generation = (await slipCodeOf(trx, code.voterId))?.generation ?? 0;
    // A newer generation than the office's: never printed here (only a leaked key could make one).
    if (code.generation > generation) throw new HttpError(400, SLIP_TOKEN_INVALID, { token: SLIP_TOKEN_INVALID });
    if (code.generation < generation) throw new HttpError(410, SLIP_REVOKED);
    const voter = await markableVoter(trx, code.voterId);
    if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
    if (voter.booth === null) throw new HttpError(422, SLIP_OF_NO_BOOTH);
    if (voter.booth !== booth) throw new HttpError(422, slipOfOtherBooth(voter.booth, booth));
    return { voters: [voter], serials: voter.part_serial === null ? [] : [voter.part_serial], unknown: [], voterId: voter.id };
  });
}

interface MarkTarget {
  voters: MarkableVoter[];
  // What the audit row names: the serials asked for, those no voter carries, the voter of a slip.
  serials: readonly number[];
  unknown: number[];
  voterId?: number;
}

// A mark or an undo in one transaction: the key claimed, the voters read (`read` may refuse by
// throwing, which leaves the key unclaimed), marked or unmarked, counted, audited, the answer kept.
async function recordMarks(
  ctx: AppContext,
  actor: UserActor,
  request: { settings: Settings; election: string; booth: string; undo: boolean; key?: KeyedRequest & { key: string }; via?: Record<string, string> },
  read: (trx: Executor) => Promise<MarkTarget>,
): Promise<MarkResult> {
  const { settings, election, booth, key } = request;
  const now = new Date();
  const at = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    let token: string | null = null;
    if (key !== undefined) {
      // Claimed in this transaction: the claim and the answer commit together, no lease needed.
      const claim = await claimKey(trx, { userId: actor.user.id, ...key, now, leaseMs: 0 });
      if (claim.kind === 'used') {
        const legacy = claim.request === LEGACY_POLL_REQUEST;
        if (!legacy && (claim.request !== key.request || (claim.requestHash !== null && claim.requestHash !== key.requestHash))) throw new HttpError(422, IDEMPOTENCY_OTHER_REQUEST);
        if (claim.response === null) throw new HttpError(409, REQUEST_IN_PROGRESS);
        return { ...(JSON.parse(claim.response) as MarkResult), replayed: true };
      }
      token = claim.token;
    }
    const target = await read(trx);
    const { voters, unknown } = target;
    const ids = voters.map((voter) => voter.id);
    let changed: Set<number>;
    if (request.undo) {
      changed = await deleteMarks(trx, election, ids);
    } else {
      const hour = zonedHour(now, settings.timezone);
      changed = await insertMarks(trx, election, voters.map((voter) => ({ voter, booth, hour, at, userId: actor.user.id, userName: actor.user.full_name })));
    }
    // A voter marked before keeps the time of that mark; the new ones have this request's.
    const earlier = request.undo ? [] : ids.filter((id) => !changed.has(id));
    const times = await markTimes(trx, election, earlier);
    if (!request.undo) for (const id of changed) times.set(id, at);
    const result: MarkResult = {
      election,
      booth,
      voters: voters.map((voter) => ({ ...toPollVoter(voter, times.get(voter.id) ?? null), changed: changed.has(voter.id) })),
      unknown,
      replayed: false,
    };
    await recordAudit(trx, {
      action: request.undo ? 'UNMARK_VOTED' : 'MARK_VOTED',
      userId: actor.user.id,
      userName: actor.user.full_name,
      ipAddress: actor.ipAddress,
      tableName: 'booths',
      recordId: boothNumberOf(booth) ?? null,
      recordName: booth,
      details: {
        election,
        serials: [...target.serials],
        changed: changed.size,
        unchanged: voters.length - changed.size,
        unknown,
        ...(target.voterId !== undefined ? { voter_id: target.voterId } : {}),
        ...(key ? { idempotency_key: key.key } : {}),
        ...(request.via ? { via: request.via } : {}),
      },
      now,
    });
    if (key !== undefined && token !== null) await keepAnswer(trx, { userId: actor.user.id, key: key.key, token, status: 200, response: JSON.stringify(result) });
    return result;
  });
}

export async function boothMarks(ctx: AppContext, actor: UserActor, boothId: number, limit: number): Promise<RecentMarks> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const booth = pollBooth(actor.user, settings, boothId);
  const rows = await recentMarks(ctx.db, election, booth, limit);
  const counts = (await turnoutRows(ctx.db, election)).filter((row) => row.booth === booth);
  const voters = (await liveVotersByBooth(ctx.db, [booth])).get(booth) ?? 0;
  return {
    booth,
    voters,
    voted: counts.reduce((sum, row) => sum + row.marks, 0),
    marks: rows.map((row) => ({ ...toPollVoter(row, row.marked_at), marked_by_name: row.marked_by_name })),
  };
}

// Turnout by booth and overall, by hour, with the male/female split, over the booths taking part
// that the caller may see (or one of them).
export async function turnout(ctx: AppContext, actor: UserActor, boothId: number | undefined): Promise<Turnout> {
  const settings = await readSettings(ctx.db);
  const election = settings.poll_date;
  const visible = visibleBooths(actor.user);
  let labels = boothsTakingPart(settings).filter((label) => !visible || visible.includes(label));
  let asked: string | null = null;
  if (boothId !== undefined) {
    asked = boothVisibleTo(actor.user, boothId);
    labels = labels.filter((label) => label === asked);
  }
  const wanted = new Set(labels);
  const every = labels.length === BOOTHS.length;
  const booths = new Map<string, BoothTurnout>(labels.map((label) => [label, { id: boothNumberOf(label) ?? 0, label, voters: 0, voted: 0, male_voters: 0, male_voted: 0, female_voters: 0, female_voted: 0 }]));
  for (const row of await votersByBoothGender(ctx.db, every ? undefined : labels)) {
    const booth = booths.get(row.booth);
    if (!booth) continue;
    booth.voters += row.voters;
    if (row.gender === 'Male') booth.male_voters += row.voters;
    if (row.gender === 'Female') booth.female_voters += row.voters;
  }
  const hours = new Map(pollHours(settings).map((hour) => [hour, { hour, marks: 0, male: 0, female: 0 }]));
  if (election !== '') {
    for (const row of await turnoutRows(ctx.db, election)) {
      if (!wanted.has(row.booth)) continue;
      const booth = booths.get(row.booth)!;
      booth.voted += row.marks;
      if (row.gender === 'Male') booth.male_voted += row.marks;
      if (row.gender === 'Female') booth.female_voted += row.marks;
      // A mark outside poll hours (a late entry) still counts, in its own hour.
      const hour = hours.get(row.hour) ?? { hour: row.hour, marks: 0, male: 0, female: 0 };
      hour.marks += row.marks;
      if (row.gender === 'Male') hour.male += row.marks;
      if (row.gender === 'Female') hour.female += row.marks;
      hours.set(row.hour, hour);
    }
  }
  const list = [...booths.values()];
  const totals = { voters: 0, voted: 0, male_voters: 0, male_voted: 0, female_voters: 0, female_voted: 0 };
  for (const booth of list) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += booth[key];
  const share = (booth: BoothTurnout) => (booth.voters > 0 ? booth.voted / booth.voters : 0);
  return {
    election: { name: settings.election_name, poll_date: settings.poll_date, poll_start: settings.poll_start, poll_end: settings.poll_end },
    booth: asked,
    totals,
    hours: [...hours.values()].sort((a, b) => a.hour - b.hour),
    booths: list.sort((a, b) => share(b) - share(a) || a.id - b.id),
    updated_at: new Date().toISOString(),
  };
}

// A Karyakarta's chase list: the supporters on their pages and houses who have not voted yet.
export async function myChaseList(ctx: AppContext, actor: UserActor): Promise<ChaseList> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const taking = new Set(boothsTakingPart(settings));
  const mine = await myVoters(ctx.db, actor.user, Number(settings.page_size));
  const supporters = mine.households
    .flatMap((household) => household.voters)
    .filter((voter) => voter.booth !== null && taking.has(voter.booth) && voter.support_level !== null && (SUPPORTER_LEVELS as readonly string[]).includes(voter.support_level));
  // Issue 61: the deceased are nobody to chase; the shifted, out of town and not found are marked.
  const availability = await availabilityOfIds(ctx.db, supporters.map((voter) => voter.id));
  const living = supporters.filter((voter) => availability.get(voter.id) !== 'deceased');
  const ids = living.map((voter) => voter.id);
  const voted = await markedAmong(ctx.db, election, ids);
  const chases = await chasesOf(ctx.db, election, ids);
  return {
    election,
    voters: living
      .filter((voter) => !voted.has(voter.id))
      .map((voter) => ({
        id: voter.id,
        full_name: voter.full_name,
        part_serial: voter.part_serial,
        booth: voter.booth ?? '',
        house_no: voter.house_no,
        mobile_number: voter.mobile_number,
        support_level: voter.support_level ?? '',
        chase_status: chases.get(voter.id)?.status ?? null,
        chased_at: chases.get(voter.id)?.updated_at ?? null,
        availability: awayOrMissing(availability.get(voter.id)),
      })),
    truncated: mine.truncated,
    supporters: living.length,
  };
}

// For the office and Supervisors: booths by how many supporters are still out.
export async function chaseBooths(ctx: AppContext, actor: UserActor): Promise<ChaseBooths> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const visible = visibleBooths(actor.user);
  const labels = boothsTakingPart(settings).filter((label) => !visible || visible.includes(label));
  const every = labels.length === BOOTHS.length;
  const wanted = new Set(labels);
  const rows = (await supportersByBooth(ctx.db, election, every ? undefined : labels)).filter((row) => wanted.has(row.booth));
  return {
    election,
    supporters: rows.reduce((sum, row) => sum + row.supporters, 0),
    booths: rows
      .map((row) => ({ id: boothNumberOf(row.booth) ?? 0, label: row.booth, supporters: row.supporters, voted: row.voted, out: row.supporters - row.voted }))
      .filter((row) => row.out > 0)
      .sort((a, b) => b.out - a.out || a.id - b.id),
  };
}

export async function boothChaseList(ctx: AppContext, actor: UserActor, boothId: number): Promise<ChaseList> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  const booth = pollBooth(actor.user, settings, boothId);
  const { rows, truncated } = await supportersOut(ctx.db, election, booth);
  const [counts] = await supportersByBooth(ctx.db, election, [booth]);
  const availability = await availabilityOf(ctx.db, rows);
  return {
    election,
    supporters: counts?.supporters ?? 0,
    voters: rows.map((row) => ({
      id: row.id,
      full_name: row.full_name,
      part_serial: row.part_serial,
      booth: row.booth ?? booth,
      house_no: row.house_no,
      mobile_number: row.mobile_number,
      support_level: row.support_level ?? '',
      chase_status: row.status === 'called' || row.status === 'coming' || row.status === 'wont_come' ? row.status : null,
      chased_at: row.updated_at,
      availability: awayOrMissing(availability.get(row.id)),
    })),
    truncated,
  };
}

// "Called / coming / won't come" on a voter the caller's booths reach.
export async function chaseVoter(ctx: AppContext, actor: UserActor, voterId: number, status: ChaseStatus): Promise<ChaseResult> {
  const settings = await readSettings(ctx.db);
  const election = electionOf(settings);
  return ctx.db.transaction().execute(async (trx: Executor) => {
    const voter = await findVoter(trx, voterId, boothScopeFor(actor.user));
    if (!voter || voter.duplicate_of !== null) throw new HttpError(404, VOTER_NOT_FOUND);
    const at = new Date().toISOString();
    await saveChase(trx, { election, voterId, status, userId: actor.user.id, userName: actor.user.full_name, at });
    await recordAudit(trx, {
      action: 'CHASE_VOTER',
      userId: actor.user.id,
      userName: actor.user.full_name,
      ipAddress: actor.ipAddress,
      tableName: 'voters',
      recordId: voterId,
      recordName: voterRecordName(voter),
      details: { election, status },
    });
    return { voter_id: voterId, status, chased_at: at };
  });
}

