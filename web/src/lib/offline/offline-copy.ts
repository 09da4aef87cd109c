import toast from 'react-hot-toast';
import type { FlagReportValues, ReportedFlag } from '@shared/availability/availability-schema';
import type { ContactFormValues, RecordedContact } from '@shared/contacts/contact-schema';
import { parseSerials, type MarkResult, type PollVoter, type SerialLookup } from '@shared/poll/poll-schema';
import { boothLabelOf } from '@shared/reference/booths';
import { readSlipToken } from '@shared/slips/slip-token';
import type { Voter, VoterList } from '@shared/voters/voter-schema';
import { i18n } from '../i18n';
import { offlineDb } from './offline-db';
import { sealRecord, unsealRecord, vaultKey } from './offline-lock';
import type { Sealed } from './offline-vault';
import { cachedVoter, cachedVoterList, cachedVoters, type CachedSearch, keepVoters } from './offline-voters';
import type { SavedResponses } from '@shared/surveys/survey-schema';
import { enqueue, type SurveyAnswerChange, temporaryVoterId } from './outbox';

// The phone's copy and its outbox as the screens' API calls use them (issue 21, decision 033).
// Loaded only when needed (offline-api.ts imports it with import()): Dexie, the search index and
// the outbox are a third of the app's first download otherwise, and a phone with a connection
// first needs none of them (decision 037).

export { clearOfflineCopy, clearOfflineData, hasOfflineCopy } from './offline-voters';

export function voterListFromCopy(query: CachedSearch): Promise<VoterList> {
  return cachedVoterList(query);
}

export function voterFromCopy(id: number): Promise<Voter | undefined> {
  return cachedVoter(id);
}

export async function pendingCount(): Promise<number> {
  return offlineDb.outbox.count();
}

// A Karyakarta's My voters as last seen online, sealed (issue 57); read back without a
// connection. Kept once the copy has its PIN.
export async function keepMyVoters(answer: unknown): Promise<void> {
  if (!vaultKey()) return;
  await offlineDb.meta.put({ key: 'my-voters', value: await sealRecord(answer) });
}

// The last My voters seen online, with each voter as the copy has it now (edits and contacts
// made since, voters dropped since).
export async function myVotersFromCopy<T extends { households: { voters: { id: number }[] }[] }>(): Promise<T | undefined> {
  const sealed = (await offlineDb.meta.get('my-voters'))?.value as Sealed | undefined;
  if (!sealed || !vaultKey()) return undefined;
  const seen = await unsealRecord<T>(sealed);
  const households = await Promise.all(
    seen.households.map(async (household) => {
      const voters = await Promise.all(
        household.voters.map(async (voter) => {
          const now = await cachedVoter(voter.id);
          if (!now) return undefined;
          const fresh = Object.fromEntries(Object.keys(voter).map((key) => [key, key in now ? (now as unknown as Record<string, unknown>)[key] : (voter as Record<string, unknown>)[key]]));
          return fresh as typeof voter;
        }),
      );
      return { ...household, voters: voters.filter((voter) => voter !== undefined) };
    }),
  );
  return { ...seen, households: households.filter((household) => household.voters.length > 0) };
}

// --- Changes kept in the outbox (the answers are made up on the phone) ----------------------

export async function queueVoterCreate(values: Record<string, unknown>, hasPhoto: boolean, key: string, userId: number): Promise<Voter> {
  if (hasPhoto) toast(i18n.t('offline.photoLater'), { id: 'offline-photo' });
  const id = temporaryVoterId();
  const now = new Date().toISOString();
  const voter = { ...values, _id: id, id, voter_image: null, created_at: now, updated_at: now, created_by: userId, updated_by: userId, version: 1, support_level: null, last_contact_at: null } as unknown as Voter;
  await keepVoters([voter]);
  await enqueue({ kind: 'voter.create', userId, voterId: id, payload: { values }, key });
  return voter;
}

export async function queueVoterUpdate(id: number, version: number, values: Record<string, unknown>, hasPhoto: boolean, key: string, userId: number): Promise<Voter> {
  const cached = await cachedVoter(id);
  if (!cached) throw new TypeError('voter not on this phone');
  if (hasPhoto) toast(i18n.t('offline.photoLater'), { id: 'offline-photo' });
  // The edit starts from the version the form opened (the server's, even after queued edits).
  const base = { ...cached, version };
  await enqueue({ kind: 'voter.update', userId, voterId: id, payload: { values }, base, key });
  const shown = { ...cached, ...(values as Partial<Voter>) };
  await keepVoters([shown]);
  return shown;
}

export async function queueContact(voterId: number, contact: ContactFormValues, key: string, userId: number): Promise<RecordedContact> {
  const voter = await cachedVoter(voterId);
  if (!voter) throw new TypeError('voter not on this phone');
  await enqueue({ kind: 'contact.create', userId, voterId, payload: { contact }, key });
  const now = new Date().toISOString();
  return {
    contact: { id: -1, voter_id: voterId, user_id: userId, user_name: null, channel: contact.channel, outcome: contact.outcome, issues: contact.issues ?? [], note: contact.note ?? null, created_at: now },
    voter: { id: voterId, support_level: voter.support_level, last_contact_at: voter.last_contact_at },
    flag: null,
  } as unknown as RecordedContact;
}

// A service request raised from a voter's card without signal (issue 59): it waits in the outbox
// and is sent with its key when the connection returns; the receipt number comes then.
export async function queueServiceRequest(voterId: number, input: Record<string, unknown>, key: string, userId: number): Promise<{ receipt_no: string | null }> {
  if (!(await cachedVoter(voterId))) throw new TypeError('voter not on this phone');
  await enqueue({ kind: 'service-request.create', userId, voterId, payload: { input }, key });
  return { receipt_no: null };
}

// Issue 61: a report on a voter of the copy waits to be sent; the office sees it once it is.
export async function queueFlag(voterId: number, report: FlagReportValues, key: string, userId: number): Promise<ReportedFlag> {
  if (!(await cachedVoter(voterId))) throw new TypeError('voter not on this phone');
  await enqueue({ kind: 'flag.create', userId, voterId, payload: { report }, key });
  const now = new Date().toISOString();
  const flag = { id: -1, voter_id: voterId, kind: report.kind, status: 'pending', contact_id: null, note: null, reason: report.reason, other_voter_id: report.other_voter_id ?? null, raised_by: userId, raised_by_name: null, raised_at: now, resolved_by_name: null, resolved_at: null, resolution_note: null, version: 1 };
  return { flag, joined: false } as ReportedFlag;
}

// Poll day (issue 22): a runner without signal still sees the names behind the serials (from the
// copy of their booths) and marks them; the marks wait in the outbox and are sent with their key,
// which the server answers once (docs/poll-day.md, "For the phone's outbox").
async function copyVotersBySerial(boothId: number, serials: readonly number[]): Promise<{ booth: string; voters: PollVoter[]; unknown: number[] } | undefined> {
  const booth = boothLabelOf(boothId);
  if (!booth) return undefined;
  const inBooth = (await cachedVoters()).filter((voter) => voter.booth === booth && voter.part_serial !== null);
  if (inBooth.length === 0) return undefined;
  const bySerial = new Map(inBooth.map((voter) => [voter.part_serial as number, voter]));
  const voters: PollVoter[] = [];
  const unknown: number[] = [];
  for (const serial of serials) {
    const voter = bySerial.get(serial);
    if (!voter) unknown.push(serial);
    else voters.push({ voter_id: voter.id, part_serial: serial, full_name: voter.full_name, father_husband_name: voter.father_husband_name ?? null, gender: voter.gender ?? null, age: voter.age ?? null, marked_at: null });
  }
  return { booth, voters, unknown };
}

export async function serialsFromCopy(boothId: number, typed: string): Promise<SerialLookup | undefined> {
  const parsed = parseSerials(typed);
  return 'serials' in parsed ? copyVotersBySerial(boothId, parsed.serials) : undefined;
}

export async function queueMarks(boothId: number, serials: number[], undo: boolean, key: string, userId: number): Promise<MarkResult> {
  const found = await copyVotersBySerial(boothId, serials);
  if (!found) throw new TypeError('booth not on this phone');
  await enqueue({ kind: 'poll.marks', userId, voterId: null, payload: { boothId, serials, undo }, key });
  const now = new Date().toISOString();
  return { election: '', booth: found.booth, voters: found.voters.map((voter) => ({ ...voter, marked_at: undo ? null : now, changed: true })), unknown: found.unknown, replayed: false };
}

// A slip scanned without signal (issue 61, decision 085): the code waits in the outbox for the
// server to check it. The voter is named from the copy when the code's record number is a voter
// of this booth there (the code is not checked here: only the server holds its key).
export async function queueSlipMark(boothId: number, token: string, key: string, userId: number): Promise<MarkResult> {
  const booth = boothLabelOf(boothId);
  const voterId = readSlipToken(token)?.voterId;
  const voter = voterId === undefined ? undefined : await cachedVoter(voterId);
  const known = voter && voter.booth === booth ? voter : undefined;
  await enqueue({ kind: 'poll.slip', userId, voterId: null, payload: { boothId, token, name: known?.full_name ?? null }, key });
  const now = new Date().toISOString();
  return {
    election: '',
    booth: booth ?? '',
    voters: known
      ? [{ voter_id: known.id, part_serial: known.part_serial ?? null, full_name: known.full_name, father_husband_name: known.father_husband_name ?? null, gender: known.gender ?? null, age: known.age ?? null, marked_at: now, changed: true }]
      : [],
    unknown: [],
    replayed: false,
  };
}

// Surveys (issue 61): the open surveys of the worker's booths and the versions of the answers
// there, as last seen online, sealed; read back without a connection.
export async function keepMySurveys(answer: unknown): Promise<void> {
  if (!vaultKey()) return;
  await offlineDb.meta.put({ key: 'my-surveys', value: await sealRecord(answer) });
}

export async function mySurveysFromCopy<T>(): Promise<T | undefined> {
  const sealed = (await offlineDb.meta.get('my-surveys'))?.value as Sealed | undefined;
  if (!sealed || !vaultKey()) return undefined;
  return unsealRecord<T>(sealed);
}

// Answers taken without a connection wait in the outbox; the answer made up here holds none yet.
export async function queueSurveyAnswer(change: SurveyAnswerChange, key: string, userId: number): Promise<SavedResponses> {
  await enqueue({ kind: 'survey.answer', userId, voterId: null, payload: change as unknown as Record<string, unknown>, key });
  return { responses: [] };
}
