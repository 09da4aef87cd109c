import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTER_FIELD_LABELS, voterInputSchema } from '@shared/voters/voter-schema';
import { insertVoters } from '../../src/features/voters/voters-repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, seedVoter, signInEachRole, type RoleHeaders, voterForm } from './voter-test-helpers';
import { readWorkbook, sheetRows } from './spreadsheet-test-helpers';

let t: TestApp;
type Headers = { authorization: string };
let as: RoleHeaders;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInEachRole(t, 'Booth-10');
});
afterAll(async () => {
  await t.close();
});

const HEADERS = Object.values(VOTER_FIELD_LABELS);

function exportFiltered(headers: Headers | undefined, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/voters/exp/excel?${query}`, headers });
}

async function exportedRows(bytes: Buffer) {
  const workbook = await readWorkbook(bytes);
  const sheet = workbook.worksheets[0]!;
  return { sheet, rows: sheetRows(sheet) };
}

async function waitForAudit(action: string, after: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const row = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('id', '>', after).orderBy('id', 'desc').executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${action} audit row`);
}

async function lastAuditId(): Promise<number> {
  const row = await t.ctx.db.selectFrom('audit_logs').select('id').orderBy('id', 'desc').executeTakeFirst();
  return row?.id ?? 0;
}

describe('GET /api/voters/export/excel', () => {
  it('should stream every live voter as an .xlsx with readable headers and a frozen header row', async () => {
    const kept = await seedVoter(t.ctx, { full_name: 'Exported Voter', booth: 'Booth-20', age: '45', present_in_city: 'false', present_city_name: 'Mumbai' });
    const gone = await seedVoter(t.ctx, { full_name: 'Deleted Voter', booth: 'Booth-20' });
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers: as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="voters_export_${today}.xlsx"`);
    const { sheet, rows } = await exportedRows(response.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const names = rows.slice(1).map((row) => row[1]);
    expect(names).toContain('Exported Voter');
    expect(names).not.toContain('Deleted Voter');
    const row = rows.find((cells) => cells[2] === kept.voter_id)!;
    expect(row[HEADERS.indexOf('Age')]).toBe(45);
    expect(row[HEADERS.indexOf('Present in City')]).toBe('No');
    expect(row[HEADERS.indexOf('Present City Name')]).toBe('Mumbai');
  });

  it('should write cells that a spreadsheet would run as quoted text', async () => {
    const voter = await seedVoter(t.ctx, {
      full_name: '=HYPERLINK("http://evil.example","click")',
      father_husband_name: '+1+2',
      ward_area: '-3+cmd',
      comment: '@SUM(A1)',
      party_designation: '\tTabbed',
      booth: 'Booth-21',
    });
    const response = await exportFiltered(as.admin, 'booth=Booth-21');
    const { sheet, rows } = await exportedRows(response.rawPayload);
    const index = rows.findIndex((cells) => cells[2] === voter.voter_id);
    const cells = rows[index]!;
    expect(cells[HEADERS.indexOf('Full Name')]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(cells[HEADERS.indexOf('Father/Husband Name')]).toBe("'+1+2");
    expect(cells[HEADERS.indexOf('Ward/Area')]).toBe("'-3+cmd");
    expect(cells[HEADERS.indexOf('Comment')]).toBe("'@SUM(A1)");
    // Stored as plain strings: no cell of the file is a formula.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
  });
});

describe('GET /api/voters/exp/excel', () => {
  it('should export only the voters matching the filters of the list', async () => {
    const young = await seedVoter(t.ctx, { booth: 'Booth-22', age: '25', gender: 'Female' });
    await seedVoter(t.ctx, { booth: 'Booth-22', age: '70', gender: 'Female' });
    await seedVoter(t.ctx, { booth: 'Booth-23', age: '25', gender: 'Female' });
    const response = await exportFiltered(as.admin, 'booth=Booth-22&age_max=40&gender=Female&page=3&limit=1');
    expect(response.statusCode).toBe(200);
    const { rows } = await exportedRows(response.rawPayload);
    expect(rows.slice(1).map((cells) => cells[2])).toEqual([young.voter_id]);
  });

  it('should export in id order across many keyset pages', async () => {
    const inputs = Array.from({ length: 2100 }, () => voterInputSchema.parse(voterForm({ booth: 'Booth-24' })));
    await insertVoters(t.ctx.db, t.ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    const ids = inputs.map((input) => input.voter_id);
    const response = await exportFiltered(as.superAdmin, 'booth=Booth-24');
    const { rows } = await exportedRows(response.rawPayload);
    expect(rows.slice(1).map((cells) => cells[2])).toEqual(ids);
  });

  it('should refuse bad filters with 400', async () => {
    const response = await exportFiltered(as.admin, 'booth=Nowhere');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose a booth from the list');
  });

  it('should answer a filter holding a NUL with 400 before any byte of the file, as the list does, on both databases', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/voters?village=%00', headers: as.admin });
    const response = await exportFiltered(as.admin, 'village=%00');
    expect(list.statusCode).toBe(400);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Text must not contain the NUL character', fields: { village: 'Text must not contain the NUL character' } });
  });

  it('should allow only Super Admin and Admin, whose booth access is every booth', async () => {
    await seedVoter(t.ctx, { booth: 'Booth-10' });
    for (const headers of [as.supervisor, as.karyakarta]) {
      expect((await exportFiltered(headers, 'booth=Booth-10')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers })).statusCode).toBe(403);
    }
    expect((await exportFiltered(undefined, '')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/voters/export/excel' })).statusCode).toBe(401);
  });

  it('should record EXPORT_VOTERS with the filters and the row count', async () => {
    await seedVoter(t.ctx, { booth: 'Booth-25' });
    await seedVoter(t.ctx, { booth: 'Booth-25' });
    const before = await lastAuditId();
    await exportFiltered(as.admin, 'booth=Booth-25&search=');
    const row = await waitForAudit('EXPORT_VOTERS', before);
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({ all: false, filters: { booth: 'Booth-25' }, rows: 2, complete: true });
  });
});

describe('Export then import (round trip)', () => {
  it('should give back the same voters', async () => {
    const fields = [
      { full_name: 'राहुल शिवाजी चव्हाण', age: '34', gender: 'Male', date_of_birth: '1991-05-02', father_husband_name: 'शिवाजी चव्हाण', religion: 'Hindu', disability: 'No' },
      { mobile_number: '9876543210', whatsapp_number: '9876543211', house_no: '12/A', ward_area: 'Shivaji Nagar', taluka: 'Digras', village: 'Arambhi', district: 'Yavatmal' },
      { present_in_city: 'false', present_city_name: 'Pune', category: 'obc', caste: 'Kunbi', sub_caste: 'Khaire', political_preference: 'Congress', party_designation: 'Member' },
      { head_of_house: '2', occupation: 'Farmer', occupation_subcategory: 'self', is_dead: 'true', comment: '=1+1 is not a formula', full_name: '-Dash Name' },
    ];
    const originals = [];
    for (const overrides of fields) originals.push(await seedVoter(t.ctx, { booth: 'Booth-26', ...overrides }));
    const exported = await exportFiltered(as.admin, 'booth=Booth-26');
    // The voters leave (soft-deleted), then come back from the file.
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('booth', '=', 'Booth-26').execute();
    const body = multipart({}, { field: 'file', filename: 'voters_export.xlsx', contentType: 'application/octet-stream', data: exported.rawPayload });
    const imported = await t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...as.admin, ...body.headers }, payload: body.payload });
    expect(imported.json()).toMatchObject({ imported: 4, updated: 0, errors: 0, unknownColumns: [] });
    const strip = (row: Record<string, unknown>) => {
      const { id: _id, created_at: _c, updated_at: _u, created_by: _cb, updated_by: _ub, deleted_at: _d, deleted_by: _db, change_seq: _seq, ...rest } = row;
      // change_seq numbers writes for the phones' sync (migration 030): a new write, a new number.
      return rest;
    };
    for (const original of originals) {
      const back = await t.ctx.db.selectFrom('voters').selectAll().where('voter_id', '=', original.voter_id).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
      expect(strip(back)).toEqual(strip(original));
    }
  });
});
