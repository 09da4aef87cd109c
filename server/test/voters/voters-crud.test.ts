import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { multipart, seedVoter, voterForm } from './voter-test-helpers';

let t: TestApp;
type Headers = { authorization: string };
const as: Record<Role, Headers> = {} as Record<Role, Headers>;
let supervisorOtherBooth: Headers;
let adminByBoothAccess: Headers;

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
  as.Karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'] })).headers;
  supervisorOtherBooth = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-07'] })).headers;
  adminByBoothAccess = (await signInAs(t, 'Supervisor', { booth_access: ['Admin'] })).headers;
});
afterAll(async () => {
  await t.close();
});

function post(headers: Headers | undefined, fields: Record<string, string | number | boolean | null>) {
  const body = multipart(fields);
  return t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...headers, ...body.headers }, payload: body.payload });
}
function put(headers: Headers | undefined, id: number, fields: Record<string, string | number | boolean | null>) {
  const body = multipart(fields);
  return t.app.inject({ method: 'PUT', url: `/api/voters/${id}`, headers: { ...headers, ...body.headers }, payload: body.payload });
}
async function auditRows(action: string, recordId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(recordId)).execute();
}

describe('POST /api/voters', () => {
  it('should create a voter from a multipart form with every field and return it with _id and id', async () => {
    const form = voterForm({
      full_name: 'राहुल शिवाजी चव्हाण',
      age: '34',
      gender: 'Male',
      date_of_birth: '1991-05-02',
      father_husband_name: 'शिवाजी चव्हाण',
      religion: 'Hindu',
      disability: 'No',
      mobile_number: '98765 43210',
      whatsapp_number: '9876543210',
      house_no: '12/A',
      ward_area: 'Shivaji Nagar',
      taluka: 'Digras',
      village: 'Arambhi',
      booth: 'Booth-01',
      district: 'Yavatmal',
      present_in_city: 'false',
      present_city_name: 'Pune',
      category: 'obc',
      caste: 'Kunbi',
      sub_caste: 'Khaire',
      political_preference: 'Congress',
      party_designation: 'Member',
      head_of_house: '2',
      occupation: 'Farmer',
      occupation_subcategory: 'self',
      is_dead: 'false',
      comment: 'Met at the weekly market',
    });
    const response = await post(as.Admin, form);
    expect(response.statusCode).toBe(201);
    const voter = response.json();
    expect(voter._id).toBe(voter.id);
    expect(voter).toMatchObject({
      full_name: 'राहुल शिवाजी चव्हाण',
      voter_id: String(form.voter_id),
      age: 34,
      mobile_number: '9876543210',
      present_in_city: false,
      present_city_name: 'Pune',
      is_dead: false,
      head_of_house: 2,
      sub_caste: 'Khaire',
      voter_image: null,
    });
    const audit = await auditRows('CREATE_VOTER', voter.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ table_name: 'voters', ip_address: '127.0.0.1' });
  });

  it('should accept a JSON body and default present_in_city to true and is_dead to false', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: as.Admin, payload: voterForm({ present_city_name: 'Mumbai' }) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ present_in_city: true, is_dead: false, present_city_name: null });
  });

  it('should let every role create a voter in a booth it may reach', async () => {
    for (const role of ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'] as const) {
      const response = await post(as[role], voterForm({ booth: 'Booth-01' }));
      expect(response.statusCode, role).toBe(201);
    }
    expect((await post(adminByBoothAccess, voterForm({ booth: 'Booth-300' }))).statusCode).toBe(201);
  });

  it('should answer 401 when signed out', async () => {
    const response = await post(undefined, voterForm());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('should refuse with 403 when a Karyakarta creates a voter in another booth or with no booth', async () => {
    const other = await post(as.Karyakarta, voterForm({ booth: 'Booth-02' }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only save voters in your own booths (Booth-01)');
    const none = await post(as.Karyakarta, voterForm({ booth: '' }));
    expect(none.statusCode).toBe(403);
    expect(none.json().fields.booth).toBe('Choose one of your booths');
  });

  it('should answer 409 "Voter ID already exists" for a duplicate voter_id, in any letter case', async () => {
    const first = await post(as.Admin, voterForm({ voter_id: 'DUP1234567' }));
    expect(first.statusCode).toBe(201);
    const again = await post(as.Admin, voterForm({ voter_id: 'dup1234567' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Voter ID already exists', fields: { voter_id: 'Voter ID already exists' } });
  });

  it('should answer 400 with a message per bad field and save nothing', async () => {
    const before = await t.ctx.db.selectFrom('voters').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await post(as.Admin, {
      voter_no: '',
      full_name: '  ',
      voter_id: 'x',
      age: '17',
      gender: 'Unknown',
      mobile_number: '12345',
      whatsapp_number: '98765432101',
      booth: 'Booth-999',
      caste: 'Martian',
      taluka: 'Digras',
      village: 'Nowhere',
      head_of_house: '6',
      political_preference: 'Whigs',
      date_of_birth: '2999-01-01',
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(fields).toMatchObject({
      voter_no: 'Voter Number is required',
      full_name: 'Full Name is required',
      voter_id: 'Voter ID must be 3 to 20 letters or digits',
      age: 'Age must be between 18 and 120',
      gender: 'Choose a gender from the list',
      mobile_number: 'Mobile Number must be 10 digits',
      whatsapp_number: 'WhatsApp Number must be 10 digits',
      booth: 'Choose a booth from the list',
      caste: 'Choose a caste from the list',
      village: 'Choose a village from the list',
      head_of_house: 'Head of House must be 1 to 5',
      political_preference: 'Choose a political preference from the list',
      date_of_birth: 'Date of Birth must be a past date (YYYY-MM-DD)',
    });
    const after = await t.ctx.db.selectFrom('voters').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('should check the sub-caste against the caste and the village against the taluka', async () => {
    const wrongSub = await post(as.Admin, voterForm({ caste: 'Kunbi', sub_caste: 'Deshastha' }));
    expect(wrongSub.json().fields).toEqual({ sub_caste: 'Choose a sub-caste of the chosen caste' });
    const noCaste = await post(as.Admin, voterForm({ sub_caste: 'Khaire' }));
    expect(noCaste.json().fields).toEqual({ sub_caste: 'Choose a caste before its sub-caste' });
    const wrongVillage = await post(as.Admin, voterForm({ taluka: 'Ner', village: 'Arambhi' }));
    expect(wrongVillage.json().fields).toEqual({ village: 'This village is not in the chosen taluka' });
    expect((await post(as.Admin, voterForm({ taluka: 'Ner', village: 'Other' }))).statusCode).toBe(201);
  });
});

describe('GET /api/voters/:id', () => {
  it('should return the voter to every role that may reach its booth', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    for (const role of ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}`, headers: as[role] });
      expect(response.statusCode, role).toBe(200);
      expect(response.json()).toMatchObject({ _id: voter.id, id: voter.id, voter_id: voter.voter_id });
    }
  });

  it('should answer 404 to a user outside the voter\'s booth, and 401 when signed out', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-02' });
    expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}`, headers: as.Supervisor })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}`, headers: as.Karyakarta });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ message: 'Voter not found' });
    expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}` })).statusCode).toBe(401);
  });

  it('should answer 404 for an id that does not exist or is not a number', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voters/999999', headers: as.Admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/voters/abc', headers: as.Admin })).statusCode).toBe(400);
  });
});

describe('PUT /api/voters/:id', () => {
  it('should let an Admin change any field but the voter ID, and audit the changed field names', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Old Name', booth: 'Booth-01' });
    const response = await put(as.Admin, voter.id, { full_name: 'New Name', booth: 'Booth-05', age: '40', mobile_number: '9123456780' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ full_name: 'New Name', booth: 'Booth-05', age: 40, mobile_number: '9123456780', voter_id: voter.voter_id, voter_no: voter.voter_no });
    const audit = await auditRows('UPDATE_VOTER', voter.id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? '{}').fields).toEqual(expect.arrayContaining(['full_name', 'booth', 'age', 'mobile_number']));
  });

  it('should refuse a change of voter_id by anyone, and accept the same value sent back', async () => {
    const voter = await seedVoter(t.ctx);
    const changed = await put(as['Super Admin'], voter.id, { voter_id: 'NEW9999999' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('Voter ID cannot be changed');
    expect((await put(as['Super Admin'], voter.id, { voter_id: voter.voter_id.toLowerCase(), comment: 'ok' })).statusCode).toBe(200);
  });

  it('should let a Karyakarta change unrestricted fields of a voter in their booth', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Sunita Pawar', booth: 'Booth-01', age: '50' });
    // The form sends every field back, restricted ones unchanged.
    const response = await put(as.Karyakarta, voter.id, { full_name: 'Sunita Pawar', age: '50', booth: 'Booth-01', mobile_number: '9988776655', political_preference: 'BJP', caste: 'Mali', sub_caste: 'Phulmali' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ mobile_number: '9988776655', political_preference: 'BJP', sub_caste: 'Phulmali' });
  });

  it('should refuse with 403 naming the field when a Karyakarta or Supervisor changes a restricted field', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Asha Rathod', booth: 'Booth-01', age: '41', ward_area: 'Ward 3' });
    const cases: [Record<string, string>, string][] = [
      [{ full_name: 'Someone Else' }, 'Full Name'],
      [{ age: '42' }, 'Age'],
      [{ father_husband_name: 'X' }, 'Father/Husband Name'],
      [{ house_no: '9' }, 'House No'],
      [{ ward_area: 'Ward 4' }, 'Ward/Area'],
      [{ village: 'Other' }, 'Village'],
      [{ booth: 'Booth-02' }, 'Booth'],
      [{ district: 'Akola' }, 'District'],
      [{ taluka: 'Ner' }, 'Taluka'],
    ];
    for (const [fields, label] of cases) {
      for (const role of ['Karyakarta', 'Supervisor'] as const) {
        const response = await put(as[role], voter.id, { ...fields, mobile_number: '9000000001' });
        expect(response.statusCode, `${role} ${label}`).toBe(403);
        expect(response.json().message).toBe(`Only Super Admin or Admin can change ${label}`);
      }
    }
    const stored = await t.ctx.db.selectFrom('voters').selectAll().where('id', '=', voter.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ full_name: 'Asha Rathod', age: 41, ward_area: 'Ward 3', mobile_number: null });
    expect(await auditRows('UPDATE_VOTER', voter.id)).toHaveLength(0);
  });

  it('should answer 404 to a Karyakarta editing a voter of another booth, and 401 when signed out', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-02' });
    expect((await put(as.Karyakarta, voter.id, { comment: 'x' })).statusCode).toBe(404);
    expect((await put(supervisorOtherBooth, voter.id, { comment: 'x' })).statusCode).toBe(404);
    expect((await put(as.Supervisor, voter.id, { comment: 'x' })).statusCode).toBe(200);
    expect((await put(undefined, voter.id, { comment: 'x' })).statusCode).toBe(401);
  });

  it('should validate the merged voter and save nothing when a field is bad', async () => {
    const voter = await seedVoter(t.ctx, { caste: 'Kunbi', sub_caste: 'Khaire' });
    const response = await put(as.Admin, voter.id, { caste: 'Mali', mobile_number: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ mobile_number: 'Mobile Number must be 10 digits' });
    const cleared = await put(as.Admin, voter.id, { caste: 'Mali', sub_caste: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ caste: 'Mali', sub_caste: null });
  });
});

describe('DELETE /api/voters/:id', () => {
  it('should let Super Admin and Admin soft-delete a voter that then disappears from get, list and count', async () => {
    for (const role of ['Super Admin', 'Admin'] as const) {
      const voter = await seedVoter(t.ctx, { full_name: `Gone ${role}`, voter_id: role === 'Admin' ? 'GONE000001' : 'GONE000002' });
      const response = await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: as[role] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Voter deleted successfully' });
      expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}`, headers: as.Admin })).statusCode).toBe(404);
      const list = await t.app.inject({ method: 'GET', url: `/api/voters?search=${encodeURIComponent(`Gone ${role}`)}`, headers: as.Admin });
      expect(list.json()).toMatchObject({ voters: [], total: 0 });
      const stored = await t.ctx.db.selectFrom('voters').select(['deleted_at', 'deleted_by']).where('id', '=', voter.id).executeTakeFirstOrThrow();
      expect(stored.deleted_at).not.toBeNull();
      expect(await auditRows('DELETE_VOTER', voter.id)).toHaveLength(1);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: as[role] })).statusCode).toBe(404);
    }
    // A deleted voter's ID may be entered again.
    expect((await post(as.Admin, voterForm({ voter_id: 'GONE000001' }))).statusCode).toBe(201);
  });

  it('should refuse Supervisor and Karyakarta with 403 and signed-out with 401', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    for (const role of ['Supervisor', 'Karyakarta'] as const) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: as[role] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}`, headers: as.Admin })).statusCode).toBe(200);
  });
});
