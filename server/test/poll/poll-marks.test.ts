import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@shared/auth/roles';
import type { MarkResult, RecentMarks, SerialLookup } from '@shared/poll/poll-schema';
import type { VoterRow } from '../../src/db/schema';
import { migrateTo, migrateToLatest, MIGRATIONS } from '../../src/db/migrate';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Poll day, marking who voted (issue 22, docs/poll-day.md): every role allowed and refused,
// bad input, idempotent marks, Idempotency-Key replays, undo, audit rows, and the turnout
// counts kept equal to the marks.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let outsider: Headers;
let karyakartaId: number;
const ELECTION = '2029-10-20';
// Booth-31 holds the voters of this file; Booth-32 is outside the field roles' booths.
const BOOTH = { id: 31, label: 'Booth-31' };
const OTHER = { id: 32, label: 'Booth-32' };
const voters: VoterRow[] = [];

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: [BOOTH.label] })).headers;
  const karyakarta = await signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] });
  as.Karyakarta = karyakarta.headers;
  karyakartaId = karyakarta.user.id;
  outsider = (await signInAs(t, 'Karyakarta', { booth_access: [OTHER.label] })).headers;
  await writeSettings(t.ctx.db, { poll_date: ELECTION, poll_booths: `${BOOTH.label},${OTHER.label}` });
  for (let serial = 1; serial <= 60; serial += 1) {
    voters.push(await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, full_name: `Voter ${serial}`, gender: serial % 2 === 0 ? 'Female' : 'Male' }));
  }
  await seedVoter(t.ctx, { booth: OTHER.label, part_serial: 1, gender: 'Male' });
});
afterAll(async () => {
  await t.close();
});

const mark = (headers: Headers, serials: unknown, options: { booth?: number; key?: string; undo?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/poll/booths/${options.booth ?? BOOTH.id}/${options.undo ? 'unmark' : 'marks'}`,
    headers: options.key ? { ...headers, 'idempotency-key': options.key } : headers,
    payload: { serials },
  });
const marksOf = (voterIds: number[]) => t.ctx.db.selectFrom('poll_marks').selectAll().where('voter_id', 'in', voterIds).execute();
const voterAt = (serial: number) => voters[serial - 1]!;
const auditRows = (action: string) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
async function countedTurnout(): Promise<number> {
  const rows = await t.ctx.db.selectFrom('poll_turnout').select('marks').where('election', '=', ELECTION).execute();
  return rows.reduce((sum, row) => sum + row.marks, 0);
}
async function markRows(): Promise<number> {
  return Number((await t.ctx.db.selectFrom('poll_marks').select((eb) => eb.fn.countAll<number | string>().as('count')).where('election', '=', ELECTION).executeTakeFirstOrThrow()).count);
}

describe('POST /api/poll/booths/:id/marks', () => {
  it.each(ROLES.map((role, index) => [role, index] as const))('should mark the voters, name them and write one MARK_VOTED row when %s marks in their booth', async (role, index) => {
    const serial = index + 1;
    const before = (await auditRows('MARK_VOTED')).length;
    const response = await mark(as[role], [serial]);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MarkResult>();
    expect(body).toMatchObject({ election: ELECTION, booth: BOOTH.label, unknown: [], replayed: false });
    expect(body.voters).toEqual([expect.objectContaining({ voter_id: voterAt(serial).id, part_serial: serial, full_name: `Voter ${serial}`, changed: true, marked_at: expect.any(String) })]);
    const [stored] = await marksOf([voterAt(serial).id]);
    expect(stored).toMatchObject({ election: ELECTION, booth: BOOTH.label, part_serial: serial, marked_at: body.voters[0]?.marked_at });
    const audits = await auditRows('MARK_VOTED');
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ table_name: 'booths', record_id: String(BOOTH.id), record_name: BOOTH.label });
    expect(JSON.parse(audits.at(-1)?.details ?? '{}')).toMatchObject({ election: ELECTION, serials: [serial], changed: 1, unchanged: 0, unknown: [] });
  });

  it('should mark a list and a range in one request and list the serials no voter carries', async () => {
    const response = await mark(as.Karyakarta, [10, 12, 18, 19, 20, 500]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MarkResult>();
    expect(body.voters.map((voter) => voter.part_serial)).toEqual([10, 12, 18, 19, 20]);
    expect(body.unknown).toEqual([500]);
    expect(await marksOf([10, 12, 18, 19, 20].map((serial) => voterAt(serial).id))).toHaveLength(5);
  });

  it('should change nothing and raise no error when a voter is marked twice', async () => {
    await mark(as.Admin, [25]);
    const rowsBefore = await markRows();
    const counted = await countedTurnout();
    const response = await mark(as.Karyakarta, [25]);

    expect(response.statusCode).toBe(200);
    expect(response.json<MarkResult>().voters).toEqual([expect.objectContaining({ part_serial: 25, changed: false, marked_at: expect.any(String) })]);
    expect(await marksOf([voterAt(25).id])).toHaveLength(1);
    expect(await markRows()).toBe(rowsBefore);
    expect(await countedTurnout()).toBe(counted);
  });

  it('should keep one mark and one count when the same voter is marked by two requests at once', async () => {
    const answers = await Promise.all([mark(as.Karyakarta, [26]), mark(as.Supervisor, [26]), mark(as.Admin, [26, 27])]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.flatMap((answer) => answer.json<MarkResult>().voters.filter((voter) => voter.part_serial === 26 && voter.changed))).toHaveLength(1);
    expect(await marksOf([voterAt(26).id])).toHaveLength(1);
    expect(await countedTurnout()).toBe(await markRows());
  });

  it('should give the first answer back and change nothing when the same Idempotency-Key comes again', async () => {
    const key = 'phone-outbox-0001';
    const first = await mark(as.Karyakarta, [30], { key });
    expect(first.statusCode).toBe(200);
    const audits = (await auditRows('MARK_VOTED')).length;
    // The runner undid the mark meanwhile; the outbox then sends the old mark again.
    expect((await mark(as.Karyakarta, [30], { undo: true })).statusCode).toBe(200);
    const again = await mark(as.Karyakarta, [30], { key });

    expect(again.statusCode).toBe(200);
    expect(again.json<MarkResult>()).toEqual({ ...first.json<MarkResult>(), replayed: true });
    expect(await marksOf([voterAt(30).id])).toHaveLength(0);
    expect((await auditRows('MARK_VOTED')).length).toBe(audits);
    expect(JSON.parse((await auditRows('MARK_VOTED')).at(-1)?.details ?? '{}')).toMatchObject({ idempotency_key: key });
  });

  it('should treat the same key from another user as a new request', async () => {
    const key = 'shared-key-0001';
    await mark(as.Karyakarta, [31], { key });
    const other = await mark(as.Supervisor, [32], { key });
    expect(other.json<MarkResult>()).toMatchObject({ replayed: false, voters: [expect.objectContaining({ part_serial: 32, changed: true })] });
  });

  it('should refuse with 422 and change nothing when a mark’s key is sent again for an undo', async () => {
    const key = 'phone-outbox-0002';
    expect((await mark(as.Karyakarta, [33], { key })).statusCode).toBe(200);
    const reused = await mark(as.Karyakarta, [33], { key, undo: true });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'This Idempotency-Key was already used for another change' });
    expect(await marksOf([voterAt(33).id])).toHaveLength(1);
  });

  // Issue 57: a key is bound to its body too, not only its URL.
  it('should refuse with 422 and mark nothing when a mark’s key is sent again with other serials', async () => {
    const key = 'phone-outbox-0005';
    expect((await mark(as.Karyakarta, [35], { key })).statusCode).toBe(200);
    const reused = await mark(as.Karyakarta, [36], { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'This Idempotency-Key was already used for another change' });
    expect(await marksOf([voterAt(36).id])).toHaveLength(0);
  });

  it('should keep the key with the other queued changes’ keys and mark again when it is more than a day old', async () => {
    const key = 'phone-outbox-0003';
    await mark(as.Karyakarta, [34], { key });
    const kept = await t.ctx.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(kept).toEqual([expect.objectContaining({ user_id: karyakartaId, request: `POST /api/poll/booths/${BOOTH.id}/marks`, status: 200 })]);
    await mark(as.Karyakarta, [34], { undo: true });
    await t.ctx.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() }).where('key', '=', key).execute();
    const again = await mark(as.Karyakarta, [34], { key });
    expect(again.json<MarkResult>()).toMatchObject({ replayed: false, voters: [expect.objectContaining({ part_serial: 34, changed: true })] });
    expect(await marksOf([voterAt(34).id])).toHaveLength(1);
  });

  it('should refuse a field role outside their booths with 403 and mark nothing', async () => {
    const response = await mark(outsider, [40]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: `You do not have access to ${BOOTH.label}` });
    expect(await marksOf([voterAt(40).id])).toHaveLength(0);
    expect((await mark(as.Supervisor, [1], { booth: OTHER.id })).statusCode).toBe(403);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/poll/booths/${BOOTH.id}/marks`, payload: { serials: [1] } })).statusCode).toBe(401);
  });

  it.each([
    [{ serials: [] }, 'Type serial numbers like 12, 15, 18-22'],
    [{ serials: ['x'] }, 'Type serial numbers like 12, 15, 18-22'],
    [{ serials: [0] }, 'Type serial numbers like 12, 15, 18-22'],
    [{ serials: Array.from({ length: 51 }, (_, index) => index + 1) }, 'At most 50 serial numbers at a time'],
    [{}, 'Type serial numbers like 12, 15, 18-22'],
  ])('should answer 400 with the message for the body %j', async (payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/poll/booths/${BOOTH.id}/marks`, headers: as.Admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('should answer 400 for a malformed Idempotency-Key and for a booth number past the last booth', async () => {
    const bad = await mark(as.Admin, [1], { key: 'x y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores');
    expect((await mark(as.Admin, [1], { booth: 999 })).statusCode).toBe(400);
  });

  it('should answer 409 for a booth not taking part in the election', async () => {
    const response = await mark(as.Admin, [1], { booth: 33 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Booth-33 is not taking part in this election' });
  });

  it('should not mark a deleted voter or one marked as a duplicate entry', async () => {
    const gone = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 90 });
    const twin = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 91 });
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    await t.ctx.db.updateTable('voters').set({ duplicate_of: voterAt(1).id }).where('id', '=', twin.id).execute();
    const response = await mark(as.Admin, [90, 91]);
    expect(response.json<MarkResult>()).toMatchObject({ voters: [], unknown: [90, 91] });
    expect(await marksOf([gone.id, twin.id])).toHaveLength(0);
  });
});

describe('POST /api/poll/booths/:id/unmark', () => {
  it.each(ROLES)('should remove the mark and its count and write one UNMARK_VOTED row when %s undoes it', async (role) => {
    const serial = 41 + ROLES.indexOf(role);
    await mark(as.Admin, [serial]);
    const counted = await countedTurnout();
    const response = await mark(as[role], [serial], { undo: true });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MarkResult>().voters).toEqual([expect.objectContaining({ part_serial: serial, changed: true, marked_at: null })]);
    expect(await marksOf([voterAt(serial).id])).toHaveLength(0);
    expect(await countedTurnout()).toBe(counted - 1);
    expect(JSON.parse((await auditRows('UNMARK_VOTED')).at(-1)?.details ?? '{}')).toMatchObject({ serials: [serial], changed: 1 });
  });

  it('should leave a voter who was not marked as they are', async () => {
    const response = await mark(as.Admin, [50], { undo: true });
    expect(response.json<MarkResult>().voters).toEqual([expect.objectContaining({ part_serial: 50, changed: false })]);
  });

  it('should refuse a field role outside their booths and a bad body', async () => {
    expect((await mark(outsider, [1], { undo: true })).statusCode).toBe(403);
    expect((await mark(as.Admin, 'abc', { undo: true })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/poll/booths/${BOOTH.id}/unmark`, payload: { serials: [1] } })).statusCode).toBe(401);
  });
});

describe('GET /api/poll/booths/:id/voters', () => {
  it.each(ROLES)('should name the voters behind typed serials, with who is marked, for %s', async (role) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/voters?serials=${encodeURIComponent('1, 55-56, 700')}`, headers: as[role] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SerialLookup>();
    expect(body.voters.map((voter) => [voter.part_serial, voter.full_name, voter.marked_at !== null])).toEqual([
      [1, 'Voter 1', true],
      [55, 'Voter 55', false],
      [56, 'Voter 56', false],
    ]);
    expect(body.unknown).toEqual([700]);
  });

  it('should answer 400 for text that is not serials, 403 outside the booths and 401 signed out', async () => {
    const bad = await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/voters?serials=abc`, headers: as.Admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Type serial numbers like 12, 15, 18-22');
    expect((await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/voters?serials=1`, headers: outsider })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/voters?serials=1` })).statusCode).toBe(401);
  });
});

describe('GET /api/poll/booths/:id/marks', () => {
  it.each(ROLES)('should list the booth’s latest marks newest first with its counts for %s', async (role) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/marks?limit=5`, headers: as[role] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RecentMarks>();
    expect(body.booth).toBe(BOOTH.label);
    expect(body.marks.length).toBeLessThanOrEqual(5);
    expect(body.marks.length).toBeGreaterThan(0);
    const times = body.marks.map((item) => item.marked_at ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    const inBooth = await t.ctx.db.selectFrom('poll_marks').select('voter_id').where('booth', '=', BOOTH.label).execute();
    expect(body.voted).toBe(inBooth.length);
    expect(body.voters).toBe(60);
  });

  it('should refuse outside the booths, a bad limit, and signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/marks`, headers: outsider })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/marks?limit=0`, headers: as.Admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/poll/booths/${BOOTH.id}/marks` })).statusCode).toBe(401);
  });
});

describe('migration 035, one store of Idempotency-Keys', () => {
  const MINE = '2026-11-24-035-one-idempotency-store';
  const keptIn035 = async (key: string) => (await sql<{ key: string }>`SELECT key FROM poll_requests WHERE key = ${key}`.execute(t.ctx.db)).rows;

  it('should replay a key poll_requests kept before the upgrade and give it back when stepped down', async () => {
    const names = Object.keys(MIGRATIONS).sort();
    const key = 'kept-before-035';
    const answer: MarkResult = { election: ELECTION, booth: BOOTH.label, voters: [], unknown: [59], replayed: false };
    await migrateTo(t.ctx.db, names[names.indexOf(MINE) - 1]!);
    try {
      await sql`INSERT INTO poll_requests (user_id, key, answer, created_at) VALUES (${karyakartaId}, ${key}, ${JSON.stringify(answer)}, ${new Date().toISOString()})`.execute(t.ctx.db);
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    // Kept without its URL: it replays for an undo as for a mark.
    const replay = await mark(as.Karyakarta, [59], { key, undo: true });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<MarkResult>()).toEqual({ ...answer, replayed: true });

    await migrateTo(t.ctx.db, names[names.indexOf(MINE) - 1]!);
    try {
      expect(await keptIn035(key)).toEqual([{ key }]);
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    expect(await t.ctx.db.selectFrom('idempotency_keys').select('request').where('key', '=', key).execute()).toEqual([{ request: 'POST /api/poll' }]);
  });
});

describe('when no poll date is set', () => {
  it('should refuse marks with 409 and say to set the poll date', async () => {
    await writeSettings(t.ctx.db, { poll_date: '' });
    try {
      const response = await mark(as.Admin, [1]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Set the poll date in Settings before poll day' });
    } finally {
      await writeSettings(t.ctx.db, { poll_date: ELECTION });
    }
  });
});

describe('turnout counts', () => {
  it('should equal the marks after every mark and undo of this file', async () => {
    expect(await countedTurnout()).toBe(await markRows());
    expect(await markRows()).toBeGreaterThan(5);
  });
});
