import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagDecisionResult } from '@shared/availability/flag-decision-schema';
import type { ReportedFlag, ReviewedFlag, VoterFlagKind, VoterFlagList } from '@shared/availability/availability-schema';
import { ROLES, type Role } from '@shared/auth/roles';
import type { VoterList } from '@shared/voters/voter-schema';
import { migrateTo, migrateToLatest, MIGRATIONS } from '../../src/db/migrate';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Voter availability (issue 61, docs/decisions/086-voter-availability.md): a worker reports a voter
// shifted, out of town, not found, deceased or a double entry from the card (also from the phone's
// outbox, once); the office, and a Supervisor within their booths, confirms or dismisses. Every
// route, each role allowed and refused, booth scope, bad input, stale versions, audit rows.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let karyakartaId: number;
let karyakartaOtherBooth: Headers;
let supervisorOtherBooth: Headers;

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin', { full_name: 'Office Admin' })).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
  const karyakarta = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'], full_name: 'Rahul Chavan' });
  as.Karyakarta = karyakarta.headers;
  karyakartaId = karyakarta.user.id;
  karyakartaOtherBooth = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-07'] })).headers;
  supervisorOtherBooth = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-07'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const FIELD_ROLES = ['Supervisor', 'Karyakarta'] as const satisfies readonly Role[];
const OFFICE_ROLES = ['Super Admin', 'Admin'] as const satisfies readonly Role[];
const DECIDERS = ['Super Admin', 'Admin', 'Supervisor'] as const satisfies readonly Role[];

const report = (headers: Headers, voterId: number, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/voters/${voterId}/flags`, headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });
const queue = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `/api/voter-flags?limit=100${query}`, headers });
const decide = (headers: Headers, flagId: number, decision: 'confirm' | 'dismiss', payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/voter-flags/${flagId}/${decision}`, headers, payload });
const storedVoter = (id: number) => t.ctx.db.selectFrom('voters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const flagsOf = (voterId: number) => t.ctx.db.selectFrom('voter_flags').selectAll().where('voter_id', '=', voterId).orderBy('id').execute();
const auditRows = (action: string, voterId: number) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(voterId)).orderBy('id').execute();
const detailsOf = (row: { details: string | null } | undefined) => JSON.parse(row?.details ?? '{}') as Record<string, unknown>;

// A voter of Booth-01 reported by the Karyakarta (or of another booth, by an Admin).
async function reported(kind: VoterFlagKind, options: { booth?: string; reason?: string; other_voter_id?: number } = {}) {
  const booth = options.booth ?? 'Booth-01';
  const voter = await seedVoter(t.ctx, { booth });
  const response = await report(booth === 'Booth-01' ? as.Karyakarta : as.Admin, voter.id, { kind, reason: options.reason ?? 'Neighbours say so', ...(options.other_voter_id ? { other_voter_id: options.other_voter_id } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return { voter, flag: response.json<ReportedFlag>().flag };
}

describe('POST /api/voters/:id/flags', () => {
  it.each(ROLES)('should raise a pending report with its reason, leave the voter as is and write one REPORT_VOTER_FLAG row when %s reports a voter of their booths', async (role) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Sunita Kale' });
    const response = await report(as[role], voter.id, { kind: 'out_of_town', reason: '  Works in Pune since Diwali ' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<ReportedFlag>();
    expect(body).toMatchObject({ joined: false, flag: { voter_id: voter.id, kind: 'out_of_town', status: 'pending', reason: 'Works in Pune since Diwali', contact_id: null, other_voter_id: null, version: 1 } });
    expect(await storedVoter(voter.id)).toMatchObject({ present_in_city: 1, is_dead: 0, is_missing: 0, version: voter.version });
    const audits = await auditRows('REPORT_VOTER_FLAG', voter.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ table_name: 'voters', record_name: `Sunita Kale (${voter.voter_id})` });
    // The reason stays on the report, out of the audit row.
    expect(detailsOf(audits[0])).toEqual({ flag_id: body.flag.id, kind: 'out_of_town', joined: false });
  });

  it('should name the worker on the report when a Karyakarta reports', async () => {
    const { flag } = await reported('not_found');
    expect(flag).toMatchObject({ raised_by: karyakartaId, raised_by_name: 'Rahul Chavan' });
  });

  it('should join the waiting report, fill in its missing reason and raise its version when a second worker reports the same kind', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    // A contact's "deceased" outcome raises a report without a reason.
    expect((await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/contacts`, headers: as.Karyakarta, payload: { channel: 'visit', outcome: 'deceased' } })).statusCode).toBe(201);
    const response = await report(as.Supervisor, voter.id, { kind: 'deceased', reason: 'Funeral on Sunday' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ReportedFlag>()).toMatchObject({ joined: true, flag: { kind: 'deceased', reason: 'Funeral on Sunday', version: 2 } });
    // A third joins too and keeps the first reason given.
    const third = (await report(as.Admin, voter.id, { kind: 'deceased', reason: 'Seen the certificate' })).json<ReportedFlag>();
    expect(third).toMatchObject({ joined: true, flag: { reason: 'Funeral on Sunday', version: 2 } });
    expect(await flagsOf(voter.id)).toHaveLength(1);
    expect((await auditRows('REPORT_VOTER_FLAG', voter.id)).map((row) => detailsOf(row).joined)).toEqual([true, true]);
  });

  it('should keep a report of another kind apart when the voter has one waiting', async () => {
    const { voter } = await reported('out_of_town');
    expect((await report(as.Karyakarta, voter.id, { kind: 'not_found', reason: 'House locked' })).json<ReportedFlag>().joined).toBe(false);
    expect((await flagsOf(voter.id)).map((flag) => flag.kind)).toEqual(['out_of_town', 'not_found']);
  });

  it('should save the report once when the phone sends it again from its outbox with the same key', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const payload = { kind: 'moved_away', reason: 'Family moved to Nagpur' };
    const first = await report(as.Karyakarta, voter.id, payload, 'outbox-flag-0001');
    const again = await report(as.Karyakarta, voter.id, payload, 'outbox-flag-0001');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await flagsOf(voter.id)).toHaveLength(1);
    expect(await auditRows('REPORT_VOTER_FLAG', voter.id)).toHaveLength(1);
    // The same key for another change is refused and changes nothing.
    const other = await report(as.Karyakarta, voter.id, { kind: 'not_found', reason: 'x' }, 'outbox-flag-0001');
    expect(other.statusCode).toBe(422);
    expect(await flagsOf(voter.id)).toHaveLength(1);
  });

  it.each(FIELD_ROLES)('should answer 404 and store nothing when a %s reports a voter outside their booths', async (role) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-09' });
    const response = await report(as[role], voter.id, { kind: 'deceased', reason: 'Heard so' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Voter not found' });
    expect(await flagsOf(voter.id)).toEqual([]);
    expect(await auditRows('REPORT_VOTER_FLAG', voter.id)).toEqual([]);
  });

  it('should answer 404 when a Karyakarta of another booth reports a Booth-01 voter', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await report(karyakartaOtherBooth, voter.id, { kind: 'deceased', reason: 'Heard so' })).statusCode).toBe(404);
    expect(await flagsOf(voter.id)).toEqual([]);
  });

  it('should answer 404 when the voter is deleted, marked a duplicate or does not exist', async () => {
    const deleted = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${deleted.id}`, headers: as.Admin })).statusCode).toBe(200);
    const kept = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const marked = await seedVoter(t.ctx, { booth: 'Booth-01' });
    await t.ctx.db.updateTable('voters').set({ duplicate_of: kept.id }).where('id', '=', marked.id).execute();
    for (const id of [deleted.id, marked.id, 999_999_999]) expect((await report(as.Admin, id, { kind: 'deceased', reason: 'x' })).statusCode).toBe(404);
    expect(await flagsOf(deleted.id)).toEqual([]);
    expect(await flagsOf(marked.id)).toEqual([]);
  });

  it.each([
    ['kind', {}],
    ['kind', { kind: 'emigrated', reason: 'x' }],
    ['reason', { kind: 'deceased' }],
    ['reason', { kind: 'deceased', reason: '   ' }],
    ['reason', { kind: 'deceased', reason: 'x'.repeat(501) }],
    ['reason', { kind: 'deceased', reason: 7 }],
    ['other_voter_id', { kind: 'deceased', reason: 'x', other_voter_id: 5 }],
    ['other_voter_id', { kind: 'double_entry', reason: 'x', other_voter_id: 'the other one' }],
    ['other_voter_id', { kind: 'double_entry', reason: 'x', other_voter_id: 999_999_999 }],
  ])('should answer 400 naming %s and store nothing when the body is %j', async (field, payload) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const response = await report(as.Karyakarta, voter.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toContain(field);
    expect(await flagsOf(voter.id)).toEqual([]);
    expect(await auditRows('REPORT_VOTER_FLAG', voter.id)).toEqual([]);
  });

  it('should answer 400 when the other entry is the voter itself or outside the worker\'s booths', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const elsewhere = await seedVoter(t.ctx, { booth: 'Booth-09' });
    const own = await report(as.Karyakarta, voter.id, { kind: 'double_entry', reason: 'x', other_voter_id: voter.id });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'A voter cannot be their own double entry', fields: { other_voter_id: 'A voter cannot be their own double entry' } });
    const outside = await report(as.Karyakarta, voter.id, { kind: 'double_entry', reason: 'x', other_voter_id: elsewhere.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ message: 'Choose the other entry of this voter', fields: { other_voter_id: 'Choose the other entry of this voter' } });
    expect(await flagsOf(voter.id)).toEqual([]);
  });

  it('should answer 400 when the voter already is what the report says, and take a report that changes which away it is', async () => {
    const dead = await seedVoter(t.ctx, { booth: 'Booth-01', is_dead: true });
    const missing = await seedVoter(t.ctx, { booth: 'Booth-01', is_missing: true });
    const shifted = await seedVoter(t.ctx, { booth: 'Booth-01', present_in_city: false });
    const refused = await report(as.Karyakarta, dead.id, { kind: 'deceased', reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'This voter is already marked so: there is nothing to report', fields: { kind: 'This voter is already marked so: there is nothing to report' } });
    expect((await report(as.Karyakarta, missing.id, { kind: 'not_found', reason: 'x' })).statusCode).toBe(400);
    // Present in City unticked on the form reads as shifted: a move is nothing new, out of town is.
    expect((await report(as.Karyakarta, shifted.id, { kind: 'moved_away', reason: 'x' })).statusCode).toBe(400);
    expect((await report(as.Karyakarta, shifted.id, { kind: 'out_of_town', reason: 'Back for Diwali' })).statusCode).toBe(201);
  });

  it('should answer 401 when signed out', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    expect((await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/flags`, payload: { kind: 'deceased', reason: 'x' } })).statusCode).toBe(401);
  });
});

describe('GET /api/voter-flags', () => {
  it.each(OFFICE_ROLES)('should list pending reports oldest first with their voter and reason when %s opens the queue', async (role) => {
    const first = await reported('deceased', { reason: 'Funeral last week' });
    const second = await reported('out_of_town', { booth: 'Booth-09', reason: 'In Pune for work' });
    const response = await queue(as[role]);
    expect(response.statusCode).toBe(200);
    const list = response.json<VoterFlagList>();
    const ids = list.flags.map((flag) => flag.id);
    expect(ids.indexOf(first.flag.id)).toBeLessThan(ids.indexOf(second.flag.id));
    expect(list.flags.find((flag) => flag.id === second.flag.id)).toMatchObject({
      kind: 'out_of_town',
      status: 'pending',
      reason: 'In Pune for work',
      version: 1,
      voter: { id: second.voter.id, full_name: second.voter.full_name, voter_id: second.voter.voter_id, booth: 'Booth-09', present_in_city: true, is_dead: false, is_missing: false, listed: true, version: second.voter.version },
      other_voter: null,
    });
    expect(list.flags.every((flag) => flag.status === 'pending')).toBe(true);
  });

  it('should filter by kind and by booth, and show the other entry of a double entry', async () => {
    const kept = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Kept Entry' });
    const double = await reported('double_entry', { other_voter_id: kept.id });
    const other = await reported('not_found');
    const doubles = (await queue(as.Admin, '&kind=double_entry')).json<VoterFlagList>();
    expect(doubles.flags.every((flag) => flag.kind === 'double_entry')).toBe(true);
    expect(doubles.flags.find((flag) => flag.id === double.flag.id)?.other_voter).toMatchObject({ id: kept.id, full_name: 'Kept Entry', booth: 'Booth-01', listed: true });
    expect(doubles.flags.map((flag) => flag.id)).not.toContain(other.flag.id);
    const booth09 = (await queue(as.Admin, '&booth=Booth-09')).json<VoterFlagList>();
    expect(booth09.flags.every((flag) => flag.voter.booth === 'Booth-09')).toBe(true);
    expect(booth09.flags.map((flag) => flag.id)).not.toContain(double.flag.id);
  });

  it("should give a Supervisor only their booths' reports and 403 for another booth", async () => {
    const mine = await reported('not_found');
    const theirs = await reported('not_found', { booth: 'Booth-09' });
    const response = await queue(as.Supervisor);
    expect(response.statusCode).toBe(200);
    const ids = response.json<VoterFlagList>().flags.map((flag) => flag.id);
    expect(ids).toContain(mine.flag.id);
    expect(ids).not.toContain(theirs.flag.id);
    expect(response.json<VoterFlagList>().flags.every((flag) => flag.voter.booth === 'Booth-01' || flag.voter.booth === 'Booth-02')).toBe(true);
    const refused = await queue(as.Supervisor, '&booth=Booth-09');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'You do not have access to Booth-09' });
    expect((await queue(supervisorOtherBooth)).json<VoterFlagList>().flags.map((flag) => flag.id)).not.toContain(mine.flag.id);
  });

  it('should answer 403 when a Karyakarta asks for the queue', async () => {
    expect((await queue(as.Karyakarta)).statusCode).toBe(403);
  });

  it('should leave out the reports of deleted voters', async () => {
    const { voter, flag } = await reported('deceased');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: as.Admin })).statusCode).toBe(200);
    expect((await queue(as.Admin)).json<VoterFlagList>().flags.map((item) => item.id)).not.toContain(flag.id);
  });

  it.each(['&status=lost', '&kind=emigrated', '&booth=Booth-999', '&page=0', '&limit=101'])('should answer 400 when the query has %s', async (query) => {
    expect((await queue(as.Admin, query)).statusCode).toBe(400);
  });
});

describe('POST /api/voter-flags/:id/confirm', () => {
  it.each(DECIDERS)('should mark the voter deceased, raise the version and audit it when %s confirms a death in their booths', async (role) => {
    const { voter, flag } = await reported('deceased');
    const response = await decide(as[role], flag.id, 'confirm', { note: 'Certificate seen', version: flag.version, voter_version: voter.version });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<FlagDecisionResult>();
    expect(body.flag).toMatchObject({ id: flag.id, status: 'confirmed', resolution_note: 'Certificate seen', version: flag.version + 1, voter: { is_dead: true } });
    expect(body.voter).toMatchObject({ id: voter.id, is_dead: true, present_in_city: true, version: voter.version + 1 });
    expect(await storedVoter(voter.id)).toMatchObject({ is_dead: 1, version: voter.version + 1 });
    const audits = await auditRows('CONFIRM_VOTER_FLAG', voter.id);
    expect(audits).toHaveLength(1);
    expect(detailsOf(audits[0])).toEqual({ flag_id: flag.id, kind: 'deceased', fields: ['is_dead'], version: voter.version + 1 });
    const confirmed = (await queue(as[role], '&status=confirmed')).json<VoterFlagList>();
    expect(confirmed.flags.map((item) => item.id)).toContain(flag.id);
  });

  it.each([
    ['moved_away', { present_in_city: 0, is_dead: 0, is_missing: 0 }, ['present_in_city']],
    ['out_of_town', { present_in_city: 0, is_dead: 0, is_missing: 0 }, ['present_in_city']],
    ['not_found', { present_in_city: 1, is_dead: 0, is_missing: 1 }, ['is_missing']],
  ] as const)('should set the stored truth of %s when it is confirmed', async (kind, stored, fields) => {
    const { voter, flag } = await reported(kind);
    const response = await decide(as.Admin, flag.id, 'confirm', { version: flag.version, voter_version: voter.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedVoter(voter.id)).toMatchObject({ ...stored, version: voter.version + 1 });
    expect(detailsOf((await auditRows('CONFIRM_VOTER_FLAG', voter.id))[0])).toMatchObject({ kind, fields });
  });

  it('should make an edit opened before the confirm meet a 409, and the voter list find the voter shifted', async () => {
    const { voter, flag } = await reported('moved_away');
    expect((await decide(as.Admin, flag.id, 'confirm')).statusCode).toBe(200);
    const staleEdit = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: as.Karyakarta, payload: { comment: 'Still here', present_in_city: true, version: voter.version } });
    expect(staleEdit.statusCode).toBe(409);
    expect((await storedVoter(voter.id)).present_in_city).toBe(0);
    const filtered = (await t.app.inject({ method: 'GET', url: '/api/voters?voter_status=shifted&limit=100', headers: as.Admin })).json<VoterList>();
    expect(filtered.voters.map((row) => row.id)).toContain(voter.id);
  });

  it('should answer 409 with the report as it is now and change nothing when the report changed since it was shown', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    // The office opened the report a contact raised (version 1); a worker's report then joined it
    // with a reason (version 2).
    const contact = await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/contacts`, headers: as.Karyakarta, payload: { channel: 'visit', outcome: 'deceased' } });
    const shown = contact.json<{ flag: { id: number; version: number } }>().flag;
    expect(shown.version).toBe(1);
    expect((await report(as.Supervisor, voter.id, { kind: 'deceased', reason: 'Funeral on Sunday' })).json<ReportedFlag>().flag.version).toBe(2);
    const response = await decide(as.Admin, shown.id, 'confirm', { version: shown.version, voter_version: voter.version });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string; current: ReviewedFlag }>()).toMatchObject({
      message: 'Someone else changed this report after you opened it',
      current: { id: shown.id, status: 'pending', version: 2, reason: 'Funeral on Sunday', voter: { id: voter.id } },
    });
    expect(await storedVoter(voter.id)).toMatchObject({ is_dead: 0, version: voter.version });
    expect(await auditRows('CONFIRM_VOTER_FLAG', voter.id)).toEqual([]);
    expect((await flagsOf(voter.id))[0]?.status).toBe('pending');
  });

  it('should answer 409 with the report and its voter as they are now when the voter changed since it was shown', async () => {
    const { voter, flag } = await reported('out_of_town');
    const edit = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: as.Admin, payload: { comment: 'Called: back next month', version: voter.version } });
    expect(edit.statusCode, edit.body).toBe(200);
    const response = await decide(as.Admin, flag.id, 'confirm', { version: flag.version, voter_version: voter.version });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string; current: ReviewedFlag }>()).toMatchObject({ message: 'Someone else changed this voter after you opened it', current: { id: flag.id, status: 'pending', voter: { version: voter.version + 1 } } });
    expect(await storedVoter(voter.id)).toMatchObject({ present_in_city: 1, version: voter.version + 1 });
    expect((await flagsOf(voter.id))[0]?.status).toBe('pending');
  });

  it('should answer 409 the second time, decide once when two confirm together, and 404 for an unknown report', async () => {
    const { voter, flag } = await reported('deceased');
    const answers = await Promise.all([decide(as.Admin, flag.id, 'confirm'), decide(as['Super Admin'], flag.id, 'confirm')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const again = await decide(as['Super Admin'], flag.id, 'confirm');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This flag was already confirmed', current: { id: flag.id, status: 'confirmed' } });
    expect((await decide(as.Admin, flag.id, 'dismiss')).statusCode).toBe(409);
    expect(await storedVoter(voter.id)).toMatchObject({ is_dead: 1, version: voter.version + 1 });
    expect(await auditRows('CONFIRM_VOTER_FLAG', voter.id)).toHaveLength(1);
    expect((await decide(as.Admin, 999_999_999, 'confirm')).statusCode).toBe(404);
  });

  it('should answer 403 when a Karyakarta confirms and 404 when a Supervisor confirms outside their booths, changing nothing', async () => {
    const { voter, flag } = await reported('deceased');
    expect((await decide(as.Karyakarta, flag.id, 'confirm')).statusCode).toBe(403);
    const outside = await decide(supervisorOtherBooth, flag.id, 'confirm');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Flag not found' });
    expect(await storedVoter(voter.id)).toMatchObject({ is_dead: 0, version: voter.version });
    expect((await flagsOf(voter.id))[0]?.status).toBe('pending');
  });

  it.each([
    ['note', { note: ['x'] }],
    ['note', { note: 'x'.repeat(501) }],
    ['version', { version: 'new' }],
    ['voter_version', { voter_version: 0 }],
    ['other_voter_id', { other_voter_id: 'x' }],
  ])('should answer 400 naming %s and change nothing when the body is %j', async (field, payload) => {
    const { voter, flag } = await reported('deceased');
    const response = await decide(as.Admin, flag.id, 'confirm', payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toContain(field);
    expect(await storedVoter(voter.id)).toMatchObject({ is_dead: 0, version: voter.version });
  });

  describe('a double entry', () => {
    it('should make the voter the duplicate of the other entry through the duplicates, with both audit rows', async () => {
      const kept = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Ganesh Patil' });
      const { voter, flag } = await reported('double_entry', { other_voter_id: kept.id, reason: 'Same man, serial 14' });
      const response = await decide(as.Supervisor, flag.id, 'confirm', { version: flag.version, voter_version: voter.version });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<FlagDecisionResult>().flag).toMatchObject({ status: 'confirmed', other_voter_id: kept.id, voter: { listed: false } });
      expect(await storedVoter(voter.id)).toMatchObject({ duplicate_of: kept.id, version: voter.version + 1 });
      const pair = await t.ctx.db.selectFrom('duplicate_pairs').selectAll().where('voter_a', '=', Math.min(voter.id, kept.id)).where('voter_b', '=', Math.max(voter.id, kept.id)).executeTakeFirstOrThrow();
      expect(pair).toMatchObject({ status: 'duplicate', duplicate_voter_id: voter.id });
      expect(detailsOf((await auditRows('MARK_DUPLICATE', voter.id))[0])).toMatchObject({ pair_id: pair.id, duplicate_of: kept.id, flag_id: flag.id });
      expect(detailsOf((await auditRows('CONFIRM_VOTER_FLAG', voter.id))[0])).toMatchObject({ kind: 'double_entry', fields: ['duplicate_of'], other_voter_id: kept.id });
      // The voter leaves the list; the kept entry stays.
      const listed = (await t.app.inject({ method: 'GET', url: '/api/voters?booth=Booth-01&limit=100', headers: as.Admin })).json<VoterList>();
      expect(listed.voters.map((row) => row.id)).not.toContain(voter.id);
      // The duplicates' review shows the pair as marked, and can undo it.
      const reopened = await t.app.inject({ method: 'POST', url: `/api/duplicates/${pair.id}/reopen`, headers: as.Admin, payload: {} });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect((await storedVoter(voter.id)).duplicate_of).toBeNull();
    });

    it('should answer 400 without the other entry and take the one the decider names', async () => {
      const kept = await seedVoter(t.ctx, { booth: 'Booth-01' });
      const { voter, flag } = await reported('double_entry');
      const refused = await decide(as.Admin, flag.id, 'confirm');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Choose the other entry of this voter', fields: { other_voter_id: 'Choose the other entry of this voter' } });
      expect((await flagsOf(voter.id))[0]?.status).toBe('pending');
      const response = await decide(as.Admin, flag.id, 'confirm', { other_voter_id: kept.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await storedVoter(voter.id)).toMatchObject({ duplicate_of: kept.id });
      expect((await flagsOf(voter.id))[0]).toMatchObject({ status: 'confirmed', other_voter_id: kept.id });
    });

    it('should overrule a pair dismissed before and refuse an other entry outside a Supervisor\'s booths', async () => {
      const kept = await seedVoter(t.ctx, { booth: 'Booth-09' });
      const { voter, flag } = await reported('double_entry');
      const outside = await decide(as.Supervisor, flag.id, 'confirm', { other_voter_id: kept.id });
      expect(outside.statusCode).toBe(400);
      expect(await storedVoter(voter.id)).toMatchObject({ duplicate_of: null });
      const [a, b] = voter.id < kept.id ? [voter.id, kept.id] : [kept.id, voter.id];
      await t.ctx.db.insertInto('duplicate_pairs').values({ voter_a: a, voter_b: b, status: 'dismissed', found_at: new Date().toISOString() }).execute();
      expect((await decide(as.Admin, flag.id, 'confirm', { other_voter_id: kept.id })).statusCode).toBe(200);
      expect(await t.ctx.db.selectFrom('duplicate_pairs').select(['status', 'duplicate_voter_id']).where('voter_a', '=', a).where('voter_b', '=', b).executeTakeFirstOrThrow()).toEqual({ status: 'duplicate', duplicate_voter_id: voter.id });
    });

    it('should answer 400 when the other entry left the list since the report', async () => {
      const kept = await seedVoter(t.ctx, { booth: 'Booth-01' });
      const { voter, flag } = await reported('double_entry', { other_voter_id: kept.id });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${kept.id}`, headers: as.Admin })).statusCode).toBe(200);
      expect((await decide(as.Admin, flag.id, 'confirm')).statusCode).toBe(400);
      expect(await storedVoter(voter.id)).toMatchObject({ duplicate_of: null, version: voter.version });
    });
  });
});

describe('POST /api/voter-flags/:id/dismiss', () => {
  it.each(DECIDERS)('should leave the voter exactly as they were and audit it when %s dismisses a report', async (role) => {
    const { voter, flag } = await reported('deceased');
    const before = await storedVoter(voter.id);
    const response = await decide(as[role], flag.id, 'dismiss', { note: 'Met him today', version: flag.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FlagDecisionResult>().flag).toMatchObject({ status: 'dismissed', resolution_note: 'Met him today', resolved_by_name: expect.any(String) });
    expect(await storedVoter(voter.id)).toEqual(before);
    expect(detailsOf((await auditRows('DISMISS_VOTER_FLAG', voter.id))[0])).toEqual({ flag_id: flag.id, kind: 'deceased' });
    // Dismissed, the next report raises a new one.
    const next = (await report(as.Karyakarta, voter.id, { kind: 'deceased', reason: 'Again' })).json<ReportedFlag>();
    expect(next).toMatchObject({ joined: false });
    expect(next.flag.id).not.toBe(flag.id);
  });

  it('should answer 409 with the report when its version is stale', async () => {
    const { voter, flag } = await reported('not_found');
    await t.ctx.db.updateTable('voter_flags').set({ version: 3 }).where('id', '=', flag.id).execute();
    const response = await decide(as.Admin, flag.id, 'dismiss', { version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ current: { id: flag.id, version: 3, status: 'pending' } });
    expect(await auditRows('DISMISS_VOTER_FLAG', voter.id)).toEqual([]);
  });

  it('should answer 403 when a Karyakarta dismisses and 404 outside a Supervisor\'s booths', async () => {
    const { voter, flag } = await reported('moved_away');
    expect((await decide(as.Karyakarta, flag.id, 'dismiss')).statusCode).toBe(403);
    expect((await decide(supervisorOtherBooth, flag.id, 'dismiss')).statusCode).toBe(404);
    expect((await flagsOf(voter.id))[0]?.status).toBe('pending');
  });
});

describe('migration 063', () => {
  it('should step down dropping the new kinds and up again keeping the older reports', async () => {
    const names = Object.keys(MIGRATIONS).sort();
    const mine = names.indexOf('2026-12-08-063-voter-availability');
    const older = await reported('deceased');
    const newer = await reported('out_of_town');
    await migrateTo(t.ctx.db, names[mine - 1]!);
    try {
      const left = await t.ctx.db.selectFrom('voter_flags').select(['id', 'kind']).where('id', 'in', [older.flag.id, newer.flag.id]).execute();
      expect(left).toEqual([{ id: older.flag.id, kind: 'deceased' }]);
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    expect(await t.ctx.db.selectFrom('voter_flags').select(['kind', 'version', 'reason']).where('id', '=', older.flag.id).executeTakeFirstOrThrow()).toEqual({ kind: 'deceased', version: 1, reason: null });
  });
});
