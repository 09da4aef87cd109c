import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportedFlag, VoterFlagKind } from '@shared/availability/availability-schema';
import type { Role } from '@shared/auth/roles';
import type { ChaseBooths, ChaseList } from '@shared/poll/poll-schema';
import type { SlipShare } from '@shared/slips/slip-schema';
import type { VoterRow } from '../../src/db/schema';
import { pdfPagesText } from '../../src/features/slips/pdf-reading';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Voter availability feeding poll day and the slips (issue 61, decision 086): once the office
// confirms a worker's report, the chase lists leave the deceased out and mark the shifted, the
// out of town and the not found; the slips print none for the deceased (and say how many were
// left out) and a note on an out-of-town voter's.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
const BOOTH = { id: 61, label: 'Booth-61' };
const ELECTION = '2029-10-20';
const OUT_OF_TOWN_NOTE = 'Out of town: remind them to come and vote';
const epicOf = (serial: number) => `AVL${String(serial).padStart(7, '0')}`;
// Serial → what the field found, each a supporter: 1 living, 2 deceased, 3 out of town, 4 shifted,
// 5 not found, 6 out of town reported but not confirmed yet, 7 deceased and already voted.
const voters = new Map<number, VoterRow>();

async function reportAndConfirm(serial: number, kind: VoterFlagKind, confirm = true) {
  const voter = voters.get(serial)!;
  const reported = await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/flags`, headers: as.Karyakarta, payload: { kind, reason: 'Seen at the house' } });
  if (reported.statusCode !== 201) throw new Error(reported.body);
  if (!confirm) return;
  const decided = await t.app.inject({ method: 'POST', url: `/api/voter-flags/${reported.json<ReportedFlag>().flag.id}/confirm`, headers: as.Admin, payload: {} });
  if (decided.statusCode !== 200) throw new Error(decided.body);
}

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: [BOOTH.label] })).headers;
  const karyakarta = await signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] });
  as.Karyakarta = karyakarta.headers;
  await writeSettings(t.ctx.db, { poll_date: ELECTION, poll_booths: BOOTH.label, poll_start: '07:00', poll_end: '18:00' });
  for (let serial = 1; serial <= 7; serial += 1) {
    const voter = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, voter_id: epicOf(serial), full_name: `Field Voter ${serial}`, house_no: '12', mobile_number: '9876543210' } as never);
    await t.ctx.db.updateTable('voters').set({ support_level: 'strong_supporter' }).where('id', '=', voter.id).execute();
    voters.set(serial, voter);
  }
  // Serial 7 voted before the death was reported (a mark stays a mark).
  const marked = await t.app.inject({ method: 'POST', url: `/api/poll/booths/${BOOTH.id}/marks`, headers: as.Admin, payload: { serials: [7] } });
  if (marked.statusCode !== 200) throw new Error(marked.body);
  await reportAndConfirm(2, 'deceased');
  await reportAndConfirm(3, 'out_of_town');
  await reportAndConfirm(4, 'moved_away');
  await reportAndConfirm(5, 'not_found');
  await reportAndConfirm(6, 'out_of_town', false);
  await reportAndConfirm(7, 'deceased');
  // The Karyakarta holds page 1 of the booth.
  await t.ctx.db.insertInto('page_assignments').values({ booth_id: BOOTH.id, page: 1, user_id: karyakarta.user.id, assigned_by: null, assigned_at: new Date().toISOString() }).execute();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const EXPECTED_CHASE = [
  [1, null],
  [3, 'out_of_town'],
  [4, 'moved_away'],
  [5, 'not_found'],
  [6, null],
];

describe('the chase lists', () => {
  it.each(['Admin', 'Supervisor'] as const)("should leave the deceased out of a booth's chase list and mark the rest when %s reads it", async (role) => {
    const response = await get(`/api/poll/chase/booths/${BOOTH.id}`, as[role]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ChaseList>();
    expect(body.voters.map((voter) => [voter.part_serial, voter.availability])).toEqual(EXPECTED_CHASE);
    // Living supporters: 1, 3, 4, 5, 6 (none voted); 2 and 7 deceased are not counted.
    expect(body.supporters).toBe(5);
  });

  it("should do the same on a Karyakarta's own chase list", async () => {
    const response = await get('/api/poll/chase/mine', as.Karyakarta);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ChaseList>();
    expect(body.voters.map((voter) => [voter.part_serial, voter.availability])).toEqual(EXPECTED_CHASE);
    expect(body.supporters).toBe(5);
  });

  it('should count only living supporters still out on the booths list', async () => {
    const body = (await get('/api/poll/chase/booths', as.Admin)).json<ChaseBooths>();
    expect(body.booths.find((booth) => booth.id === BOOTH.id)).toMatchObject({ supporters: 5, voted: 0, out: 5 });
  });
});

describe('the slips', () => {
  it("should print no slip for the deceased, say how many were left out and note the out-of-town voter's slip", async () => {
    const response = await get(`/api/slips/booths/${BOOTH.id}?lang=en`, as.Karyakarta);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-slip-count']).toBe('5');
    expect(response.headers['x-slips-left-out']).toBe('2');
    const text = (await pdfPagesText(response.rawPayload)).join(' ');
    for (const serial of [1, 3, 4, 5, 6]) expect(text).toContain(epicOf(serial));
    for (const serial of [2, 7]) expect(text).not.toContain(epicOf(serial));
    // Only the confirmed out-of-town voter's slip carries the note.
    expect(text.split(OUT_OF_TOWN_NOTE)).toHaveLength(2);
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'PRINT_SLIPS').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ count: 5, left_out_deceased: 2 });
  });

  it('should print the note in the slip language', async () => {
    const response = await get(`/api/slips/voters/${voters.get(3)!.id}?lang=mr`, as.Admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-slips-left-out']).toBe('0');
    expect((await pdfPagesText(response.rawPayload)).join(' ')).toContain('बाहेरगावी आहेत');
  });

  it("should answer 404 saying why when a deceased voter's own slip is asked for, and write no audit row", async () => {
    const before = await t.ctx.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<number>().as('count')).where('action', '=', 'PRINT_SLIPS').executeTakeFirstOrThrow();
    const response = await get(`/api/slips/voters/${voters.get(2)!.id}?lang=en`, as.Karyakarta);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No slip for a deceased voter (1 left out)' });
    const after = await t.ctx.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<number>().as('count')).where('action', '=', 'PRINT_SLIPS').executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
    expect((await get(`/api/slips/voters/${voters.get(2)!.id}/share`, as.Karyakarta)).statusCode).toBe(404);
  });

  it('should share the living voters of a search only, with the note flag on the out-of-town one', async () => {
    const response = await get(`/api/slips/search?booth=${BOOTH.label}&lang=en`, as.Admin);
    expect(response.headers['x-slip-count']).toBe('5');
    const share = await get(`/api/slips/voters/${voters.get(3)!.id}/share`, as.Karyakarta);
    expect(share.statusCode).toBe(200);
    expect(share.json<SlipShare>().slips[0]).toMatchObject({ epic: epicOf(3), out_of_town: true });
  });
});
