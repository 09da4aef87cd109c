import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuplicatePair, DuplicatePairList } from '@shared/duplicates/duplicate-schema';
import type { Household } from '@shared/households/household-schema';
import { voterPageAfter } from '../../src/features/voters/voters-repository';
import { expectKeptCountsToMatchVoters } from '../analytics/kept-counts';
import { scanAndWait, seedHousehold } from '../households/household-test-helpers';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let superAdmin: Headers;
let supervisorBoth: Headers;
let supervisorOne: Headers;
let karyakarta: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin', { full_name: 'Vikas Jadhav' })).headers;
  superAdmin = (await signInAs(t, 'Super Admin')).headers;
  supervisorBoth = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-03', 'Booth-09'] })).headers;
  supervisorOne = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-03'] })).headers;
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-03', 'Booth-09'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const post = (headers: Headers, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload });
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const pairsOf = async (headers: Headers, query = '') => (await get(headers, `/api/duplicates?limit=100${query}`)).json<DuplicatePairList>();
const pairOf = (pairs: DuplicatePairList, voterId: number) => pairs.pairs.find((pair) => pair.voters.some((voter) => voter.id === voterId));

// One person entered twice in two booths (age revised by a year, the long ī typed short once),
// and namesakes the scan must not pair. Each call takes its own father's name, so the entries of
// one call pair with nothing of another's.
const FATHERS = ['विठ्ठल', 'पांडुरंग', 'ज्ञानेश्वर'];
let rollCalls = 0;
async function seedRollEntries() {
  const father = FATHERS[rollCalls++]!;
  const first = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: `गणेश ${father} पाटील`, father_husband_name: `${father} पाटील`, age: 45, gender: 'Male', caste: 'Maratha' });
  const second = await seedVoter(t.ctx, { booth: 'Booth-09', full_name: `गणेश  ${father} पाटिल`, father_husband_name: `${father} पाटिल`, age: 46, gender: 'Male', caste: 'Maratha' });
  const tooOld = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: `गणेश ${father} पाटील`, father_husband_name: `${father} पाटील`, age: 48, gender: 'Male' });
  const otherFather = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: `गणेश ${father} पाटील`, father_husband_name: 'दत्तात्रय पाटील', age: 45, gender: 'Male' });
  const noRelative = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: `गणेश ${father} पाटील`, age: 45, gender: 'Male' });
  return { first, second, tooOld, otherFather, noRelative };
}

describe('the duplicate scan', () => {
  let entries: Awaited<ReturnType<typeof seedRollEntries>>;
  let latin: { a: number; b: number };
  let crossScript: { latin: number; devanagari: number; gujarati: number; tooFar: number };

  beforeAll(async () => {
    entries = await seedRollEntries();
    const a = await seedVoter(t.ctx, { booth: 'Booth-20', full_name: 'Sunita Ganesh Jadhav', father_husband_name: 'Ganesh Jadhav', age: 30, gender: 'Female' });
    const b = await seedVoter(t.ctx, { booth: 'Booth-21', full_name: 'JADHAV Sunita Ganesh', father_husband_name: 'Ganesh  Jadhav', age: 28, gender: 'Female' });
    latin = { a: a.id, b: b.id };
    // One person in Latin letters, in Devanagari and in Gujarati, in three booths, ages within
    // two years of each other; a namesake three years off the Devanagari entry pairs with none.
    const cross = [
      { booth: 'Booth-40', full_name: 'Rahul Shivaji Chavan', father_husband_name: 'Shivaji Chavan', age: 40 },
      { booth: 'Booth-41', full_name: 'राहुल शिवाजी चव्हाण', father_husband_name: 'शिवाजी चव्हाण', age: 41 },
      { booth: 'Booth-42', full_name: 'ચવ્હાણ રાહુલ શિવાજી', father_husband_name: 'શિવાજી ચવ્હાણ', age: 42 },
      { booth: 'Booth-43', full_name: 'राहुल शिवाजी चव्हाण', father_husband_name: 'शिवाजी चव्हाण', age: 45 },
    ];
    const ids: number[] = [];
    for (const voter of cross) ids.push((await seedVoter(t.ctx, { ...voter, gender: 'Male' })).id);
    const [x, y, z, far] = ids;
    crossScript = { latin: x!, devanagari: y!, gujarati: z!, tooFar: far! };
  });

  it('should find one person entered in two booths with ages a year apart and leave namesakes alone', async () => {
    const scan = await scanAndWait(t, admin);
    expect(scan).toMatchObject({ status: 'finished', started_by_name: 'Vikas Jadhav' });
    expect(scan.pairs_found).toBe(6);
    const pairs = await pairsOf(admin);
    const found = pairOf(pairs, entries.first.id)!;
    expect(found.voters.map((voter) => voter.id)).toEqual([entries.first.id, entries.second.id]);
    expect(found.voters.map((voter) => voter.booth)).toEqual(['Booth-03', 'Booth-09']);
    expect(found.status).toBe('open');
    // 48 is within two years of 46, not of 45: one pair with the second entry, none with the first.
    const withOlder = pairs.pairs.filter((pair) => pair.voters.some((voter) => voter.id === entries.tooOld.id));
    expect(withOlder.map((pair) => pair.voters.map((voter) => voter.id))).toEqual([[entries.second.id, entries.tooOld.id]]);
    for (const alone of [entries.otherFather.id, entries.noRelative.id]) expect(pairOf(pairs, alone)).toBeUndefined();
    // Latin letters, words in another order, two years apart.
    expect(pairOf(pairs, latin.a)!.voters.map((voter) => voter.id)).toEqual([latin.a, latin.b]);
    // Across scripts and booths: Latin–Devanagari, Latin–Gujarati, Devanagari–Gujarati.
    const crossPairs = pairs.pairs
      .filter((pair) => pair.voters.some((voter) => Object.values(crossScript).includes(voter.id)))
      .map((pair) => pair.voters.map((voter) => voter.id));
    expect(crossPairs).toEqual(
      expect.arrayContaining([
        [crossScript.latin, crossScript.devanagari],
        [crossScript.latin, crossScript.gujarati],
        [crossScript.devanagari, crossScript.gujarati],
      ]),
    );
    expect(crossPairs).toHaveLength(3);
    expect(pairOf(pairs, crossScript.tooFar)).toBeUndefined();
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SCAN_DUPLICATES').execute();
    expect(audit).toHaveLength(1);
  });

  it('should find nothing new when scanning again and keep pair ids', async () => {
    const before = (await pairsOf(admin)).pairs.map((pair) => pair.id);
    const scan = await scanAndWait(t, superAdmin);
    expect(scan.pairs_found).toBe(0);
    expect((await pairsOf(admin)).pairs.map((pair) => pair.id)).toEqual(before);
  });

  it('should drop an open pair when a name is corrected and the two no longer match', async () => {
    const a = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: 'अमोल किशोर वानखेडे', father_husband_name: 'किशोर वानखेडे', age: 33 });
    const b = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: 'अमोल किशोर वानखेडे', father_husband_name: 'किशोर वानखेडे', age: 33 });
    await scanAndWait(t, admin);
    expect(pairOf(await pairsOf(admin), a.id)).toBeDefined();
    await t.ctx.db.updateTable('voters').set({ father_husband_name: 'अशोक वानखेडे' }).where('id', '=', b.id).execute();
    await scanAndWait(t, admin);
    expect(pairOf(await pairsOf(admin), a.id)).toBeUndefined();
  });

  it('should refuse a second scan while one runs, and refuse Supervisors and Karyakartas', async () => {
    const running = await t.ctx.db
      .insertInto('duplicate_scans')
      .values({ status: 'running', started_by: null, started_at: new Date().toISOString(), finished_at: null, voters_keyed: null, pairs_found: null, error: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await post(admin, '/api/duplicates/scan');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'A duplicate scan is already running' });
    expect((await get(supervisorBoth, '/api/duplicates/scan')).json().scan).toMatchObject({ id: running.id, status: 'running' });
    await t.ctx.db.updateTable('duplicate_scans').set({ status: 'failed' }).where('id', '=', running.id).execute();
    expect((await post(supervisorBoth, '/api/duplicates/scan')).statusCode).toBe(403);
    expect((await post(karyakarta, '/api/duplicates/scan')).statusCode).toBe(403);
    expect((await get(karyakarta, '/api/duplicates/scan')).statusCode).toBe(403);
  });
});

describe('GET /api/duplicates', () => {
  it('should show a Supervisor only the pairs whose two voters are both in their booths', async () => {
    const entries = await seedRollEntries();
    await scanAndWait(t, admin);
    expect(pairOf(await pairsOf(supervisorBoth), entries.first.id)).toBeDefined();
    expect(pairOf(await pairsOf(supervisorOne), entries.first.id)).toBeUndefined();
    expect((await get(karyakarta, '/api/duplicates')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/duplicates' })).statusCode).toBe(401);
  });

  it('should refuse an unknown status and a bad page', async () => {
    expect((await get(admin, '/api/duplicates?status=maybe')).json().message).toBe('Status must be open, duplicate or dismissed');
    expect((await get(admin, '/api/duplicates?page=0')).json().message).toBe('Page must be 1 or more');
  });
});

describe('POST /api/duplicates/:id/mark', () => {
  it('should take the duplicate out of the voter list, search, counts, analytics, exports and its household, and keep its record', async () => {
    const booth = 'Booth-31';
    const kept = await seedVoter(t.ctx, { booth, full_name: 'Pandurang Bhimrao Ingle', father_husband_name: 'Bhimrao Ingle', age: 70, gender: 'Male', caste: 'Mali', house_no: '4' });
    const duplicate = await seedVoter(t.ctx, { booth: 'Booth-32', full_name: 'Pandurang Bhimrao Ingle', father_husband_name: 'Bhimrao Ingle', age: 71, gender: 'Male', caste: 'Mali', house_no: '9' });
    const household = await seedHousehold(t, { booth: 'Booth-32', house_no: '9', members: 1 });
    await t.app.inject({ method: 'POST', url: `/api/households/${household.id}/members`, headers: admin, payload: { voter_id: duplicate.id } });
    await scanAndWait(t, admin);
    const pair = pairOf(await pairsOf(admin), kept.id)!;
    const listTotal = async (query: string) => (await get(admin, `/api/voters?${query}`)).json<{ total: number }>().total;
    const men = async () => (await get(admin, '/api/analytics/gender?booth=Booth-32')).json<{ gender: string; count: number }[]>().find((row) => row.gender === 'Male')?.count ?? 0;
    const before = { all: await listTotal(''), booth: await listTotal('booth=Booth-32'), search: await listTotal('search=Pandurang'), caste: await listTotal('caste=Mali&gender=Male') };
    const dashboard = (await get(admin, '/api/analytics/dashboard')).json<{ totalVoters: number }>().totalVoters;
    expect(await men()).toBe(1);

    const marked = await post(admin, `/api/duplicates/${pair.id}/mark`, { duplicate_voter_id: duplicate.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<DuplicatePair>()).toMatchObject({ status: 'duplicate', duplicate_voter_id: duplicate.id, reviewed_by_name: 'Vikas Jadhav' });

    expect(await listTotal('')).toBe(before.all - 1);
    expect(await listTotal('booth=Booth-32')).toBe(before.booth - 1);
    expect(await listTotal('search=Pandurang')).toBe(before.search - 1);
    expect(await listTotal('caste=Mali&gender=Male')).toBe(before.caste - 1);
    // The name search crosses scripts (decision 021): the file's पांडुरंग voters are found too.
    const found = (await get(admin, '/api/voters?search=Pandurang')).json<{ voters: { id: number }[] }>().voters.map((voter) => voter.id);
    expect(found).toContain(kept.id);
    expect(found).not.toContain(duplicate.id);
    expect((await get(admin, '/api/analytics/dashboard')).json<{ totalVoters: number }>().totalVoters).toBe(dashboard - 1);
    expect(await men()).toBe(0);
    await expectKeptCountsToMatchVoters(t.ctx.db);
    const exported = await voterPageAfter(t.ctx.db, { filters: { booth: 'Booth-32' }, scope: { kind: 'all' }, dialect: t.ctx.dialect, afterId: 0, limit: 100 });
    expect(exported.map((row) => row.id)).not.toContain(duplicate.id);
    const card = (await get(admin, `/api/households/${household.id}`)).json<Household>();
    expect(card.members.map((member) => member.id)).toEqual([household.memberIds[0]]);
    // Kept: it still opens by its id.
    expect((await get(admin, `/api/voters/${duplicate.id}`)).statusCode).toBe(200);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'MARK_DUPLICATE').where('record_id', '=', String(duplicate.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ pair_id: pair.id, duplicate_of: kept.id, left_household_id: household.id });

    // Reviewed pairs leave the open list and show under their status.
    expect(pairOf(await pairsOf(admin), kept.id)).toBeUndefined();
    expect(pairOf(await pairsOf(admin, '&status=duplicate'), kept.id)?.id).toBe(pair.id);
    expect((await post(admin, `/api/duplicates/${pair.id}/mark`, { duplicate_voter_id: duplicate.id })).json()).toEqual({ message: 'Someone else has already reviewed this pair' });

    // Reopened, the voter is listed and counted again.
    const reopened = await post(admin, `/api/duplicates/${pair.id}/reopen`);
    expect(reopened.json<DuplicatePair>().status).toBe('open');
    expect(await listTotal('')).toBe(before.all);
    expect(await listTotal('search=Pandurang')).toBe(before.search);
    await expectKeptCountsToMatchVoters(t.ctx.db);
  });

  it('should let a Supervisor of both booths mark, and refuse the other entry’s outsiders and entries not of the pair', async () => {
    const entries = await seedRollEntries();
    await scanAndWait(t, admin);
    const pair = pairOf(await pairsOf(admin), entries.first.id)!;
    expect((await post(supervisorOne, `/api/duplicates/${pair.id}/mark`, { duplicate_voter_id: entries.second.id })).statusCode).toBe(404);
    expect((await post(karyakarta, `/api/duplicates/${pair.id}/mark`, { duplicate_voter_id: entries.second.id })).statusCode).toBe(403);
    const wrong = await post(supervisorBoth, `/api/duplicates/${pair.id}/mark`, { duplicate_voter_id: entries.tooOld.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ duplicate_voter_id: 'Choose one of the two entries as the duplicate' });
    expect((await post(supervisorBoth, `/api/duplicates/${pair.id}/mark`, {})).statusCode).toBe(400);
    expect((await post(supervisorBoth, '/api/duplicates/999999/mark', { duplicate_voter_id: 1 })).json()).toEqual({ message: 'Duplicate pair not found' });
    const marked = await post(supervisorBoth, `/api/duplicates/${pair.id}/mark`, { duplicate_voter_id: entries.second.id });
    expect(marked.statusCode, marked.body).toBe(200);
    // The second entry's other pair (with the 48-year-old) leaves the open list with it.
    const open = await pairsOf(admin);
    expect(open.pairs.filter((row) => row.voters.some((voter) => voter.id === entries.second.id))).toEqual([]);
  });
});

describe('pairs of a deleted voter', () => {
  it('should take a deleted voter’s open pairs off the list, and refuse to reopen a pair whose other entry is gone', async () => {
    const a = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: 'रुक्मिणी भीमराव झाडे', father_husband_name: 'भीमराव झाडे', age: 70 });
    const b = await seedVoter(t.ctx, { booth: 'Booth-09', full_name: 'रुक्मिणी भीमराव झाडे', father_husband_name: 'भीमराव झाडे', age: 70 });
    const c = await seedVoter(t.ctx, { booth: 'Booth-09', full_name: 'रुक्मिणी भीमराव झाडे', father_husband_name: 'भीमराव झाडे', age: 71 });
    await scanAndWait(t, admin);
    const pairs = (await pairsOf(admin)).pairs.filter((pair) => pair.voters.some((voter) => voter.id === a.id));
    expect(pairs).toHaveLength(2);
    const withB = pairs.find((pair) => pair.voters.some((voter) => voter.id === b.id))!;
    expect((await post(admin, `/api/duplicates/${withB.id}/dismiss`)).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${c.id}`, headers: admin })).statusCode).toBe(200);
    expect((await pairsOf(admin)).pairs.filter((pair) => pair.voters.some((voter) => voter.id === c.id))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${b.id}`, headers: admin })).statusCode).toBe(200);
    const reopen = await post(admin, `/api/duplicates/${withB.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('One of these entries was deleted or marked as a duplicate meanwhile');
  });
});

describe('POST /api/duplicates/:id/dismiss', () => {
  it('should keep a dismissed pair dismissed when the constituency is scanned again', async () => {
    const a = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: 'सविता अशोक मोरे', father_husband_name: 'अशोक मोरे', age: 52 });
    const b = await seedVoter(t.ctx, { booth: 'Booth-09', full_name: 'सविता अशोक मोरे', father_husband_name: 'अशोक मोरे', age: 53 });
    await scanAndWait(t, admin);
    const pair = pairOf(await pairsOf(admin), a.id)!;
    const dismissed = await post(supervisorBoth, `/api/duplicates/${pair.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<DuplicatePair>()).toMatchObject({ status: 'dismissed', duplicate_voter_id: null });

    await scanAndWait(t, admin);
    expect(pairOf(await pairsOf(admin), a.id)).toBeUndefined();
    expect(pairOf(await pairsOf(admin, '&status=dismissed'), b.id)?.id).toBe(pair.id);
    expect(pairOf(await pairsOf(supervisorBoth, '&status=dismissed'), b.id)?.id).toBe(pair.id);
    expect(pairOf(await pairsOf(supervisorOne, '&status=dismissed'), b.id)).toBeUndefined();
    // Both voters are still listed.
    expect((await get(admin, `/api/voters?search=${encodeURIComponent('सविता अशोक')}`)).json().total).toBe(2);
    expect((await post(admin, `/api/duplicates/${pair.id}/dismiss`)).statusCode).toBe(409);
    const audit = await t.ctx.db.selectFrom('audit_logs').select('record_id').where('action', '=', 'DISMISS_DUPLICATE').execute();
    expect(audit.map((row) => row.record_id)).toContain(String(pair.id));
  });

  it('should refuse to reopen an open pair and refuse Karyakartas', async () => {
    const a = await seedVoter(t.ctx, { booth: 'Booth-03', full_name: 'Asha Vijay Kale', father_husband_name: 'Vijay Kale', age: 60 });
    await seedVoter(t.ctx, { booth: 'Booth-03', full_name: 'Asha Vijay Kale', father_husband_name: 'Vijay Kale', age: 60 });
    await scanAndWait(t, admin);
    const pair = pairOf(await pairsOf(admin), a.id)!;
    expect((await post(admin, `/api/duplicates/${pair.id}/reopen`)).json()).toEqual({ message: 'This pair is not reviewed yet' });
    expect((await post(karyakarta, `/api/duplicates/${pair.id}/dismiss`)).statusCode).toBe(403);
    expect((await post(supervisorOne, `/api/duplicates/${pair.id}/dismiss`)).statusCode).toBe(200);
  });
});
