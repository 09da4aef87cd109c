import * as XLSX from '@e965/xlsx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings/settings-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

// Issue 59: the register's filters by registration date and its xlsx export, stamped and
// audited as voter exports are (decisions 016 and 090).

let t: TestApp;
let office: { authorization: string };
let officeId: number;

type Headers = { authorization: string };
const URL = '/api/service-requests';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signInAs(t, 'Super Admin', { full_name: 'Export Officer', username: 'export.officer' });
  office = admin.headers;
  officeId = admin.user.id;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setSettings(DEFAULT_SETTINGS);
});

async function setSettings(changes: Partial<Settings>) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: office, payload: changes });
  expect(response.statusCode).toBe(200);
}

async function register(payload: Record<string, unknown>): Promise<{ id: number; receipt_no: string }> {
  const response = await t.app.inject({ method: 'POST', url: URL, headers: office, payload: { category: 'water', description: 'No water for a week', booth: 'Booth-31', ...payload } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

// Moves a request's registration to another instant (the register dates it now).
async function registeredAt(id: number, at: string) {
  await t.ctx.db.updateTable('service_requests').set({ created_at: at }).where('id', '=', id).execute();
}

const list = (headers: Headers, query: string) => t.app.inject({ method: 'GET', url: `${URL}?${query}`, headers });
const exportFile = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `${URL}/export/excel${query ? `?${query}` : ''}`, headers });

function sheets(bytes: Buffer) {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const rows = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name]!, { header: 1, defval: null });
  return { names: workbook.SheetNames, rows, props: workbook.Props, custom: workbook.Custprops as Record<string, unknown> | undefined };
}

async function waitForAudit(action: string, userId: number, count = 1) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('user_id', '=', userId).orderBy('id').execute();
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${action} audit row`);
}

describe('GET /api/service-requests?from&to', () => {
  it("should list only the requests registered between the dates when from and to are given, in the office's timezone", async () => {
    const early = await register({ citizen_name: 'Dates Early' });
    const inside = await register({ citizen_name: 'Dates Inside' });
    const late = await register({ citizen_name: 'Dates Late' });
    // 2025-03-09 23:00 in India is 17:30 UTC; 2025-03-10 00:10 in India is 2025-03-09 18:40 UTC.
    await registeredAt(early.id, '2025-03-09T17:29:00.000Z');
    await registeredAt(inside.id, '2025-03-09T18:40:00.000Z');
    await registeredAt(late.id, '2025-03-12T18:31:00.000Z');
    const response = await list(office, 'from=2025-03-10&to=2025-03-12&search=Dates');
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { citizen_name: string }) => item.citizen_name)).toEqual(['Dates Inside']);
    const fromOnly = await list(office, 'from=2025-03-10&search=Dates');
    expect(fromOnly.json().items.map((item: { citizen_name: string }) => item.citizen_name)).toEqual(['Dates Late', 'Dates Inside']);
    const toOnly = await list(office, 'to=2025-03-09&search=Dates');
    expect(toOnly.json().items.map((item: { citizen_name: string }) => item.citizen_name)).toEqual(['Dates Early']);
  });

  it('should answer 400 when a date is not a date or the end comes before the start', async () => {
    const bad = await list(office, 'from=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.from).toBe('This date does not exist in the calendar');
    const reversed = await list(office, 'from=2025-03-12&to=2025-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.to).toBe('The end date must be on or after the start date');
  });
});

describe('GET /api/service-requests/export/excel', () => {
  it('should stream the filtered requests newest first with an About sheet, a footer and properties naming the exporter, and an audit row with the reference', async () => {
    const first = await register({ citizen_name: 'Export One', citizen_mobile: '9822000001', category: 'road', description: '=HYPERLINK("http://evil")', village: 'Loni', booth: 'Booth-44' });
    const second = await register({ citizen_name: 'Export Two', category: 'road', booth: 'Booth-44', due_date: '2020-01-01' });
    await register({ citizen_name: 'Export Other', category: 'water', booth: 'Booth-44' });
    const response = await exportFile(office, 'category=road&booth=Booth-44');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="service_requests_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = sheets(response.rawPayload);
    expect(book.names).toEqual(['Service requests', 'About this file']);
    const rows = book.rows('Service requests');
    expect(rows[0]).toEqual(expect.arrayContaining(['Receipt No.', 'Registered On', 'Citizen', 'Mobile', 'Category', 'Status', 'Overdue', 'Days To Resolve']));
    const receipts = rows.slice(1).map((row) => row[0]);
    expect(receipts).toEqual([second.receipt_no, first.receipt_no]);
    const one = rows[2]!;
    expect(one[2]).toBe('Export One');
    expect(one[3]).toBe('9822000001');
    expect(one[5]).toBe('Road');
    // A formula typed into a description is kept as text, never run.
    expect(one[7]).toBe('\'=HYPERLINK("http://evil")');
    expect(one[9]).toBe('Loni');
    expect(one[11]).toBe('New');
    expect(rows[1]![14]).toBe('Yes');
    const about = Object.fromEntries(book.rows('About this file').slice(1).map(([label, value]) => [label as string, value]));
    expect(about['Exported by']).toBe('Export Officer (export.officer)');
    expect(about['Requests in this file']).toBe(2);
    expect(about.Filter).toBe('category=road; booth=Booth-44');
    expect(String(about.Confidential)).toContain("citizens' names, mobiles and complaints");
    expect(book.props?.Title).toBe('Service request export');
    const [audit] = await waitForAudit('EXPORT_SERVICE_REQUESTS', officeId);
    const details = JSON.parse(audit!.details ?? '{}');
    expect(details).toMatchObject({ rows: 2, complete: true, filters: { category: 'road', booth: 'Booth-44' }, filter: 'category=road; booth=Booth-44' });
    expect(details.reference).toBe(about['Export reference']);
    expect(audit!.table_name).toBe('service_requests');
  });

  it('should let an Admin export and count it against the daily export limit shared with voter exports, refusing with 429 and an EXPORT_REFUSED row past it', async () => {
    const admin = await signInAs(t, 'Admin');
    await setSettings({ export_limit_admin: '1' });
    const ok = await exportFile(admin.headers, 'status=New');
    expect(ok.statusCode).toBe(200);
    const refused = await exportFile(admin.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Daily export limit reached: each Admin may export 1 time a day\./);
    expect(refused.headers['retry-after']).toBeDefined();
    const voters = await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers: admin.headers });
    expect(voters.statusCode).toBe(429);
    const rows = await waitForAudit('EXPORT_REFUSED', admin.user.id);
    expect(rows[0]?.table_name).toBe('service_requests');
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403 and write no file`, async () => {
      const worker = await signInAs(t, role, { booth_access: ['Booth-31'] });
      const response = await exportFile(worker.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to do this');
    });
  }

  it('should answer 401 without a session and 400 for a bad filter', async () => {
    expect((await exportFile(undefined as unknown as Headers)).statusCode).toBe(401);
    const bad = await exportFile(office, 'status=Lost&to=2025-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ status: 'Choose a status from the list' });
  });
});
