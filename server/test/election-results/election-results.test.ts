import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoothHistory, ElectionList, ElectionResults, ResultsImportAnswer } from '@shared/election-results/election-results-schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { csvFile, xlsxFile } from '../voters/spreadsheet-test-helpers';
import { multipart, signInEachRole, type RoleHeaders } from '../voters/voter-test-helpers';
import { zipBomb } from '../voters/spreadsheet-test-helpers';

// Past results per booth (issue 61, decision 076) on both databases: the import (preview,
// refusal, replace), the booth's history and the election's booths by booth access, deletion,
// audit rows, and who may do what.
let t: TestApp;
let as: RoleHeaders;
type Headers = { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  as = await signInEachRole(t, 'Booth-07');
});
afterAll(async () => t.close());

const HEADER = ['Part No', 'Ramesh Patil (BJP)', 'Sunil More - Congress', 'Asha Jadhav', 'NOTA', 'Total Electors', 'Votes Polled'];
const GOOD: (string | number)[][] = [
  HEADER,
  ['7', 400, 300, 50, 10, 1000, 800],
  ['Booth-08', 100, 500, 20, 5, 900, 650],
  ['Total', 500, 800, 70, 15, 1900, 1450],
];

function upload(headers: Headers | undefined, file: { filename: string; data: Buffer }, fields: Record<string, string>) {
  const body = multipart(fields, { field: 'file', filename: file.filename, contentType: 'application/octet-stream', data: file.data });
  return t.app.inject({ method: 'POST', url: '/api/election-results/import', headers: { ...headers, ...body.headers }, payload: body.payload });
}
const ELECTION = { name: 'Digras Vidhan Sabha', year: '2019', kind: 'assembly' };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const auditCount = async (action: string) => (await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

describe('POST /api/election-results/import', () => {
  it('should read the candidates, their parties and the booths and save nothing when previewing', async () => {
    const response = await upload(as.admin, { filename: 'form20.csv', data: csvFile(GOOD) }, { ...ELECTION, preview: 'true' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<ResultsImportAnswer>();
    expect(answer.saved).toBe(false);
    expect(answer.booths).toBe(2);
    expect(answer.candidates).toEqual([
      { column: 'Ramesh Patil (BJP)', name: 'Ramesh Patil', party: 'BJP' },
      { column: 'Sunil More - Congress', name: 'Sunil More', party: 'Congress' },
      { column: 'Asha Jadhav', name: 'Asha Jadhav', party: null },
      { column: 'NOTA', name: 'NOTA', party: null },
    ]);
    expect(await t.ctx.db.selectFrom('past_elections').selectAll().execute()).toEqual([]);
  });

  it('should save the results and an audit row when an Admin imports an .xlsx', async () => {
    const before = await auditCount('IMPORT_ELECTION_RESULTS');
    const response = await upload(as.admin, { filename: 'form20.xlsx', data: await xlsxFile(GOOD) }, ELECTION);
    expect(response.statusCode).toBe(200);
    const answer = response.json<ResultsImportAnswer>();
    expect(answer).toMatchObject({ saved: true, replaced: false, booths: 2, refused: 0 });
    expect(answer.election).toMatchObject({ name: 'Digras Vidhan Sabha', year: 2019, kind: 'assembly', booths: 2 });
    expect(await auditCount('IMPORT_ELECTION_RESULTS')).toBe(before + 1);
  });

  it('should answer 409 and keep the first import when the same election comes again without replace', async () => {
    const response = await upload(as.superAdmin, { filename: 'again.csv', data: csvFile(GOOD) }, ELECTION);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/Replace/);
  });

  it('should replace the earlier import when replace is sent', async () => {
    const changed = GOOD.map((row, index) => (index === 1 ? ['7', 401, 300, 50, 10, 1000, 800] : row));
    const response = await upload(as.superAdmin, { filename: 'again.csv', data: csvFile(changed) }, { ...ELECTION, replace: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ResultsImportAnswer>()).toMatchObject({ saved: true, replaced: true });
    const elections = await t.ctx.db.selectFrom('past_elections').selectAll().where('name', '=', ELECTION.name).execute();
    expect(elections).toHaveLength(1);
    const history = (await get('/api/election-results/booths/7', as.admin)).json<BoothHistory>();
    expect(history.results[0]?.votes[0]).toEqual({ name: 'Ramesh Patil', party: 'BJP', votes: 401, share: 50.1 });
  });

  it.each([
    ['Supervisor', 'supervisor'],
    ['Karyakarta', 'karyakarta'],
  ] as const)('should refuse a %s with 403 when they import results', async (_role, key) => {
    const response = await upload(as[key], { filename: 'form20.csv', data: csvFile(GOOD) }, { ...ELECTION, name: 'Field try' });
    expect(response.statusCode).toBe(403);
  });

  it('should answer 401 when nobody is signed in', async () => {
    expect((await upload(undefined, { filename: 'form20.csv', data: csvFile(GOOD) }, ELECTION)).statusCode).toBe(401);
  });

  it('should refuse a sheet with 400 when its header names no booth column', async () => {
    const response = await upload(as.admin, { filename: 'bad.csv', data: csvFile([['Name', 'BJP', 'Total Electors', 'Votes Polled'], ['x', 1, 2, 2]]) }, { ...ELECTION, name: 'Header test' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/header row with a Booth/);
  });

  it('should refuse a sheet with 400 when the votes polled column is missing', async () => {
    const response = await upload(as.admin, { filename: 'bad.csv', data: csvFile([['Booth', 'BJP', 'Total Electors'], ['7', 1, 2]]) }, { ...ELECTION, name: 'Header test' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/Not found: Votes polled/);
  });

  it('should list each refused row with its reasons and save nothing when rows are wrong', async () => {
    const rows = [
      HEADER,
      ['7', 10, 10, 10, 0, 100, 50],
      ['Booth-999', 1, 1, 1, 0, 100, 50],
      ['9', -5, 1, 1, 0, 100, 50],
      ['10', 'many', 1, 1, 0, 100, 50],
      ['11', 40, 40, 0, 0, 100, 50],
      ['12', 1, 1, 1, 0, 100, 150],
      ['7', 1, 1, 1, 0, 100, 50],
    ];
    const response = await upload(as.admin, { filename: 'wrong.csv', data: csvFile(rows) }, { ...ELECTION, name: 'Refused' });
    expect(response.statusCode).toBe(400);
    const answer = response.json<ResultsImportAnswer>();
    expect(answer.saved).toBe(false);
    expect(answer.refused).toBe(6);
    const reasons = Object.fromEntries(answer.rows_refused.map((row) => [row.row, row.reasons.join(' | ')]));
    expect(reasons[3]).toMatch(/"Booth-999" is not a booth/);
    expect(reasons[4]).toBe('Votes for Ramesh Patil (BJP) must be a whole number of 0 or more');
    expect(reasons[5]).toBe('Votes for Ramesh Patil (BJP) must be a whole number of 0 or more');
    expect(reasons[6]).toBe("The candidates' votes (80) are more than the votes polled (50)");
    expect(reasons[7]).toBe('Votes polled (150) are more than the electors (100)');
    expect(reasons[8]).toBe('Booth-07 is on row 2 already');
    expect(await t.ctx.db.selectFrom('past_elections').select('id').where('name', '=', 'Refused').execute()).toEqual([]);
  });

  it('should refuse a renamed file and a zip bomb without reading them as results', async () => {
    const renamed = await upload(as.admin, { filename: 'results.xlsx', data: Buffer.from('Booth,BJP\n1,2\n') }, { ...ELECTION, name: 'Hostile' });
    expect(renamed.statusCode).toBe(400);
    const bomb = await upload(as.admin, { filename: 'results.xlsx', data: zipBomb() }, { ...ELECTION, name: 'Hostile' });
    expect([400, 413]).toContain(bomb.statusCode);
    expect(await t.ctx.db.selectFrom('past_elections').select('id').where('name', '=', 'Hostile').execute()).toEqual([]);
  });

  it('should answer 400 when the year or kind is not given', async () => {
    const response = await upload(as.admin, { filename: 'form20.csv', data: csvFile(GOOD) }, { name: 'No year', kind: 'assembly' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.year).toMatch(/Year must be a year/);
  });
});

describe('GET /api/election-results/booths/:id', () => {
  it("should give the booth's history newest first with turnout and shares when results exist", async () => {
    const older = [HEADER.map((header) => (header === 'Sunil More - Congress' ? 'Congress' : header)), ['7', 200, 200, 0, 0, 900, 450]];
    expect((await upload(as.admin, { filename: 'ls.csv', data: csvFile(older) }, { name: 'Yavatmal-Washim', year: '2014', kind: 'lok_sabha' })).statusCode).toBe(200);
    const response = await get('/api/election-results/booths/7', as.karyakarta);
    expect(response.statusCode).toBe(200);
    const history = response.json<BoothHistory>();
    expect(history.booth).toBe('Booth-07');
    expect(history.results.map((result) => [result.election.year, result.election.kind])).toEqual([
      [2019, 'assembly'],
      [2014, 'lok_sabha'],
    ]);
    expect(history.results[0]).toMatchObject({ electors: 1000, polled: 800, turnout: 80 });
    expect(history.results[1]?.votes[1]).toEqual({ name: 'Congress', party: 'Congress', votes: 200, share: 44.4 });
  });

  it("should refuse a field role with 403 when the booth is not theirs", async () => {
    expect((await get('/api/election-results/booths/8', as.karyakarta)).statusCode).toBe(403);
    expect((await get('/api/election-results/booths/8', as.supervisor)).statusCode).toBe(403);
    expect((await get('/api/election-results/booths/8', as.admin)).statusCode).toBe(200);
  });
});

describe('GET /api/election-results/:id', () => {
  it("should give a field role only their booths' rows when they read an election", async () => {
    const { elections } = (await get('/api/election-results', as.karyakarta)).json<ElectionList>();
    const assembly = elections.find((election) => election.kind === 'assembly');
    expect(assembly?.booths).toBe(2);
    const mine = (await get(`/api/election-results/${assembly?.id}`, as.karyakarta)).json<ElectionResults>();
    expect(mine.booths.map((booth) => booth.booth)).toEqual(['Booth-07']);
    const all = (await get(`/api/election-results/${assembly?.id}`, as.admin)).json<ElectionResults>();
    expect(all.booths.map((booth) => booth.booth)).toEqual(['Booth-07', 'Booth-08']);
  });

  it('should answer 404 when the election does not exist', async () => {
    expect((await get('/api/election-results/99999', as.admin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/election-results/:id', () => {
  it('should refuse field roles and let an Admin delete the results with an audit row', async () => {
    const { elections } = (await get('/api/election-results', as.admin)).json<ElectionList>();
    const target = elections.find((election) => election.kind === 'lok_sabha');
    expect(target).toBeDefined();
    const url = `/api/election-results/${target?.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.supervisor })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.karyakarta })).statusCode).toBe(403);
    const before = await auditCount('DELETE_ELECTION_RESULTS');
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.admin })).statusCode).toBe(200);
    expect(await auditCount('DELETE_ELECTION_RESULTS')).toBe(before + 1);
    expect(await t.ctx.db.selectFrom('past_booth_votes').select('booth').where('election_id', '=', target?.id ?? 0).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.admin })).statusCode).toBe(404);
    const history = (await get('/api/election-results/booths/7', as.admin)).json<BoothHistory>();
    expect(history.results.map((result) => result.election.kind)).toEqual(['assembly']);
  });
});

describe('GET /api/booths/:id class from past votes', () => {
  const putSettings = (payload: Record<string, string>) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: as.admin, payload });
  type ClassInfo = { class: string | null; computed: string | null; by_contacts: string | null; by_votes: { class: string | null; share: number } | null; rule: { basis: string; party: string | null; election: { year: number } | null } };
  const classOf = async (id: number) => (await get(`/api/booths/${id}`, as.admin)).json<{ class: ClassInfo }>().class;

  it('should keep the class from contacts and show no vote class when the office has chosen no party', async () => {
    const info = await classOf(7);
    expect(info.rule).toMatchObject({ basis: 'contacts', party: null });
    expect(info.by_votes).toBeNull();
    expect(info.computed).toBe(info.by_contacts);
  });

  it("should show the party's vote share and its class beside the contacts class when a party is chosen", async () => {
    expect((await putSettings({ booth_class_party: 'BJP', booth_class_vote_a_min: '45', booth_class_vote_b_min: '30' })).statusCode).toBe(200);
    // Booth-07: BJP 401 of 800 polled = 50.1 % (A); Booth-08: 100 of 650 = 15.4 % (C).
    const seven = await classOf(7);
    expect(seven.by_votes).toMatchObject({ class: 'A', share: 50.1 });
    expect(seven.rule).toMatchObject({ basis: 'contacts', party: 'BJP', election: { year: 2019 } });
    expect(seven.computed).toBe(seven.by_contacts);
  });

  it('should compute the class from past votes, and let a hand-set class stand over it, when the office chooses that rule', async () => {
    expect((await putSettings({ booth_class_basis: 'past_votes' })).statusCode).toBe(200);
    expect(await classOf(8)).toMatchObject({ computed: 'C', class: 'C' });
    const booth = (await get('/api/booths/8', as.admin)).json<{ booth: { version: number } }>().booth;
    const set = await t.app.inject({ method: 'PUT', url: '/api/booths/8/class', headers: as.admin, payload: { class_override: 'B', reason: 'New colony', version: booth.version } });
    expect(set.statusCode).toBe(200);
    expect(await classOf(8)).toMatchObject({ computed: 'C', class: 'B' });
    const list = (await get('/api/booths', as.admin)).json<{ booths: { label: string; class: string | null }[] }>().booths;
    expect(list.find((row) => row.label === 'Booth-07')?.class).toBe('A');
    // A booth with no result in the election has no class by this rule.
    expect(list.find((row) => row.label === 'Booth-09')?.class).toBeNull();
  });
});
