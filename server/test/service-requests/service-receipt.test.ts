import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const URL = '/api/service-requests';
const receipt = (headers: Headers, id: number) => t.app.inject({ method: 'GET', url: `${URL}/${id}/receipt`, headers });

describe('GET /api/service-requests/:id/receipt', () => {
  it("should word the receipt in the voter's message language with a wa.me link when the request names a voter", async () => {
    const admin = await signInAs(t, 'Admin');
    await t.app.inject({ method: 'PUT', url: '/api/settings', headers: (await signInAs(t, 'Super Admin')).headers, payload: { app_name: 'आमदार कार्यालय' } });
    const voter = await seedVoter(t.ctx, { full_name: 'Ramesh Jadhav', mobile_number: '9876500001', booth: 'Booth-03', message_language: 'mr' });
    const created = (await t.app.inject({ method: 'POST', url: URL, headers: admin.headers, payload: { voter_id: voter.id, category: 'water', description: 'No water for a week' } })).json();
    const response = await receipt(admin.headers, created.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ receipt_no: created.receipt_no, language: 'mr', category: 'water', status: 'New', office_name: 'आमदार कार्यालय', citizen_mobile: '9876500001' });
    expect(body.message).toContain(created.receipt_no);
    expect(body.message).toContain('पाणी');
    expect(body.message).toContain('नवीन');
    expect(body.whatsapp_href).toBe(`https://wa.me/919876500001?text=${encodeURIComponent(body.message)}`);
  });

  it("should use the office's language and give no WhatsApp link when the citizen is not a voter and has no mobile", async () => {
    const superAdmin = await signInAs(t, 'Super Admin');
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: superAdmin.headers, payload: { language: 'gu' } })).statusCode).toBe(200);
    const created = (await t.app.inject({ method: 'POST', url: URL, headers: superAdmin.headers, payload: { citizen_name: 'Walk-in', category: 'road', description: 'Pothole', booth: 'Booth-07' } })).json();
    const body = (await receipt(superAdmin.headers, created.id)).json();
    expect(body.language).toBe('gu');
    expect(body.message).toContain('રસ્તો');
    expect(body.whatsapp_href).toBeNull();
  });

  it("should give a field user the receipt of their booth's request and 404 for another booth's", async () => {
    const admin = await signInAs(t, 'Admin');
    const own = (await t.app.inject({ method: 'POST', url: URL, headers: admin.headers, payload: { citizen_name: 'A', category: 'road', description: 'x', booth: 'Booth-07' } })).json();
    const other = (await t.app.inject({ method: 'POST', url: URL, headers: admin.headers, payload: { citizen_name: 'B', category: 'road', description: 'x', booth: 'Booth-08' } })).json();
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-07'] });
    expect((await receipt(worker.headers, own.id)).statusCode).toBe(200);
    expect((await receipt(worker.headers, other.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${URL}/${own.id}/receipt` })).statusCode).toBe(401);
  });
});
