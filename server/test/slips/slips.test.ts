import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipShare } from '@shared/slips/slip-schema';
import { pdfPagesText } from '../../src/features/slips/pdf-reading';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedHousehold } from '../households/household-test-helpers';
import { type RoleHeaders, seedVoter, signInEachRole } from '../voters/voter-test-helpers';

// Voter slips (issue 22) on both databases: who may print which slips, what a PDF holds, the
// audit row with counts, bad input, and the share data for WhatsApp.
let t: TestApp;
let roles: RoleHeaders;
const BOOTH = { id: 241, label: 'Booth-241' };
const OTHER = { id: 242, label: 'Booth-242' };
let voterId: number;
let otherVoterId: number;
let deletedId: number;
let householdId: number;
let otherHouseholdId: number;

type Headers = { authorization: string } | Record<string, never>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const epicOf = (serial: number) => `SLP${String(serial).padStart(7, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  roles = await signInEachRole(t, BOOTH.label);
  // Booth-241: 25 listed voters (serials 1-25), one deleted (26), one marked duplicate (27).
  for (let serial = 1; serial <= 25; serial += 1) {
    const voter = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, voter_id: epicOf(serial), full_name: `Slip Voter ${serial}`, mobile_number: '9876543210' } as never);
    if (serial === 1) voterId = voter.id;
  }
  deletedId = (await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 26, voter_id: epicOf(26) } as never)).id;
  await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', deletedId).execute();
  const duplicate = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 27, voter_id: epicOf(27) } as never);
  await t.ctx.db.updateTable('voters').set({ duplicate_of: voterId }).where('id', '=', duplicate.id).execute();
  otherVoterId = (await seedVoter(t.ctx, { booth: OTHER.label, part_serial: 1, voter_id: 'OTH0000001' } as never)).id;
  await t.ctx.db
    .updateTable('booths')
    .set({ part_number: 241, polling_station_number: 241, polling_station_name: 'Zilla Parishad School', polling_station_address: 'Main Road, Arni' })
    .where('id', '=', BOOTH.id)
    .execute();
  householdId = (await seedHousehold(t, { booth: BOOTH.label, members: 3 })).id;
  otherHouseholdId = (await seedHousehold(t, { booth: OTHER.label, members: 1 })).id;
});
afterAll(async () => t.close());

describe('GET /api/slips/booths/:id', () => {
  it('should give a PDF of every listed voter of the booth when an Admin prints it', async () => {
    const response = await get(`/api/slips/booths/${BOOTH.id}?lang=en`, roles.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('voter-slips-booth-241-en-a4.pdf');
    // 25 booth voters + 3 household members seeded without a serial.
    expect(response.headers['x-slip-count']).toBe('28');
    const pages = await pdfPagesText(response.rawPayload);
    expect(pages).toHaveLength(3);
    const text = pages.join(' ');
    for (let serial = 1; serial <= 25; serial += 1) expect(text).toContain(epicOf(serial));
    expect(text).not.toContain(epicOf(26));
    expect(text).not.toContain(epicOf(27));
    expect(text).toContain('Zilla Parishad School');
    expect(text).toContain('Main Road, Arni');
  });

  it('should print one roll page when page is given', async () => {
    const settings = await get('/api/settings', roles.admin);
    const version = settings.json<{ version: number }>().version;
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { page_size: '10', version }, headers: roles.admin })).statusCode).toBe(200);
    const response = await get(`/api/slips/booths/${BOOTH.id}?page=2&format=thermal58`, roles.supervisor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-slip-count']).toBe('10');
    const pages = await pdfPagesText(response.rawPayload);
    // One slip per thermal label, serials 11 to 20.
    expect(pages).toHaveLength(10);
    expect(pages[0]).toContain(epicOf(11));
    expect(pages[9]).toContain(epicOf(20));
  });

  it('should record who printed how many slips', async () => {
    const before = await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', 'PRINT_SLIPS').execute();
    expect((await get(`/api/slips/booths/${BOOTH.id}?lang=gu&format=thermal80`, roles.karyakarta)).statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'PRINT_SLIPS').orderBy('id', 'desc').execute();
    expect(rows.length).toBe(before.length + 1);
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ source: 'booth', booth_id: BOOTH.id, count: 28, lang: 'gu', format: 'thermal80' });
    expect(rows[0]?.record_name).toBe(BOOTH.label);
  });

  it('should refuse a booth outside the field roles\' booths with 403', async () => {
    for (const headers of [roles.supervisor, roles.karyakarta]) {
      const response = await get(`/api/slips/booths/${OTHER.id}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(`You do not have access to ${OTHER.label}`);
    }
    expect((await get(`/api/slips/booths/${OTHER.id}`, roles.superAdmin)).statusCode).toBe(200);
  });

  it('should answer 401 when signed out', async () => {
    const response = await get(`/api/slips/booths/${BOOTH.id}`, {});
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe('Please sign in to continue');
  });

  it('should answer 400 with a message when the language, format or page is wrong', async () => {
    const language = await get(`/api/slips/booths/${BOOTH.id}?lang=fr`, roles.admin);
    expect(language.statusCode).toBe(400);
    expect(language.json<{ message: string }>().message).toContain('Slip language must be mr, hi, gu or en');
    const format = await get(`/api/slips/booths/${BOOTH.id}?format=a3`, roles.admin);
    expect(format.statusCode).toBe(400);
    expect(format.json<{ message: string }>().message).toContain('Slip format must be a4, thermal58 or thermal80');
    const page = await get(`/api/slips/booths/${BOOTH.id}?page=0`, roles.admin);
    expect(page.statusCode).toBe(400);
    expect(page.json<{ message: string }>().message).toContain('Page must be 1 or more');
    // Far past any roll: its serials would not fit PostgreSQL's integer column (CI found it).
    const farPage = await get(`/api/slips/booths/${BOOTH.id}?page=2147483638`, roles.admin);
    expect(farPage.statusCode).toBe(400);
    expect(farPage.json<{ message: string }>().message).toContain('Page must be 2000 or less');
    expect((await get('/api/slips/booths/999', roles.admin)).statusCode).toBe(400);
  });

  it('should answer 404 when the roll page has no voters', async () => {
    const response = await get(`/api/slips/booths/${BOOTH.id}?page=40`, roles.admin);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('No voters to print slips for');
  });
});

describe('GET /api/slips/voters/:id', () => {
  it('should give one slip in Marathi by default for every role within its booths', async () => {
    for (const headers of [roles.superAdmin, roles.admin, roles.supervisor, roles.karyakarta]) {
      const response = await get(`/api/slips/voters/${voterId}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-slip-count']).toBe('1');
      const [page] = await pdfPagesText(response.rawPayload);
      expect(page).toContain(epicOf(1));
      // The Marathi label "EPIC" sits in the Marathi wording of the voter ID.
      expect(page).toContain('(EPIC)');
    }
  });

  it('should answer 404 for a voter outside the booths, deleted or unknown', async () => {
    expect((await get(`/api/slips/voters/${otherVoterId}`, roles.karyakarta)).statusCode).toBe(404);
    expect((await get(`/api/slips/voters/${otherVoterId}`, roles.supervisor)).statusCode).toBe(404);
    const deleted = await get(`/api/slips/voters/${deletedId}`, roles.admin);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json<{ message: string }>().message).toBe('Voter not found');
    expect((await get('/api/slips/voters/99999999', roles.admin)).statusCode).toBe(404);
  });
});

describe('GET /api/slips/households/:id', () => {
  it("should give the household members' slips", async () => {
    const response = await get(`/api/slips/households/${householdId}?lang=hi`, roles.karyakarta);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-slip-count']).toBe('3');
  });

  it('should answer 404 for a household outside the booths', async () => {
    const response = await get(`/api/slips/households/${otherHouseholdId}`, roles.supervisor);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Household not found');
  });
});

describe('GET /api/slips/search', () => {
  it('should print the voters matching the voter-list filters within the booths', async () => {
    const response = await get(`/api/slips/search?search=${encodeURIComponent('Slip Voter 1')}&lang=en`, roles.admin);
    expect(response.statusCode).toBe(200);
    const count = Number(response.headers['x-slip-count']);
    // "Slip Voter 1" and 10-19 by name (the name search matches words).
    expect(count).toBeGreaterThanOrEqual(1);
    const text = (await pdfPagesText(response.rawPayload)).join(' ');
    expect(text).toContain(epicOf(1));
    expect(text).not.toContain('OTH0000001');
  });

  it("should keep a Karyakarta's search to their booths and refuse another booth's filter", async () => {
    const mine = await get('/api/slips/search?format=thermal80', roles.karyakarta);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-slip-count']).toBe('28');
    const other = await get(`/api/slips/search?booth=${OTHER.label}`, roles.karyakarta);
    expect(other.statusCode).toBe(403);
    expect(other.json<{ message: string }>().message).toBe(`You do not have access to ${OTHER.label}`);
  });

  it('should answer 400 when the filters are wrong', async () => {
    const response = await get('/api/slips/search?age_min=50&age_max=20', roles.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('Maximum age must not be less than minimum age');
  });
});

describe('GET /api/slips/voters/:id/share and /households/:id/share', () => {
  it('should give the slip data and the mobile to send it to, audited', async () => {
    const response = await get(`/api/slips/voters/${voterId}/share`, roles.karyakarta);
    expect(response.statusCode).toBe(200);
    const share = response.json<SlipShare>();
    expect(share.slips).toHaveLength(1);
    expect(share.slips[0]).toMatchObject({ epic: epicOf(1), serial: 1, part_number: 241, station_name: 'Zilla Parishad School', mobile: '9876543210' });
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SHARE_SLIPS').execute();
    expect(audit.length).toBe(1);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ source: 'voter', count: 1 });
  });

  it('should give every household member and refuse one outside the booths', async () => {
    const mine = await get(`/api/slips/households/${householdId}/share`, roles.supervisor);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<SlipShare>().slips).toHaveLength(3);
    expect((await get(`/api/slips/households/${otherHouseholdId}/share`, roles.karyakarta)).statusCode).toBe(404);
    expect((await get(`/api/slips/voters/${voterId}/share`, {})).statusCode).toBe(401);
  });
});
