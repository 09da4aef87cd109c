import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { csvFile } from '../voters/spreadsheet-test-helpers';
import { multipart, seedVoter, signInEachRole, type RoleHeaders } from '../voters/voter-test-helpers';

// The voter's part serial number (issue 20): a field of the field table, read from a roll's
// "Serial No" / अनुक्रमांक column, changed once saved only by office roles.
let t: TestApp;
let as: RoleHeaders;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInEachRole(t, 'Booth-01');
});
afterAll(async () => t.close());

let counter = 0;
const newVoterId = () => `PSN${Date.now().toString(36).toUpperCase().slice(-5)}${String((counter += 1)).padStart(3, '0')}`;

function upload(data: Buffer) {
  const body = multipart({}, { field: 'file', filename: 'roll.csv', contentType: 'text/csv', data });
  return t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...as.admin, ...body.headers }, payload: body.payload });
}
const liveVoter = (voterId: string) => t.ctx.db.selectFrom('voters').selectAll().where('voter_id', '=', voterId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();

describe('part_serial in an import', () => {
  it.each(['Serial No', 'Sr No', 'अनुक्रमांक', 'अ.क्र.', 'Part Serial No'])('should read the %s column as the part serial and the voter number when the file has no voter number', async (header) => {
    const id = newVoterId();
    const response = await upload(csvFile([[header, 'Full Name', 'Voter ID', 'Booth'], ['17', 'Roll Voter', id, 'Booth-04']]));
    expect(response.json()).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter(id)).toMatchObject({ part_serial: 17, voter_no: '17', booth: 'Booth-04' });
  });

  it('should keep the voter number and the serial apart when the file has both', async () => {
    const id = newVoterId();
    const response = await upload(csvFile([['Voter Number', 'अ.क्र.', 'Full Name', 'Voter ID'], ['B4-900', '256', 'Two Numbers', id]]));
    expect(response.json()).toMatchObject({ imported: 1, errors: 0 });
    expect(await liveVoter(id)).toMatchObject({ part_serial: 256, voter_no: 'B4-900' });
  });

  it('should report the row under the file own column name when the serial is not a whole number', async () => {
    const response = await upload(csvFile([['Serial No', 'Voter Number', 'Full Name', 'Voter ID'], ['12a', '1', 'Bad Serial', newVoterId()], ['0', '2', 'Zero Serial', newVoterId()]]));
    expect(response.json()).toMatchObject({ imported: 0, errors: 2 });
    expect(response.json().errorDetails).toEqual([
      { row: 2, column: 'Serial No', message: 'Part Serial No must be a whole number from 1 to 9999' },
      { row: 3, column: 'Serial No', message: 'Part Serial No must be a whole number from 1 to 9999' },
    ]);
  });
});

describe('part_serial on the voter form', () => {
  it('should let a field role set it on a new voter but not change it afterwards, and an Admin change it', async () => {
    const form = multipart({ voter_no: '1', full_name: 'Form Voter', voter_id: newVoterId(), booth: 'Booth-01', part_serial: '45' });
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...as.karyakarta, ...form.headers }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().part_serial).toBe(45);
    const id = created.json().id as number;

    const change = multipart({ part_serial: '46' });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/voters/${id}`, headers: { ...as.supervisor, ...change.headers }, payload: change.payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only Super Admin or Admin can change Part Serial No');
    const allowed = await t.app.inject({ method: 'PUT', url: `/api/voters/${id}`, headers: { ...as.admin, ...change.headers }, payload: change.payload });
    expect(allowed.json().part_serial).toBe(46);
  });

  it('should read a roll page through the (booth, part_serial, last_contact_at) index of live voters', async () => {
    await seedVoter(t.ctx, { booth: 'Booth-09', part_serial: 3 });
    if (t.ctx.dialect.name === 'sqlite') {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM voters WHERE booth = 'Booth-09' AND part_serial >= 1 AND part_serial <= 30 AND deleted_at IS NULL ORDER BY part_serial, id`.execute(t.ctx.db);
      expect(plan.rows.map((row) => row.detail).join(' ')).toContain('voters_booth_serial_contact_idx');
    } else {
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'voters_booth_serial_contact_idx'`.execute(t.ctx.db);
      // Migration 027 carries the coverage columns too, so the counts read the index alone.
      expect(rows[0]?.indexdef).toMatch(/\(booth, part_serial, last_contact_at, duplicate_of, is_dead, present_in_city, deleted_at\) WHERE \(deleted_at IS NULL\)/);
    }
  });
});
