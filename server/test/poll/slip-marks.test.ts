import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@shared/auth/roles';
import type { MarkResult } from '@shared/poll/poll-schema';
import type { SlipShare } from '@shared/slips/slip-schema';
import { readSlipToken, slipTokenBody, writeSlipToken } from '@shared/slips/slip-token';
import type { VoterRow } from '../../src/db/schema';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { signSlipToken, slipTokenKey } from '../../src/features/slips/slip-tokens';
import { setUserLanguage } from '../../src/features/users/users-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Poll day by a slip's QR code (issue 61, decision 085): the token a phone read off a slip marks
// its voter like a serial would (once, audited, Idempotency-Key replays); a code not signed here,
// a revoked slip's and a voter of another booth's are refused with their reason.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let outsider: Headers;
const ELECTION = '2029-10-20';
const BOOTH = { id: 31, label: 'Booth-31' };
const OTHER = { id: 32, label: 'Booth-32' };
const voters: VoterRow[] = [];
let otherBoothVoter: VoterRow;

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: [BOOTH.label] })).headers;
  as.Karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] })).headers;
  outsider = (await signInAs(t, 'Karyakarta', { booth_access: [OTHER.label] })).headers;
  await writeSettings(t.ctx.db, { poll_date: ELECTION, poll_booths: `${BOOTH.label},${OTHER.label}` });
  for (let serial = 1; serial <= 30; serial += 1) voters.push(await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, full_name: `Slip Voter ${serial}`, gender: 'Female' }));
  otherBoothVoter = await seedVoter(t.ctx, { booth: OTHER.label, part_serial: 1, full_name: 'Other Booth Voter' });
});
afterAll(async () => {
  await t.close();
});

const voterAt = (serial: number) => voters[serial - 1]!;
// The code as the server prints it: the slip's share data (the same toSlip the PDF uses).
async function printedCode(voterId: number): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/api/slips/voters/${voterId}/share`, headers: as.Admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SlipShare>().slips[0]!.qr;
}
const scan = (headers: Headers | Record<string, never>, token: unknown, options: { booth?: number; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/poll/booths/${options.booth ?? BOOTH.id}/slip-marks`,
    headers: options.key ? { ...headers, 'idempotency-key': options.key } : headers,
    payload: { token },
  });
const marksOf = (voterId: number) => t.ctx.db.selectFrom('poll_marks').selectAll().where('election', '=', ELECTION).where('voter_id', '=', voterId).execute();
const auditRows = (action: string) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
async function countedTurnout(): Promise<number> {
  const rows = await t.ctx.db.selectFrom('poll_turnout').select('marks').where('election', '=', ELECTION).execute();
  return rows.reduce((sum, row) => sum + row.marks, 0);
}
const revoke = (voterId: number, generation: number) => t.app.inject({ method: 'POST', url: `/api/slips/voters/${voterId}/code/revoke`, headers: as.Admin, payload: { generation } });

describe('POST /api/poll/booths/:id/slip-marks', () => {
  it.each(ROLES.map((role, index) => [role, index] as const))('should mark the slip\'s voter and write a MARK_VOTED row saying so when %s scans it in their booth', async (role, index) => {
    const voter = voterAt(index + 1);
    const code = await printedCode(voter.id);
    const counted = await countedTurnout();
    const response = await scan(as[role], code);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MarkResult>();
    expect(body).toMatchObject({ election: ELECTION, booth: BOOTH.label, unknown: [], replayed: false });
    expect(body.voters).toEqual([expect.objectContaining({ voter_id: voter.id, part_serial: index + 1, full_name: `Slip Voter ${index + 1}`, changed: true, marked_at: expect.any(String) })]);
    expect(await marksOf(voter.id)).toEqual([expect.objectContaining({ booth: BOOTH.label, part_serial: index + 1, marked_at: body.voters[0]!.marked_at })]);
    expect(await countedTurnout()).toBe(counted + 1);
    const audit = (await auditRows('MARK_VOTED')).at(-1);
    expect(audit).toMatchObject({ table_name: 'booths', record_id: String(BOOTH.id), record_name: BOOTH.label });
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ election: ELECTION, serials: [index + 1], voter_id: voter.id, changed: 1, unchanged: 0, via: { channel: 'slip' } });
  });

  it('should say the voter was already marked, and change nothing, when the same slip is scanned again', async () => {
    const voter = voterAt(10);
    const code = await printedCode(voter.id);
    const first = await scan(as.Karyakarta, code);
    const counted = await countedTurnout();
    const again = await scan(as.Supervisor, code);

    expect(again.statusCode).toBe(200);
    expect(again.json<MarkResult>().voters).toEqual([expect.objectContaining({ voter_id: voter.id, changed: false, marked_at: first.json<MarkResult>().voters[0]!.marked_at })]);
    expect(await marksOf(voter.id)).toHaveLength(1);
    expect(await countedTurnout()).toBe(counted);
  });

  it('should say the voter was already marked when they were marked by serial first', async () => {
    const voter = voterAt(11);
    await t.app.inject({ method: 'POST', url: `/api/poll/booths/${BOOTH.id}/marks`, headers: as.Karyakarta, payload: { serials: [11] } });
    const response = await scan(as.Karyakarta, await printedCode(voter.id));
    expect(response.json<MarkResult>().voters).toEqual([expect.objectContaining({ voter_id: voter.id, changed: false, marked_at: expect.any(String) })]);
  });

  it('should mark once when a phone\'s outbox sends a queued scan again with its key, even after an undo', async () => {
    const voter = voterAt(12);
    const code = await printedCode(voter.id);
    const key = 'phone-slip-scan-0001';
    const first = await scan(as.Karyakarta, code, { key });
    expect(first.statusCode, first.body).toBe(200);
    const audits = (await auditRows('MARK_VOTED')).length;
    // The answer was lost; the outbox sends the same item again.
    const replay = await scan(as.Karyakarta, code, { key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<MarkResult>()).toEqual({ ...first.json<MarkResult>(), replayed: true });
    expect(await marksOf(voter.id)).toHaveLength(1);
    expect((await auditRows('MARK_VOTED')).length).toBe(audits);
    // Undone on purpose, then the old queued scan arrives once more: the undo stands.
    await t.app.inject({ method: 'POST', url: `/api/poll/booths/${BOOTH.id}/unmark`, headers: as.Karyakarta, payload: { serials: [12] } });
    expect((await scan(as.Karyakarta, code, { key })).json<MarkResult>().replayed).toBe(true);
    expect(await marksOf(voter.id)).toHaveLength(0);
  });

  it('should refuse with 422 a key sent again with another slip', async () => {
    const key = 'phone-slip-scan-0002';
    expect((await scan(as.Karyakarta, await printedCode(voterAt(13).id), { key })).statusCode).toBe(200);
    const reused = await scan(as.Karyakarta, await printedCode(voterAt(14).id), { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'This Idempotency-Key was already used for another change' });
    expect(await marksOf(voterAt(14).id)).toHaveLength(0);
  });

  it.each([
    ['text that is no slip code', 'ABC1234567'],
    ['an empty code', ''],
    ['a number', 12],
  ])('should refuse with 400 and mark nothing when the code is %s', async (_what, token) => {
    const response = await scan(as.Karyakarta, token);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('This QR code is not a valid voter slip');
  });

  it('should refuse with 400 and mark nothing when a genuine code was changed to name another voter', async () => {
    const genuine = readSlipToken(await printedCode(voterAt(15).id))!;
    const tampered = writeSlipToken(slipTokenBody(voterAt(16).id, 0), genuine.mac);
    const response = await scan(as.Karyakarta, tampered);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This QR code is not a valid voter slip', fields: { token: 'This QR code is not a valid voter slip' } });
    expect(await marksOf(voterAt(16).id)).toHaveLength(0);
    expect(await marksOf(voterAt(15).id)).toHaveLength(0);
  });

  it('should refuse with 400 a code signed under another secret (another office\'s slips)', async () => {
    const foreign = signSlipToken(slipTokenKey('another-office-secret-of-thirty-two-chars'), voterAt(17).id, 0);
    expect((await scan(as.Admin, foreign)).statusCode).toBe(400);
    expect(await marksOf(voterAt(17).id)).toHaveLength(0);
  });

  it('should refuse a revoked slip with 410 and its reason, and mark by the reprinted one', async () => {
    const voter = voterAt(18);
    const old = await printedCode(voter.id);
    expect((await revoke(voter.id, 0)).statusCode).toBe(200);
    const refused = await scan(as.Karyakarta, old);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ message: 'This slip was replaced by a newer one and no longer counts: mark the voter by serial number' });
    expect(await marksOf(voter.id)).toHaveLength(0);

    const reprinted = await printedCode(voter.id);
    expect(reprinted).not.toBe(old);
    expect(readSlipToken(reprinted)).toMatchObject({ voterId: voter.id, generation: 1 });
    expect((await scan(as.Karyakarta, reprinted)).json<MarkResult>().voters).toEqual([expect.objectContaining({ voter_id: voter.id, changed: true })]);
  });

  it('should refuse with 400 a code of a generation never printed', async () => {
    const ahead = signSlipToken(slipTokenKey(t.ctx.config.jwtSecret), voterAt(19).id, 5);
    expect((await scan(as.Admin, ahead)).statusCode).toBe(400);
  });

  it('should refuse with 422 a slip of a voter of another booth, for every role', async () => {
    const code = await printedCode(otherBoothVoter.id);
    for (const role of ROLES) {
      const response = await scan(as[role], code);
      expect(response.statusCode, role).toBe(422);
      expect(response.json()).toEqual({ message: `This slip is for a voter of ${OTHER.label}, not ${BOOTH.label}` });
    }
    expect(await marksOf(otherBoothVoter.id)).toHaveLength(0);
  });

  it('should word the refusal in the user\'s language', async () => {
    const marathi = await signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] });
    await setUserLanguage(t.ctx.db, marathi.user.id, 'mr');
    const response = await scan(marathi.headers, await printedCode(otherBoothVoter.id));
    expect(response.json()).toEqual({ message: `ही चिठ्ठी ${OTHER.label} मधील मतदाराची आहे, ${BOOTH.label} मधील नाही` });
  });

  it('should refuse a field role outside the booth of the address with 403', async () => {
    const response = await scan(outsider, await printedCode(voterAt(20).id));
    expect(response.statusCode).toBe(403);
    expect(await marksOf(voterAt(20).id)).toHaveLength(0);
  });

  it('should answer 404 for a deleted voter\'s slip and one marked as a duplicate entry', async () => {
    const gone = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 90 });
    const twin = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 91 });
    const codes = [await printedCode(gone.id), await printedCode(twin.id)];
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    await t.ctx.db.updateTable('voters').set({ duplicate_of: voterAt(1).id }).where('id', '=', twin.id).execute();
    for (const code of codes) {
      const response = await scan(as.Admin, code);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Voter not found' });
    }
  });

  it('should answer 409 for a booth not taking part and 401 signed out', async () => {
    const code = await printedCode(voterAt(21).id);
    const response = await scan(as.Admin, code, { booth: 33 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Booth-33 is not taking part in this election' });
    expect((await scan({}, code)).statusCode).toBe(401);
    expect(await marksOf(voterAt(21).id)).toHaveLength(0);
  });
});
