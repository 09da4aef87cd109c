import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoothDetail, BoothList, BoothVoters, MyVoters } from '@shared/booths/booth-schema';
import type { Role } from '@shared/auth/roles';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Booths and roll pages (issue 20) on both databases: booth records, the roll read in pages,
// households by house number, page assignments and a Karyakarta's own voters.
let t: TestApp;
let admin: { authorization: string };
let superAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  superAdmin = (await signInAs(t, 'Super Admin')).headers;
});
afterAll(async () => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: unknown, headers: Headers) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers });

async function auditRows(action: string, recordId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(recordId)).orderBy('id').execute();
}

// A booth of its own for each test, so tests never see each other's voters or assignments.
let nextBooth = 100;
function freshBooth(): { id: number; label: string } {
  nextBooth += 1;
  return { id: nextBooth, label: `Booth-${nextBooth}` };
}

describe('GET /api/booths', () => {
  it('should list all 396 booths with their live voter counts when an office role asks', async () => {
    const booth = freshBooth();
    await seedVoter(t.ctx, { booth: booth.label });
    await seedVoter(t.ctx, { booth: booth.label });
    const deleted = await seedVoter(t.ctx, { booth: booth.label });
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted.id).execute();
    for (const headers of [admin, superAdmin]) {
      const response = await get('/api/booths', headers);
      expect(response.statusCode).toBe(200);
      const { booths } = response.json<BoothList>();
      expect(booths).toHaveLength(396);
      expect(booths[0]).toMatchObject({ id: 1, label: 'Booth-01', part_number: 1, sections: [], version: 1 });
      expect(booths.find((entry) => entry.id === booth.id)?.voters).toBe(2);
    }
  });

  it('should list only their own booths when a field role asks', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as Role[]) {
      const { headers } = await signInAs(t, role, { booth_access: ['Booth-03', 'Booth-07'] });
      const response = await get('/api/booths', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json<BoothList>().booths.map((booth) => booth.label)).toEqual(['Booth-03', 'Booth-07']);
    }
    const { headers: everywhere } = await signInAs(t, 'Supervisor', { booth_access: ['Admin'] });
    expect((await get('/api/booths', everywhere)).json<BoothList>().booths).toHaveLength(396);
    const { headers: nowhere } = await signInAs(t, 'Karyakarta', { booth_access: [] });
    expect((await get('/api/booths', nowhere)).json<BoothList>().booths).toEqual([]);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/booths' })).statusCode).toBe(401);
  });
});

describe('GET /api/booths/:id', () => {
  it('should give the booth, its pages and unnumbered voters when the caller may see it', async () => {
    const booth = freshBooth();
    await seedVoter(t.ctx, { booth: booth.label, part_serial: 1 });
    await seedVoter(t.ctx, { booth: booth.label, part_serial: 61 });
    await seedVoter(t.ctx, { booth: booth.label });
    const { headers } = await signInAs(t, 'Karyakarta', { booth_access: [booth.label] });
    const response = await get(`/api/booths/${booth.id}`, headers);
    expect(response.statusCode).toBe(200);
    const detail = response.json<BoothDetail>();
    expect(detail).toMatchObject({ voters: 3, unnumbered: 1, page_size: 30, pages: 3, workers: [], can_edit: false, can_assign: false, assignable: [] });
    expect(detail.booth).toMatchObject({ id: booth.id, label: booth.label });
  });

  it('should answer 403 naming the booth when a field role asks for a booth outside their access', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as Role[]) {
      const { headers } = await signInAs(t, role, { booth_access: ['Booth-01'] });
      for (const url of ['/api/booths/2', '/api/booths/2/voters', '/api/booths/2/households']) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({ message: 'You do not have access to Booth-02' });
      }
    }
  });

  it('should answer 400 when the id is not a booth number', async () => {
    for (const id of ['0', '397', 'abc', '1.5', '-3']) {
      const response = await get(`/api/booths/${id}`, admin);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe('Booth not found');
    }
  });

  it('should offer assigners the active Karyakartas with access to the booth, and nobody else', async () => {
    const booth = freshBooth();
    const inBooth = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Aarti In Booth' });
    const everywhere = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Admin'], full_name: 'Bhushan Everywhere' });
    const elsewhere = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-01'] });
    const inactive = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], is_active: false });
    const supervisor = await createUser(t.ctx, { role: 'Supervisor', booth_access: [booth.label] });
    const detail = (await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>();
    expect(detail).toMatchObject({ can_edit: true, can_assign: true });
    const ids = detail.assignable.map((worker) => worker.id);
    expect(ids).toContain(inBooth.id);
    expect(ids).toContain(everywhere.id);
    for (const absent of [elsewhere.id, inactive.id, supervisor.id]) expect(ids).not.toContain(absent);
    const { headers } = await signInAs(t, 'Supervisor', { booth_access: [booth.label] });
    expect((await get(`/api/booths/${booth.id}`, headers)).json<BoothDetail>()).toMatchObject({ can_edit: false, can_assign: true });
  });
});

describe('PUT /api/booths/:id', () => {
  const station = {
    part_number: 142,
    polling_station_number: 142,
    polling_station_name: 'Zilla Parishad Primary School, Room 2',
    polling_station_address: 'Near the bus stand, Arambhi',
    taluka: 'Digras',
    village: 'Arambhi',
    sections: [
      { number: 1, name: 'Arambhi Ward 1' },
      { number: 2, name: 'Arambhi Ward 2' },
    ],
  };

  it('should save the booth, raise its version and write one UPDATE_BOOTH audit row when an office role edits it', async () => {
    const booth = freshBooth();
    const { user, headers } = await signInAs(t, 'Admin');
    const response = await put(`/api/booths/${booth.id}`, { ...station, version: 1 }, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...station, id: booth.id, label: booth.label, version: 2 });
    expect((await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>().booth).toMatchObject(station);
    const rows = await auditRows('UPDATE_BOOTH', booth.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, table_name: 'booths', record_name: booth.label });
    expect(JSON.parse(rows[0]!.details!)).toMatchObject({
      fields: ['part_number', 'polling_station_number', 'polling_station_name', 'polling_station_address', 'village', 'taluka', 'sections'],
      from: { part_number: booth.id, polling_station_name: null, sections: [] },
      version: 2,
    });
  });

  it('should link the audit row to the booth page when the audit log lists it', async () => {
    const booth = freshBooth();
    expect((await put(`/api/booths/${booth.id}`, { polling_station_name: 'Linked School' }, admin)).statusCode).toBe(200);
    const logs = (await get('/api/audit-logs?action=UPDATE_BOOTH&limit=200', superAdmin)).json<{ logs: { record_id: string; record_name: string; record_link: unknown }[] }>().logs;
    expect(logs.find((log) => log.record_id === String(booth.id))).toMatchObject({ record_name: booth.label, record_link: { page: 'booths', search: String(booth.id) } });
  });

  it('should change only the fields sent and write no audit row when nothing changes', async () => {
    const booth = freshBooth();
    expect((await put(`/api/booths/${booth.id}`, station, superAdmin)).statusCode).toBe(200);
    const response = await put(`/api/booths/${booth.id}`, { polling_station_name: 'New School' }, superAdmin);
    expect(response.json()).toMatchObject({ ...station, polling_station_name: 'New School', version: 3 });
    expect((await put(`/api/booths/${booth.id}`, { polling_station_name: 'New School' }, superAdmin)).json()).toMatchObject({ version: 3 });
    expect(await auditRows('UPDATE_BOOTH', booth.id)).toHaveLength(2);
    // Empty text clears a field.
    expect((await put(`/api/booths/${booth.id}`, { polling_station_address: '', sections: [] }, superAdmin)).json()).toMatchObject({ polling_station_address: null, sections: [] });
  });

  it('should answer 409 with the booth as it is now when the version sent is stale', async () => {
    const booth = freshBooth();
    expect((await put(`/api/booths/${booth.id}`, { polling_station_name: 'First', version: 1 }, admin)).statusCode).toBe(200);
    const stale = await put(`/api/booths/${booth.id}`, { polling_station_name: 'Second', version: 1 }, superAdmin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this booth after you opened it', current: { polling_station_name: 'First', version: 2 } });
    expect((await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>().booth.polling_station_name).toBe('First');
    expect(await auditRows('UPDATE_BOOTH', booth.id)).toHaveLength(1);
  });

  it.each([
    [{ village: 'Arambhi', taluka: 'Ner' }, 'village', 'This village is not in the chosen taluka'],
    [{ village: 'Atlantis' }, 'village', 'Choose a village from the list'],
    [{ taluka: 'Nowhere' }, 'taluka', 'Choose a taluka from the list'],
    [{ part_number: 0 }, 'part_number', 'Part number must be a whole number from 1 to 9999'],
    [{ polling_station_number: 'ten' }, 'polling_station_number', 'Polling station number must be a whole number from 1 to 9999'],
    [{ polling_station_name: 'x'.repeat(201) }, 'polling_station_name', 'Polling station name must be at most 200 characters'],
    [{ sections: [{ number: 1, name: 'A' }, { number: 1, name: 'B' }] }, 'sections', 'Each section number may appear once'],
    [{ sections: [{ number: 1, name: '' }] }, 'sections.0.name', 'Section name is required'],
    [{ sections: 'Ward 1' }, 'sections', 'Sections must be a list'],
    [{ version: 'old' }, 'version', 'Version must be a whole number'],
  ])('should answer 400 and change nothing when the body is %j', async (body, field, message) => {
    const booth = freshBooth();
    const response = await put(`/api/booths/${booth.id}`, body, admin);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields?.[field]).toBe(message);
    expect((await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>().booth.version).toBe(1);
    expect(await auditRows('UPDATE_BOOTH', booth.id)).toHaveLength(0);
  });

  it('should answer 403 to the field roles, even in their own booth', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as Role[]) {
      const { headers } = await signInAs(t, role, { booth_access: ['Booth-05'] });
      const response = await put('/api/booths/5', { polling_station_name: 'Mine' }, headers);
      expect(response.statusCode).toBe(403);
    }
    expect((await get('/api/booths/5', admin)).json<BoothDetail>().booth.polling_station_name).toBeNull();
  });
});

describe('GET /api/booths/:id/voters', () => {
  it('should give one roll page in serial order with its serial range and holder when a page is asked for', async () => {
    const booth = freshBooth();
    for (const serial of [45, 1, 30, 31, 60, 61]) await seedVoter(t.ctx, { booth: booth.label, part_serial: serial, full_name: `Serial ${serial}` });
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Page Two Holder' });
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: worker.id, pages: { from: 2, to: 2 } }, admin)).statusCode).toBe(200);

    const first = (await get(`/api/booths/${booth.id}/voters`, admin)).json<BoothVoters>();
    expect(first).toMatchObject({ page: 1, page_size: 30, pages: 3, from: 1, to: 30, holder: null });
    expect(first.voters.map((voter) => voter.part_serial)).toEqual([1, 30]);
    const second = (await get(`/api/booths/${booth.id}/voters?page=2`, admin)).json<BoothVoters>();
    expect(second).toMatchObject({ page: 2, from: 31, to: 60, holder: { user_id: worker.id, full_name: 'Page Two Holder' } });
    expect(second.voters.map((voter) => voter.full_name)).toEqual(['Serial 31', 'Serial 45', 'Serial 60']);
    expect(Object.keys(second.voters[0]!).sort()).toEqual(
      ['id', 'last_contact_at', 'support_level', 'part_serial', 'voter_no', 'full_name', 'voter_id', 'age', 'gender', 'father_husband_name', 'relation_type', 'house_no', 'mobile_number', 'whatsapp_number', 'booth'].sort(),
    );
    expect((await get(`/api/booths/${booth.id}/voters?page=9`, admin)).json<BoothVoters>().voters).toEqual([]);
  });

  it('should cut pages by the page_size setting when it changes', async () => {
    const booth = freshBooth();
    for (const serial of [1, 10, 11, 25]) await seedVoter(t.ctx, { booth: booth.label, part_serial: serial });
    await t.ctx.db.insertInto('settings').values({ key: 'page_size', value: '10', updated_at: new Date().toISOString() }).onConflict((oc) => oc.column('key').doUpdateSet({ value: '10' })).execute();
    try {
      const second = (await get(`/api/booths/${booth.id}/voters?page=2`, admin)).json<BoothVoters>();
      expect(second).toMatchObject({ page_size: 10, pages: 3, from: 11, to: 20 });
      expect(second.voters.map((voter) => voter.part_serial)).toEqual([11]);
    } finally {
      await t.ctx.db.deleteFrom('settings').where('key', '=', 'page_size').execute();
    }
  });

  it('should list the voters without a serial, and one house, when asked', async () => {
    const booth = freshBooth();
    const loose = [await seedVoter(t.ctx, { booth: booth.label, house_no: '7' }), await seedVoter(t.ctx, { booth: booth.label })];
    await seedVoter(t.ctx, { booth: booth.label, house_no: '7', part_serial: 4 });
    await seedVoter(t.ctx, { booth: booth.label, house_no: '8', part_serial: 2 });
    await seedVoter(t.ctx, { booth: 'Booth-01', house_no: '7', part_serial: 1 });
    const unnumbered = (await get(`/api/booths/${booth.id}/voters?unnumbered=true`, admin)).json<BoothVoters>();
    expect(unnumbered).toMatchObject({ from: null, to: null, holder: null });
    expect(unnumbered.voters.map((voter) => voter.id)).toEqual(loose.map((voter) => voter.id));
    const house = (await get(`/api/booths/${booth.id}/voters?house_no=7`, admin)).json<BoothVoters>();
    expect(house.voters.map((voter) => [voter.house_no, voter.part_serial])).toEqual([
      ['7', 4],
      ['7', null],
    ]);
  });

  it.each(['page=0', 'page=abc', 'page=2001', 'unnumbered=maybe', `house_no=${'9'.repeat(31)}`])('should answer 400 when the query is %s', async (query) => {
    const response = await get(`/api/booths/1/voters?${query}`, admin);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('GET /api/booths/:id/households', () => {
  it('should group the voters by house number in roll order, with each house holder', async () => {
    const booth = freshBooth();
    await seedVoter(t.ctx, { booth: booth.label, house_no: '12/A', part_serial: 40 });
    await seedVoter(t.ctx, { booth: booth.label, house_no: '12/A', part_serial: 41 });
    await seedVoter(t.ctx, { booth: booth.label, house_no: '3', part_serial: 5 });
    await seedVoter(t.ctx, { booth: booth.label, house_no: '9' });
    await seedVoter(t.ctx, { booth: booth.label });
    const pageHolder = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Page Holder' });
    const houseHolder = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'House Holder' });
    await put(`/api/booths/${booth.id}/assignments`, { user_id: pageHolder.id, pages: { from: 1, to: 2 } }, admin);
    await put(`/api/booths/${booth.id}/assignments`, { user_id: houseHolder.id, house_numbers: ['3'] }, admin);
    const { headers } = await signInAs(t, 'Supervisor', { booth_access: [booth.label] });
    const response = await get(`/api/booths/${booth.id}/households`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().households).toEqual([
      { house_no: '3', voters: 1, first_serial: 5, holder: { user_id: houseHolder.id, full_name: 'House Holder' } },
      { house_no: '12/A', voters: 2, first_serial: 40, holder: { user_id: pageHolder.id, full_name: 'Page Holder' } },
      { house_no: '9', voters: 1, first_serial: null, holder: null },
      { house_no: null, voters: 1, first_serial: null, holder: null },
    ]);
  });
});

describe('PUT /api/booths/:id/assignments', () => {
  it('should give a range of pages to a Karyakarta in one request, audited, when an Admin assigns them', async () => {
    const booth = freshBooth();
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Range Worker' });
    const { user, headers } = await signInAs(t, 'Admin');
    const response = await put(`/api/booths/${booth.id}/assignments`, { user_id: worker.id, pages: { from: 3, to: 9 } }, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: `Pages 3–9 of ${booth.label} assigned to Range Worker`,
      workers: [{ user_id: worker.id, full_name: 'Range Worker', has_access: true, pages: [3, 4, 5, 6, 7, 8, 9], house_numbers: [] }],
    });
    expect((await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>().workers).toEqual(response.json().workers);
    const rows = await auditRows('ASSIGN_PAGES', booth.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, table_name: 'booths', record_name: booth.label });
    expect(JSON.parse(rows[0]!.details!)).toEqual({ pages: '3–9', user_id: worker.id, user_name: 'Range Worker', previous: [] });
  });

  it('should hand pages over from their holder, naming them in the audit row, when they are given to someone else', async () => {
    const booth = freshBooth();
    const first = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'First Holder' });
    const second = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Second Holder' });
    await put(`/api/booths/${booth.id}/assignments`, { user_id: first.id, pages: { from: 1, to: 4 } }, admin);
    const response = await put(`/api/booths/${booth.id}/assignments`, { user_id: second.id, pages: { from: 3, to: 5 }, expected_holders: [first.id] }, superAdmin);
    expect(response.json().workers).toEqual([
      { user_id: first.id, full_name: 'First Holder', has_access: true, pages: [1, 2], house_numbers: [] },
      { user_id: second.id, full_name: 'Second Holder', has_access: true, pages: [3, 4, 5], house_numbers: [] },
    ]);
    const rows = await auditRows('ASSIGN_PAGES', booth.id);
    expect(JSON.parse(rows[1]!.details!).previous).toEqual([
      { user_id: first.id, name: 'First Holder', page: 3 },
      { user_id: first.id, name: 'First Holder', page: 4 },
    ]);
  });

  it('should take pages and houses back with user_id null, audited as UNASSIGN_PAGES', async () => {
    const booth = freshBooth();
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Leaving Worker' });
    await put(`/api/booths/${booth.id}/assignments`, { user_id: worker.id, pages: { from: 1, to: 6 } }, admin);
    await put(`/api/booths/${booth.id}/assignments`, { user_id: worker.id, house_numbers: ['4', '5', '4'] }, admin);
    const pages = await put(`/api/booths/${booth.id}/assignments`, { user_id: null, pages: { from: 2, to: 3 }, expected_holders: [worker.id] }, admin);
    expect(pages.json()).toMatchObject({ message: `Pages 2–3 of ${booth.label} unassigned`, workers: [{ pages: [1, 4, 5, 6], house_numbers: ['4', '5'] }] });
    const houses = await put(`/api/booths/${booth.id}/assignments`, { user_id: null, house_numbers: ['4'], expected_holders: [worker.id] }, admin);
    expect(houses.json()).toMatchObject({ message: `House 4 of ${booth.label} unassigned`, workers: [{ house_numbers: ['5'] }] });
    const rows = await auditRows('UNASSIGN_PAGES', booth.id);
    expect(rows.map((row) => JSON.parse(row.details!))).toEqual([
      { pages: '2–3', user_id: null, user_name: null, previous: [{ user_id: worker.id, name: 'Leaving Worker', page: 2 }, { user_id: worker.id, name: 'Leaving Worker', page: 3 }] },
      { house_numbers: ['4'], user_id: null, user_name: null, previous: [{ user_id: worker.id, name: 'Leaving Worker', house_no: '4' }] },
    ]);
  });

  it('should answer 409 with the current holders, and change nothing, when pages held by someone the client did not name are given', async () => {
    const booth = freshBooth();
    const holder = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Asha Holder' });
    const other = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Bala Other' });
    const newcomer = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'Chetan New' });
    const { headers: supervisor } = await signInAs(t, 'Supervisor', { booth_access: [booth.label] });
    // The Supervisor gives pages 2-3 while an Admin, whose booth page showed page 4 with Bala
    // only, gives 1-4 to Chetan.
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: other.id, pages: { from: 4, to: 4 } }, admin)).statusCode).toBe(200);
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: holder.id, pages: { from: 2, to: 3 } }, supervisor)).statusCode).toBe(200);
    const before = await auditRows('ASSIGN_PAGES', booth.id);

    const refused = await put(`/api/booths/${booth.id}/assignments`, { user_id: newcomer.id, pages: { from: 1, to: 4 }, expected_holders: [other.id] }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Someone else holds some of these pages or houses now. Check who holds them, then confirm.',
      current: {
        holders: [
          { user_id: holder.id, full_name: 'Asha Holder', has_access: true, pages: [2, 3], house_numbers: [] },
          { user_id: other.id, full_name: 'Bala Other', has_access: true, pages: [4], house_numbers: [] },
        ],
      },
    });
    expect(await auditRows('ASSIGN_PAGES', booth.id)).toHaveLength(before.length);
    const unchanged = (await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>().workers;
    expect(unchanged.map((worker) => [worker.full_name, worker.pages])).toEqual([
      ['Asha Holder', [2, 3]],
      ['Bala Other', [4]],
    ]);
    // Sent without expected_holders at all, the same: nothing is taken silently.
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: newcomer.id, pages: { from: 1, to: 4 } }, admin)).statusCode).toBe(409);

    // Confirmed: naming the holders the 409 showed gives the pages.
    const confirmed = await put(`/api/booths/${booth.id}/assignments`, { user_id: newcomer.id, pages: { from: 1, to: 4 }, expected_holders: [holder.id, other.id] }, admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ workers: { full_name: string; pages: number[] }[] }>().workers.map((worker) => [worker.full_name, worker.pages])).toEqual([['Chetan New', [1, 2, 3, 4]]]);
  });

  it('should answer 409 for houses and for taking back pages held by someone unseen, and never for the assignee’s own pages', async () => {
    const booth = freshBooth();
    const holder = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'House Holder' });
    const newcomer = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], full_name: 'House Newcomer' });
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: holder.id, house_numbers: ['12'] }, admin)).statusCode).toBe(200);
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: holder.id, pages: { from: 1, to: 2 } }, admin)).statusCode).toBe(200);

    const houses = await put(`/api/booths/${booth.id}/assignments`, { user_id: newcomer.id, house_numbers: ['12', '13'], expected_holders: [] }, admin);
    expect(houses.statusCode).toBe(409);
    expect(houses.json<{ current: { holders: unknown[] } }>().current.holders).toEqual([{ user_id: holder.id, full_name: 'House Holder', has_access: true, pages: [], house_numbers: ['12'] }]);
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: null, pages: { from: 2, to: 2 } }, admin)).statusCode).toBe(409);
    // More pages to their own holder, and pages nobody holds, need no names.
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: holder.id, pages: { from: 1, to: 5 } }, admin)).statusCode).toBe(200);
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: newcomer.id, pages: { from: 6, to: 7 } }, admin)).statusCode).toBe(200);
    expect((await put(`/api/booths/${booth.id}/assignments`, { user_id: null, pages: { from: 2, to: 2 }, expected_holders: [holder.id] }, admin)).statusCode).toBe(200);
  });

  it('should answer 400 when expected_holders is not a list of user ids', async () => {
    const booth = freshBooth();
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label] });
    for (const expected of [['x'], 'all', [0]]) {
      const response = await put(`/api/booths/${booth.id}/assignments`, { user_id: worker.id, pages: { from: 1, to: 1 }, expected_holders: expected }, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe('Expected holders must be a list of user ids');
    }
  });

  it('should let a Supervisor assign pages in their own booths and refuse another booth with 403', async () => {
    const own = freshBooth();
    const other = freshBooth();
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [own.label, other.label] });
    const { headers } = await signInAs(t, 'Supervisor', { booth_access: [own.label] });
    expect((await put(`/api/booths/${own.id}/assignments`, { user_id: worker.id, pages: { from: 1, to: 3 } }, headers)).statusCode).toBe(200);
    const refused = await put(`/api/booths/${other.id}/assignments`, { user_id: worker.id, pages: { from: 1, to: 3 } }, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`You do not have access to ${other.label}`);
    expect(await auditRows('ASSIGN_PAGES', other.id)).toHaveLength(0);
    expect((await get(`/api/booths/${other.id}`, admin)).json<BoothDetail>().workers).toEqual([]);
  });

  it('should answer 403 to a Karyakarta, even for their own booth', async () => {
    const booth = freshBooth();
    const { user, headers } = await signInAs(t, 'Karyakarta', { booth_access: [booth.label] });
    const response = await put(`/api/booths/${booth.id}/assignments`, { user_id: user.id, pages: { from: 1, to: 1 } }, headers);
    expect(response.statusCode).toBe(403);
    expect(await auditRows('ASSIGN_PAGES', booth.id)).toHaveLength(0);
  });

  it('should refuse with a clear message a Karyakarta who has no access to the booth: a page never widens access', async () => {
    const booth = freshBooth();
    const outsider = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-01'], full_name: 'Outside Worker' });
    for (const headers of [admin, (await signInAs(t, 'Supervisor', { booth_access: [booth.label] })).headers]) {
      const response = await put(`/api/booths/${booth.id}/assignments`, { user_id: outsider.id, pages: { from: 1, to: 2 } }, headers);
      expect(response.statusCode).toBe(400);
      const message = `Outside Worker has no access to ${booth.label}. Give them access to ${booth.label} in User Management first: a page never widens what a Karyakarta may see.`;
      expect(response.json()).toEqual({ message, fields: { user_id: message } });
    }
    expect(await auditRows('ASSIGN_PAGES', booth.id)).toHaveLength(0);
  });

  it('should refuse pages for someone who is not an active Karyakarta', async () => {
    const booth = freshBooth();
    const supervisor = await createUser(t.ctx, { role: 'Supervisor', booth_access: [booth.label] });
    const inactive = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label], is_active: false, full_name: 'Sleeping Worker' });
    const cases: [number, string][] = [
      [supervisor.id, 'Pages and houses go to a Karyakarta'],
      [inactive.id, 'Sleeping Worker is inactive'],
      [999_999, 'Choose a Karyakarta'],
    ];
    for (const [userId, message] of cases) {
      const response = await put(`/api/booths/${booth.id}/assignments`, { user_id: userId, pages: { from: 1, to: 1 } }, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { user_id: message } });
    }
  });

  it.each([
    [{ user_id: 1, pages: { from: 5, to: 3 } }, 'pages.to', 'The last page must not come before the first'],
    [{ user_id: 1, pages: { from: 1, to: 600 } }, 'pages.to', 'At most 500 pages at a time'],
    [{ user_id: 1, pages: { from: 0, to: 3 } }, 'pages.from', 'First page must be 1 or more'],
    [{ user_id: 1 }, 'pages', 'Give either a range of pages or a list of house numbers'],
    [{ user_id: 1, pages: { from: 1, to: 1 }, house_numbers: ['3'] }, 'pages', 'Give either a range of pages or a list of house numbers'],
    [{ user_id: 1, house_numbers: [] }, 'house_numbers', 'Give at least one house number'],
    [{ user_id: 'someone', pages: { from: 1, to: 1 } }, 'user_id', 'Choose a Karyakarta'],
    [{ pages: { from: 1, to: 1 } }, 'user_id', 'Choose a Karyakarta'],
  ])('should answer 400 naming the field when the body is %j', async (body, field, message) => {
    const response = await put('/api/booths/1/assignments', body, admin);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields?.[field]).toBe(message);
  });
});

describe('GET /api/my-voters', () => {
  it('should give a Karyakarta the voters of their pages and houses, grouped by household, within their booth access', async () => {
    const booth = freshBooth();
    const { user, headers } = await signInAs(t, 'Karyakarta', { booth_access: [booth.label] });
    const onPage = [
      await seedVoter(t.ctx, { booth: booth.label, part_serial: 31, house_no: '5', full_name: 'Page Voter A', mobile_number: '9876500001' }),
      await seedVoter(t.ctx, { booth: booth.label, part_serial: 33, house_no: '5', full_name: 'Page Voter B' }),
      await seedVoter(t.ctx, { booth: booth.label, part_serial: 32, house_no: '6', full_name: 'Page Voter C' }),
    ];
    const inHouse = await seedVoter(t.ctx, { booth: booth.label, house_no: '44', full_name: 'House Voter' });
    await seedVoter(t.ctx, { booth: booth.label, part_serial: 5, house_no: '1', full_name: 'Other Page' });
    await seedVoter(t.ctx, { booth: 'Booth-01', part_serial: 31, house_no: '5', full_name: 'Other Booth' });
    const gone = await seedVoter(t.ctx, { booth: booth.label, part_serial: 40, house_no: '5' });
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();

    await put(`/api/booths/${booth.id}/assignments`, { user_id: user.id, pages: { from: 2, to: 2 } }, admin);
    await put(`/api/booths/${booth.id}/assignments`, { user_id: user.id, house_numbers: ['44'] }, admin);
    const response = await get('/api/my-voters', headers);
    expect(response.statusCode).toBe(200);
    const mine = response.json<MyVoters>();
    expect(mine).toMatchObject({ page_size: 30, total: 4, truncated: false, assignments: [{ booth_id: booth.id, booth: booth.label, pages: [2], house_numbers: ['44'] }] });
    expect(mine.households.map((household) => [household.house_no, household.voters.map((voter) => voter.full_name)])).toEqual([
      ['5', ['Page Voter A', 'Page Voter B']],
      ['6', ['Page Voter C']],
      ['44', ['House Voter']],
    ]);
    expect(mine.households[0]!.voters[0]).toMatchObject({ id: onPage[0]!.id, mobile_number: '9876500001', booth: booth.label });
    expect(mine.households[2]!.voters[0]!.id).toBe(inHouse.id);
  });

  it('should group by confirmed household records, head first, and by house number for voters in none or in an undecided one', async () => {
    const booth = freshBooth();
    const { user, headers } = await signInAs(t, 'Karyakarta', { booth_access: [booth.label] });
    const voter = async (serial: number, house: string, name: string) => (await seedVoter(t.ctx, { booth: booth.label, part_serial: serial, house_no: house, full_name: name })).id;
    const son = await voter(1, '7', 'Amol Kale');
    const father = await voter(2, '7', 'Shivaji Kale');
    const lodger = await voter(3, '7', 'Ravi Jadhav');
    const proposedA = await voter(4, '8', 'Meena Pawar');
    const proposedB = await voter(5, '8', 'Suresh Pawar');
    const firstFamily = await voter(6, '9', 'Anil More');
    const secondFamily = await voter(7, '9', 'Vijay Shinde');
    const now = new Date().toISOString();
    const household = async (status: 'proposed' | 'confirmed', house: string, head: number, members: number[]) => {
      const row = await t.ctx.db
        .insertInto('households')
        .values({ booth: booth.label, house_no: house, head_voter_id: head, status, suggested_by: null, suggested_at: null, confirmed_by: null, confirmed_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db.updateTable('voters').set({ household_id: row.id }).where('id', 'in', members).execute();
      return row.id;
    };
    const kale = await household('confirmed', '7', father, [son, father]);
    await household('proposed', '8', proposedA, [proposedA, proposedB]);
    const more = await household('confirmed', '9', firstFamily, [firstFamily]);
    const shinde = await household('confirmed', '9', secondFamily, [secondFamily]);
    await put(`/api/booths/${booth.id}/assignments`, { user_id: user.id, pages: { from: 1, to: 1 } }, admin);

    const mine = (await get('/api/my-voters', headers)).json<MyVoters>();
    expect(mine.total).toBe(7);
    expect(mine.households.map((group) => ({ house_no: group.house_no, household_id: group.household_id, head_voter_id: group.head_voter_id, voters: group.voters.map((row) => row.id) }))).toEqual([
      { house_no: '7', household_id: kale, head_voter_id: father, voters: [father, son] },
      { house_no: '7', household_id: null, head_voter_id: null, voters: [lodger] },
      { house_no: '8', household_id: null, head_voter_id: null, voters: [proposedA, proposedB] },
      { house_no: '9', household_id: more, head_voter_id: firstFamily, voters: [firstFamily] },
      { house_no: '9', household_id: shinde, head_voter_id: secondFamily, voters: [secondFamily] },
    ]);
  });

  it('should show nothing of a booth the Karyakarta has lost access to, though the pages stay assigned', async () => {
    const booth = freshBooth();
    const { user, headers } = await signInAs(t, 'Karyakarta', { booth_access: [booth.label] });
    await seedVoter(t.ctx, { booth: booth.label, part_serial: 1 });
    await put(`/api/booths/${booth.id}/assignments`, { user_id: user.id, pages: { from: 1, to: 1 } }, admin);
    expect((await get('/api/my-voters', headers)).json<MyVoters>().total).toBe(1);
    await t.ctx.db.updateTable('users').set({ booth_access: JSON.stringify(['Booth-01']) }).where('id', '=', user.id).execute();
    expect((await get('/api/my-voters', headers)).json<MyVoters>()).toMatchObject({ assignments: [], households: [], total: 0 });
    const detail = (await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>();
    expect(detail.workers).toEqual([{ user_id: user.id, full_name: user.full_name, has_access: false, pages: [1], house_numbers: [] }]);
  });

  it('should give an empty list to a Karyakarta with no pages', async () => {
    const { headers } = await signInAs(t, 'Karyakarta');
    expect((await get('/api/my-voters', headers)).json()).toEqual({ page_size: 30, assignments: [], households: [], total: 0, truncated: false });
  });

  it('should answer 403 to every other role', async () => {
    for (const role of ['Super Admin', 'Admin', 'Supervisor'] as Role[]) {
      const { headers } = await signInAs(t, role);
      expect((await get('/api/my-voters', headers)).statusCode, role).toBe(403);
    }
  });

  it("should drop a deleted user's pages with the user", async () => {
    const booth = freshBooth();
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [booth.label] });
    await put(`/api/booths/${booth.id}/assignments`, { user_id: worker.id, pages: { from: 1, to: 2 } }, admin);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${worker.id}`, headers: superAdmin })).statusCode).toBe(200);
    expect((await get(`/api/booths/${booth.id}`, admin)).json<BoothDetail>().workers).toEqual([]);
    expect(await t.ctx.db.selectFrom('page_assignments').selectAll().where('booth_id', '=', booth.id).execute()).toEqual([]);
  });
});
