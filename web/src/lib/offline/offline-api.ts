import toast from 'react-hot-toast';
import { boothScopeOf } from '@shared/auth/booth-scope';
import type { FlagReportValues, ReportedFlag } from '@shared/availability/availability-schema';
import type { ContactFormValues, RecordedContact } from '@shared/contacts/contact-schema';
import type { MarkResult, SerialLookup } from '@shared/poll/poll-schema';
import type { User } from '@shared/users/user-schema';
import type { Voter, VoterList } from '@shared/voters/voter-schema';
import { isNetworkError } from '../api-client';
import { i18n } from '../i18n';
import { rememberedUser } from '../remembered-user';
import { newIdempotencyKey } from './idempotency-key';
import { offlineChanged } from './offline-changes';
import type { CachedSearch } from './offline-search';

// Where the screens' API calls meet the phone's copy (issue 21): with no connection (the
// browser says so, or a request could not reach the server) a field user's reads come from the
// copy and their changes wait in the outbox. Everyone else, and a phone without a finished
// copy, sees the usual error.
// This module is small and in the first download; the copy itself (Dexie, the search index, the
// outbox: offline-copy.ts) is fetched only when a read or change needs it, or after the first
// screen is up (the first sync, features/offline), so a phone with a connection paints without it
// (decision 037).

type OfflineCopy = typeof import('./offline-copy');
let loading: Promise<OfflineCopy> | null = null;

export function loadOfflineCopy(): Promise<OfflineCopy> {
  loading ??= import('./offline-copy').catch((error: unknown) => {
    // Not fetched (no connection and no service worker yet): the next need tries again.
    loading = null;
    throw error;
  });
  return loading;
}

// Only field users whose access is a list of booths keep a copy (office roles reach every booth).
export function keepsOfflineCopy(user: Pick<User, 'role' | 'booth_access'> | null): boolean {
  return user !== null && boothScopeOf(user.role, user.booth_access).kind === 'booths';
}

let offlineUserId: number | null = null;

// Set once the signed-in field user's copy is known to be on the phone (the sync, or the first
// read that needed it).
export function setOfflineUser(userId: number | null): void {
  if (offlineUserId === userId) return;
  offlineUserId = userId;
  offlineChanged();
}

export function offlineUser(): number | null {
  return offlineUserId;
}

// The user whose copy answers now: known already, or the signed-in user (kept beside the token)
// when the phone holds a finished copy for them.
async function copyUser(): Promise<number | null> {
  if (offlineUserId !== null) return offlineUserId;
  const user = rememberedUser();
  if (!user || !keepsOfflineCopy(user)) return null;
  try {
    const copy = await loadOfflineCopy();
    if (!(await copy.hasOfflineCopy(user.id))) return null;
  } catch {
    return null;
  }
  setOfflineUser(user.id);
  return user.id;
}

// Answers made up on the phone for a change put in the outbox: the screen's own "saved" toast
// would claim more than is true, the outbox's toast says what happened.
const queuedAnswers = new WeakSet<object>();
export function waitsInOutbox(answer: object): boolean {
  return queuedAnswers.has(answer);
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

// The online call, or the copy when there is no connection.
export async function readWithCopy<T>(online: () => Promise<T>, fromCopy: (copy: OfflineCopy) => Promise<T | undefined>): Promise<T> {
  const fromPhone = async (): Promise<T | undefined> => ((await copyUser()) === null ? undefined : fromCopy(await loadOfflineCopy()));
  if (browserOffline()) {
    const copy = await fromPhone();
    if (copy !== undefined) return copy;
  }
  try {
    return await online();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await fromPhone();
    if (copy === undefined) throw error;
    return copy;
  }
}

export function voterListWithCopy(online: () => Promise<VoterList>, query: CachedSearch): Promise<VoterList> {
  return readWithCopy(online, (copy) => copy.voterListFromCopy(query));
}

export function voterWithCopy(online: () => Promise<Voter>, id: number): Promise<Voter> {
  return readWithCopy(online, (copy) => copy.voterFromCopy(id));
}

// Work that can wait until the screen is up (storing what was seen, for later offline use).
export function whenIdle(work: () => void): void {
  if (typeof window === 'undefined') return work();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 3000 });
  else window.setTimeout(work, 300);
}

// A Karyakarta's My voters (their pages' households): the last answer seen online, with each
// voter as the copy has it now (edits and contacts made since, voters dropped since). The answer
// is kept on the phone once the screen is up, for a field user.
export function myVotersWithCopy<T extends { households: { voters: { id: number }[] }[] }>(online: () => Promise<T>): Promise<T> {
  return readWithCopy(
    async () => {
      const answer = await online();
      if (offlineUserId !== null || keepsOfflineCopy(rememberedUser())) whenIdle(() => void loadOfflineCopy().then((copy) => copy.keepMyVoters(answer), () => undefined));
      return answer;
    },
    (copy) => copy.myVotersFromCopy<T>(),
  );
}

// A change: sent at once when possible (with its key, so a retry after a lost answer is
// harmless), else kept in the outbox under the same key. (Survey answers use it from their own
// feature, features/surveys, so their code stays out of the first download.)
export async function changeWithOutbox<T>(send: (key: string) => Promise<T>, queue: (copy: OfflineCopy, key: string, userId: number) => Promise<T>): Promise<T> {
  const key = newIdempotencyKey();
  if (!browserOffline()) {
    try {
      return await send(key);
    } catch (error) {
      if (!isNetworkError(error) || (await copyUser()) === null) throw error;
    }
  }
  const userId = await copyUser();
  if (userId === null) return send(key);
  const result = await queue(await loadOfflineCopy(), key, userId);
  if (typeof result === 'object' && result !== null) queuedAnswers.add(result);
  toast(i18n.t('offline.queued'), { id: 'offline-queued' });
  return result;
}

export function createVoterWithOutbox(values: Record<string, unknown>, hasPhoto: boolean, send: (key: string) => Promise<Voter>): Promise<Voter> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueVoterCreate(values, hasPhoto, key, userId));
}

export function updateVoterWithOutbox(id: number, version: number, values: Record<string, unknown>, hasPhoto: boolean, send: (key: string) => Promise<Voter>): Promise<Voter> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueVoterUpdate(id, version, values, hasPhoto, key, userId));
}

export function recordContactWithOutbox(voterId: number, contact: ContactFormValues, send: (key: string) => Promise<RecordedContact>): Promise<RecordedContact> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueContact(voterId, contact, key, userId));
}

// A service request (issue 59): its receipt number online, null while it waits in the outbox.
export function raiseServiceRequestWithOutbox(
  voterId: number,
  input: Record<string, unknown>,
  send: (key: string) => Promise<{ receipt_no: string | null }>,
): Promise<{ receipt_no: string | null }> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueServiceRequest(voterId, input, key, userId));
}

export function reportFlagWithOutbox(voterId: number, report: FlagReportValues, send: (key: string) => Promise<ReportedFlag>): Promise<ReportedFlag> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueFlag(voterId, report, key, userId));
}

export function lookUpSerialsWithCopy(online: () => Promise<SerialLookup>, boothId: number, typed: string): Promise<SerialLookup> {
  return readWithCopy(online, (copy) => copy.serialsFromCopy(boothId, typed));
}

// A slip's QR code scanned on poll day (issue 61): sent at once, or kept in the outbox when there
// is no connection (the phone cannot check the code; the server decides when it arrives).
export function markBySlipWithOutbox(boothId: number, token: string, send: (key: string) => Promise<MarkResult>): Promise<MarkResult> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueSlipMark(boothId, token, key, userId));
}

export function changeMarksWithOutbox(boothId: number, serials: number[], undo: boolean, send: (key: string) => Promise<MarkResult>): Promise<MarkResult> {
  return changeWithOutbox(send, (copy, key, userId) => copy.queueMarks(boothId, serials, undo, key, userId));
}

// --- The session's end (lib/session.tsx) -----------------------------------------------------

// Changes still waiting to be sent (asked before signing out).
export async function pendingCount(): Promise<number> {
  return (await loadOfflineCopy()).pendingCount();
}

// The copy goes with the session; changes still waiting stay for the same user's next sign-in.
export async function clearOfflineCopy(): Promise<void> {
  setOfflineUser(null);
  await (await loadOfflineCopy()).clearOfflineCopy();
}

// Everything on the phone goes (sign-out).
export async function clearOfflineData(): Promise<void> {
  setOfflineUser(null);
  await (await loadOfflineCopy()).clearOfflineData();
}
