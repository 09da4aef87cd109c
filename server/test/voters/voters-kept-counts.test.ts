import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../bench/voter-generator';
import { softDeleteVoter } from '../../src/features/voters/voters-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter, voterForm } from './voter-test-helpers';

// The list's total for location filters with a gender, a caste, a party or a caste with a party
// comes from the trigger-kept counts, not from the voters (voters-repository.ts); with "active",
// "support level unknown" or "with mobile" too, less the few voters those leave out. Each total must
// be the number of voters the list itself reads, after inserts, edits that move voters between
// values and booths, soft deletes, restores and second roll entries (duplicate_of).

let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let fieldWorker: Headers;

const GENDERS = ['Male', 'Female', 'Other', null];
const CASTES = ['Maratha', 'Banjara', 'Mahar', null];
const PARTIES = ['BJP', 'Congress', 'Vanchit', null];
const BOOTHS = ['Booth-01', 'Booth-02', 'Booth-03', null];
const PLACES: [string | null, string | null][] = [
  ['Digras', 'Arambhi'],
  ['Digras', 'Ashta'],
  ['Other', 'Other'],
  [null, null],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  fieldWorker = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
  const random = seededRandom(23);
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const ids: number[] = [];
  for (let index = 0; index < 90; index += 1) {
    const [taluka, village] = pick(PLACES);
    const mobile_number = random() < 0.7 ? `98${String(index).padStart(8, '0')}` : null;
    const voter = await seedVoter(t.ctx, { gender: pick(GENDERS), caste: pick(CASTES), political_preference: pick(PARTIES), booth: pick(BOOTHS), taluka, village, mobile_number });
    ids.push(voter.id);
  }
  // Edits that move counted voters between values, places and booths, then the states a list
  // leaves out (deleted, a second entry of another voter) and one restore.
  for (const id of ids.slice(0, 20)) {
    const [taluka, village] = pick(PLACES);
    await t.ctx.db
      .updateTable('voters')
      .set({ gender: pick(GENDERS), caste: pick(CASTES), political_preference: pick(PARTIES), booth: pick(BOOTHS), taluka, village })
      .where('id', '=', id)
      .execute();
  }
  for (const id of ids.slice(20, 30)) await softDeleteVoter(t.ctx.db, id, { userId: 1 });
  await t.ctx.db.updateTable('voters').set({ deleted_at: null }).where('id', '=', ids[20] as number).execute();
  for (const id of ids.slice(30, 36)) await t.ctx.db.updateTable('voters').set({ duplicate_of: ids[40] as number }).where('id', '=', id).execute();
  // Roll states and support levels, some on the same voter, some on voters the list leaves out.
  for (const id of ids.slice(28, 90)) {
    const draw = random();
    if (draw < 0.12) await t.ctx.db.updateTable('voters').set({ is_dead: 1 }).where('id', '=', id).execute();
    else if (draw < 0.24) await t.ctx.db.updateTable('voters').set({ present_in_city: 0 }).where('id', '=', id).execute();
    else if (draw < 0.32) await t.ctx.db.updateTable('voters').set({ is_missing: 1 }).where('id', '=', id).execute();
    if (random() < 0.4) await t.ctx.db.updateTable('voters').set({ support_level: pick(['strong_supporter', 'undecided', 'opposed']) }).where('id', '=', id).execute();
  }
});
afterAll(async () => {
  await t.close();
});

// The voters a signed-in user's list holds for a filter: its total, and every voter read page by page.
async function listed(query: string, headers: Headers): Promise<{ total: number; read: number }> {
  const response = await t.app.inject({ method: 'GET', url: `/api/voters?limit=100&${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { total: number; voters: unknown[]; totalPages: number };
  expect(body.totalPages).toBeLessThanOrEqual(1);
  return { total: body.total, read: body.voters.length };
}

// The same voters counted straight from the table.
async function counted(filters: Record<string, string>, booths?: string[]): Promise<number> {
  let query = t.ctx.db.selectFrom('voters').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).where('duplicate_of', 'is', null);
  for (const [column, value] of Object.entries(filters)) {
    if (column === 'voter_status') query = query.where('is_dead', '=', 0).where('present_in_city', '=', 1).where('is_missing', '=', 0);
    else if (column === 'support_level') query = query.where('support_level', 'is', null);
    else if (column === 'mobile_filter') query = query.where('mobile_number', 'is not', null);
    else query = query.where(column as 'gender', '=', value);
  }
  if (booths) query = query.where('booth', 'in', booths);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const FILTERS: Record<string, string>[] = [
  {},
  { gender: 'Female' },
  { gender: 'Other' },
  { caste: 'Maratha' },
  { political_preference: 'BJP' },
  { caste: 'Banjara', political_preference: 'Congress' },
  { booth: 'Booth-01' },
  { booth: 'Booth-03', gender: 'Male' },
  { taluka: 'Digras' },
  { taluka: 'Digras', caste: 'Mahar' },
  { taluka: 'Digras', village: 'Ashta', political_preference: 'Vanchit' },
  { village: 'Arambhi', gender: 'Female' },
  { taluka: 'Other', booth: 'Booth-02', caste: 'Maratha', political_preference: 'BJP' },
  // A value no voter holds.
  { caste: 'Dhangar' },
  // Nearly every voter: counted as the kept total less the few left out.
  { voter_status: 'active' },
  { voter_status: 'active', booth: 'Booth-02', gender: 'Female' },
  { support_level: 'unknown' },
  { support_level: 'unknown', taluka: 'Digras', caste: 'Maratha', political_preference: 'BJP' },
  { mobile_filter: 'with_mobile' },
  { mobile_filter: 'with_mobile', booth: 'Booth-01', gender: 'Male' },
];

describe('GET /api/voters totals from the kept counts', () => {
  it('should give every filter of locations with a gender, caste or party the number of voters the list holds', async () => {
    const totals: number[] = [];
    for (const filters of FILTERS) {
      const query = new URLSearchParams(filters).toString();
      const { total, read } = await listed(query, admin);
      expect({ filters, total }).toEqual({ filters, total: await counted(filters) });
      expect({ filters, read }).toEqual({ filters, read: total });
      totals.push(total);
    }
    // The seed reaches most of these filters: a test of zeros would prove little.
    expect(totals.filter((total) => total > 0).length).toBeGreaterThanOrEqual(17);
  });

  it("should count only a field worker's own booths, and refuse another booth", async () => {
    const own = FILTERS.filter((filters) => !filters.booth || ['Booth-01', 'Booth-02'].includes(filters.booth));
    expect(own.length).toBeGreaterThanOrEqual(18);
    for (const filters of own) {
      const { total, read } = await listed(new URLSearchParams(filters).toString(), fieldWorker);
      expect({ filters, total }).toEqual({ filters, total: await counted(filters, ['Booth-01', 'Booth-02']) });
      expect({ filters, read }).toEqual({ filters, read: total });
    }
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/voters?booth=Booth-03&gender=Male', headers: fieldWorker });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('should follow an edit through the API at once', async () => {
    const before = await listed('gender=Female&booth=Booth-01', admin);
    const form = voterForm({ gender: 'Female', booth: 'Booth-01' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/voters',
      headers: admin,
      payload: form,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await listed('gender=Female&booth=Booth-01', admin)).total).toBe(before.total + 1);
    const voter = created.json() as { id: number; version: unknown };
    const moved = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: admin, payload: { ...form, gender: 'Male', version: voter.version } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await listed('gender=Female&booth=Booth-01', admin)).total).toBe(before.total);
    expect(await listed('gender=Male&booth=Booth-01', admin)).toEqual({ total: await counted({ gender: 'Male', booth: 'Booth-01' }), read: await counted({ gender: 'Male', booth: 'Booth-01' }) });
  });
});
