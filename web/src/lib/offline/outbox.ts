import type { ReportedFlag } from '@shared/availability/availability-schema';
import type { RecordedContact } from '@shared/contacts/contact-schema';
import type { SurveyAnswers } from '@shared/surveys/survey-answers';
import type { MySurveys, SavedResponses, SurveyDefinition } from '@shared/surveys/survey-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { ApiError, apiRequest, isNetworkError } from '../api-client';
import { conflictCurrent } from '../edit-conflicts';
import { newIdempotencyKey } from './idempotency-key';
import { offlineChanged } from './offline-changes';
import { offlineDb, type OutboxItem, type OutboxSecret, type StoredOutboxItem } from './offline-db';
import { sealRecord, unsealRecord, vaultKey } from './offline-lock';
import type { Sealed } from './offline-vault';
import { cachedVoter, keepVoters } from './offline-voters';

// The outbox (issue 21, decision 033): a change made without a connection waits here, in
// IndexedDB, and is sent in order when the connection returns, each with its own
// Idempotency-Key so the server applies it once even when an answer is lost and it is sent again.
// An edit that meets a newer version on the server waits for the user's field-by-field choice.
// Issue 57: what a change holds of a voter (its values, the voter it was made on, the server's
// answer to a conflict) is sealed under the PIN's key; sending in order reads only clear fields.

// An item as stored: its voter data sealed (put replaces the whole row, so nothing stays in clear).
export async function storedOf(item: OutboxItem): Promise<StoredOutboxItem> {
  const { payload, base, current, error, ...clear } = item;
  const secret: OutboxSecret = { payload, base, current, error };
  return { ...clear, sealed: await sealRecord(secret) };
}

// Items queued before issue 57 were stored in clear; they are sealed when a PIN is set.
export async function openedOf(stored: StoredOutboxItem): Promise<OutboxItem> {
  if (!stored.sealed) return stored as OutboxItem;
  const { sealed, ...clear } = stored;
  return { ...clear, ...(await unsealRecord<OutboxSecret>(sealed)) } as OutboxItem;
}

// What each kind of change sends and what its answer does to the phone's copy. A new kind of
// change (poll-day marks) is one entry here and an `idempotent: true` on its server route.
interface OutboxKind {
  send: (item: OutboxItem) => Promise<unknown>;
  // The server's answer kept on the phone; returns the voter's id on the server when the change
  // created it (later changes of the voter added offline then go to that id).
  applied: (item: OutboxItem, answer: unknown) => Promise<number | void>;
}

const withKey = (item: OutboxItem) => ({ idempotencyKey: item.key });

export const OUTBOX_KINDS: Record<string, OutboxKind> = {
  'voter.create': {
    send: (item) => apiRequest<Voter>('/voters', { method: 'POST', body: item.payload.values, ...withKey(item) }),
    applied: async (item, answer) => {
      const voter = answer as Voter;
      await keepVoters([voter], item.voterId !== null ? [item.voterId] : []);
      return voter.id;
    },
  },
  'voter.update': {
    send: (item) => {
      const version = item.baseVersion === null ? {} : { version: item.baseVersion };
      return apiRequest<Voter>(`/voters/${item.voterId}`, { method: 'PUT', body: { ...(item.payload.values as object), ...version }, ...withKey(item) });
    },
    applied: async (_item, answer) => keepVoters([answer as Voter]),
  },
  'contact.create': {
    send: (item) => apiRequest<RecordedContact>(`/voters/${item.voterId}/contacts`, { method: 'POST', body: item.payload.contact, ...withKey(item) }),
    applied: async (item, answer) => {
      const recorded = answer as RecordedContact;
      const voter = await cachedVoter(recorded.voter.id);
      if (voter) await keepVoters([{ ...voter, support_level: recorded.voter.support_level, last_contact_at: recorded.voter.last_contact_at }]);
      return undefined;
    },
  },
  // A service request raised from a voter's card (issue 59); the voter may have been added offline.
  'service-request.create': {
    send: (item) => apiRequest('/service-requests', { method: 'POST', body: { ...(item.payload.input as object), voter_id: item.voterId }, ...withKey(item) }),
    applied: async () => undefined,
  },
  // Survey answers (issue 61): one voter's, or a household's members' (kept for each).
  'survey.answer': {
    send: (item) => {
      const change = item.payload as unknown as SurveyAnswerChange;
      return apiRequest<SavedResponses>(`/surveys/${change.surveyId}/responses`, { method: 'POST', body: { voters: change.voters, answers: change.answers }, ...withKey(item) });
    },
    applied: async (item, answer) => {
      await surveyAnswersSaved(item, (answer as SavedResponses).responses);
      return undefined;
    },
  },
  // Issue 61: a voter reported shifted, out of town, not found, deceased or a double entry.
  'flag.create': {
    send: (item) => apiRequest<ReportedFlag>(`/voters/${item.voterId}/flags`, { method: 'POST', body: item.payload.report, ...withKey(item) }),
    applied: async () => undefined,
  },
  // Poll day: marks (or undos) of who voted, by part serial in a booth.
  'poll.marks': {
    send: (item) => {
      const { boothId, serials, undo } = item.payload as { boothId: number; serials: number[]; undo: boolean };
      return apiRequest(`/poll/booths/${boothId}/${undo ? 'unmark' : 'marks'}`, { method: 'POST', body: { serials }, ...withKey(item) });
    },
    applied: async () => undefined,
  },
  // Poll day: a slip's QR code scanned without signal (issue 61). Only the server can check the
  // code; a refusal (not a slip, revoked, another booth) comes back as a failed item with its reason.
  'poll.slip': {
    send: (item) => {
      const { boothId, token } = item.payload as { boothId: number; token: string };
      return apiRequest(`/poll/booths/${boothId}/slip-marks`, { method: 'POST', body: { token }, ...withKey(item) });
    },
    applied: async () => undefined,
  },
};

// A survey's answers as the outbox keeps them: what is sent (the survey, the voters with the
// version of their answers last seen, the answers) and, for the list and a conflict, the survey
// as it was answered and whom the answers were for.
export interface SurveyAnswerChange {
  surveyId: number;
  voters: { id: number; version: number | null }[];
  answers: SurveyAnswers;
  survey: SurveyDefinition;
  label: string;
}

// Answers saved: the versions the phone keeps for the surveys it answers offline ('my-surveys',
// sealed as My voters is), and the later answers waiting for the same voters go on top of them.
async function surveyAnswersSaved(item: OutboxItem, responses: SavedResponses['responses']): Promise<void> {
  const versions = new Map(responses.map((response) => [response.voter_id, response.version]));
  const surveyId = (item.payload as unknown as SurveyAnswerChange).surveyId;
  const sealed = (await offlineDb.meta.get('my-surveys'))?.value as Sealed | undefined;
  if (sealed && vaultKey()) {
    const kept = await unsealRecord<MySurveys>(sealed);
    const known = kept.known.filter(([survey, voter]) => survey !== surveyId || !versions.has(voter));
    for (const response of responses) known.push([surveyId, response.voter_id, response.version]);
    await offlineDb.meta.put({ key: 'my-surveys', value: await sealRecord({ ...kept, known }) });
  }
  for (const stored of await offlineDb.outbox.where('state').equals('pending').toArray()) {
    if (stored.seq === item.seq || stored.kind !== 'survey.answer') continue;
    const later = await openedOf(stored);
    const change = later.payload as unknown as SurveyAnswerChange;
    if (change.surveyId !== surveyId || !change.voters.some((voter) => versions.has(voter.id))) continue;
    const voters = change.voters.map((voter) => ({ id: voter.id, version: versions.get(voter.id) ?? voter.version }));
    await offlineDb.outbox.put(await storedOf({ ...later, payload: { ...change, voters } as unknown as Record<string, unknown> }));
  }
}

export interface NewChange {
  kind: keyof typeof OUTBOX_KINDS;
  userId: number;
  voterId: number | null;
  payload: Record<string, unknown>;
  base?: Voter | null;
  key?: string;
}

export async function enqueue(change: NewChange): Promise<OutboxItem> {
  const item: OutboxItem = {
    key: change.key ?? newIdempotencyKey(),
    kind: change.kind,
    userId: change.userId,
    voterId: change.voterId,
    payload: change.payload,
    baseVersion: change.base?.version ?? null,
    base: change.base ?? null,
    created_at: new Date().toISOString(),
    state: 'pending',
  };
  item.seq = await offlineDb.outbox.add(await storedOf(item));
  offlineChanged();
  return item;
}

export async function outboxItems(): Promise<OutboxItem[]> {
  return Promise.all((await offlineDb.outbox.orderBy('seq').toArray()).map(openedOf));
}

// A voter added offline has a negative id until the server gives it one.
let nextTempId = -Date.now();
export function temporaryVoterId(): number {
  nextTempId -= 1;
  return nextTempId;
}

export type FlushOutcome = { sent: number; stopped: 'done' | 'offline' | 'busy' };

let flushing: Promise<FlushOutcome> | null = null;

// Sends the signed-in user's waiting changes in the order they were made. One run at a time.
export function flushOutbox(userId: number): Promise<FlushOutcome> {
  flushing ??= runFlush(userId).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function runFlush(userId: number): Promise<FlushOutcome> {
  let sent = 0;
  for (;;) {
    const waiting = await offlineDb.outbox
      .where('state')
      .equals('pending')
      .sortBy('seq')
      .then((items) => items.find((candidate) => candidate.userId === userId));
    if (!waiting) return { sent, stopped: 'done' };
    const item = await openedOf(waiting);
    const kind = OUTBOX_KINDS[item.kind];
    if (!kind) {
      await offlineDb.outbox.put(await storedOf({ ...item, state: 'failed', error: item.kind }));
      continue;
    }
    let answer: unknown;
    try {
      answer = await kind.send(item);
    } catch (error) {
      if (isNetworkError(error)) return { sent, stopped: 'offline' };
      const current = conflictCurrent<Voter>(error);
      if (current) {
        // Someone saved the voter since: the user chooses field by field (outbox-conflicts.ts).
        await offlineDb.outbox.put(await storedOf({ ...item, state: 'conflict', current }));
      } else if (error instanceof ApiError && (error.status === 409 || error.status === 429 || error.status >= 500 || error.status === 0)) {
        // Still being saved, too many requests or the server unwell: try again later, in order.
        return { sent, stopped: 'busy' };
      } else if (error instanceof ApiError && error.status === 401) {
        return { sent, stopped: 'busy' };
      } else {
        await offlineDb.outbox.put(await storedOf({ ...item, state: 'failed', error: error instanceof ApiError ? error.message : String(error) }));
      }
      offlineChanged();
      continue;
    }
    const serverId = await kind.applied(item, answer);
    await offlineDb.transaction('rw', offlineDb.outbox, async () => {
      await offlineDb.outbox.delete(item.seq!);
      // Later changes of the same voter: to its id on the server, on top of the version just saved.
      const later = await offlineDb.outbox.where('voterId').equals(item.voterId ?? 0).toArray();
      const saved = answer as Partial<Voter>;
      for (const next of later) {
        const changes: Partial<OutboxItem> = {};
        if (typeof serverId === 'number' && item.voterId !== null && item.voterId < 0) changes.voterId = serverId;
        if (next.kind === 'voter.update' && typeof saved.version === 'number' && (next.baseVersion === item.baseVersion || item.kind === 'voter.create')) changes.baseVersion = saved.version;
        if (Object.keys(changes).length > 0) await offlineDb.outbox.update(next.seq!, changes);
      }
    });
    sent += 1;
    offlineChanged();
  }
}

// The user's choice on a conflicting edit: for each field, theirs (the server's) or mine. Mine
// are sent again on top of the current version, with a new key; nothing of mine left: dropped.
export async function resolveConflict(seq: number, mine: Record<string, unknown>): Promise<void> {
  const stored = await offlineDb.outbox.get(seq);
  const item = stored && (await openedOf(stored));
  if (!item || item.state !== 'conflict' || !item.current) return;
  const current = item.current as Voter;
  if (Object.keys(mine).length === 0) {
    await offlineDb.outbox.delete(seq);
    await keepVoters([current]);
  } else {
    await offlineDb.outbox.put(await storedOf({ ...item, state: 'pending', key: newIdempotencyKey(), payload: { ...item.payload, values: mine }, baseVersion: current.version, base: current, current: undefined }));
    await keepVoters([{ ...current, ...(mine as Partial<Voter>) }]);
  }
  offlineChanged();
}

// The user's choice on survey answers that met someone else's: the answers to keep, question by
// question. Theirs in full: nothing left to send. Otherwise sent again, on top of the versions
// the server holds now, with a new key.
export async function resolveSurveyConflict(seq: number, answers: SurveyAnswers): Promise<void> {
  const stored = await offlineDb.outbox.get(seq);
  const item = stored && (await openedOf(stored));
  if (!item || item.state !== 'conflict' || !item.current) return;
  const current = item.current as SavedResponses;
  const change = item.payload as unknown as SurveyAnswerChange;
  const theirs = current.responses[0]?.answers ?? {};
  if (JSON.stringify(answers) === JSON.stringify(theirs) && current.responses.length === change.voters.length) {
    await offlineDb.outbox.delete(seq);
  } else {
    const versions = new Map(current.responses.map((response) => [response.voter_id, response.version]));
    const voters = change.voters.map((voter) => ({ id: voter.id, version: versions.get(voter.id) ?? null }));
    await offlineDb.outbox.put(await storedOf({ ...item, state: 'pending', key: newIdempotencyKey(), payload: { ...change, voters, answers } as unknown as Record<string, unknown>, current: undefined }));
  }
  offlineChanged();
}

// A change the server refused for good (its message shown): the user lets it go.
export async function dropOutboxItem(seq: number): Promise<void> {
  await offlineDb.outbox.delete(seq);
  offlineChanged();
}
