import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollAbsentVoter, RollImport, RollReviewRow } from '@shared/rolls/roll-import-schema';
import { createRollImportJobs, RESTARTED } from '../../src/features/rolls/roll-import-jobs';
import { insertRollImport, updateRollImport } from '../../src/features/rolls/roll-import-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';
import { box, cover, fakeRollPdf, fakeRollReader, rollOfBoxes, rollUpload } from './fake-roll-reader';

let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let superAdmin: Headers;
let supervisor: Headers;
let karyakarta: Headers;

beforeAll(async () => {
  t = await createTestApp({ rollReader: fakeRollReader });
  admin = (await signInAs(t, 'Admin', { full_name: 'Vikas Jadhav' })).headers;
  superAdmin = (await signInAs(t, 'Super Admin')).headers;
  supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-05'] })).headers;
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-05'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const get = (headers: Headers | undefined, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: Headers | undefined, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload });
const put = (headers: Headers | undefined, url: string, payload?: object) => t.app.inject({ method: 'PUT', url, headers, payload });

async function upload(headers: Headers, files: { name: string; data: Buffer }[]) {
  const body = rollUpload(files);
  return t.app.inject({ method: 'POST', url: '/api/rolls/imports', headers: { ...headers, ...body.headers }, payload: body.payload });
}

// Polls the import until its job leaves the busy states (the screen does the same).
async function settled(id: number): Promise<RollImport> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const current = (await get(admin, `/api/rolls/imports/${id}`)).json<RollImport>();
    if (!['queued', 'reading', 'committing'].includes(current.state)) return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not settle`);
}

async function importRoll(boxes: ReturnType<typeof box>[], coverFacts = cover(), name = 'part-5.pdf'): Promise<RollImport> {
  const response = await upload(admin, [{ name, data: fakeRollPdf(rollOfBoxes(boxes, coverFacts)) }]);
  expect(response.statusCode).toBe(202);
  return settled(response.json<{ imports: RollImport[] }>().imports[0]!.id);
}

const rowsOf = async (id: number, filter = 'all') => (await get(admin, `/api/rolls/imports/${id}/voters?filter=${filter}&limit=200`)).json<{ rows: RollReviewRow[]; total: number }>();
const auditsOf = (action: string) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
const voterByEpic = (epic: string) => t.ctx.db.selectFrom('voters').selectAll().where('voter_id', '=', epic).orderBy('id', 'desc').executeTakeFirst();

describe('roll import routes: who may call them', () => {
  const routes: [string, string][] = [
    ['GET', '/api/rolls/imports'],
    ['POST', '/api/rolls/imports'],
    ['GET', '/api/rolls/imports/1'],
    ['POST', '/api/rolls/imports/1/cancel'],
    ['GET', '/api/rolls/imports/1/voters'],
    ['PUT', '/api/rolls/imports/1/voters/3001'],
    ['GET', '/api/rolls/imports/1/voters/3001/crop.png'],
    ['GET', '/api/rolls/imports/1/absent'],
    ['POST', '/api/rolls/imports/1/commit'],
    ['PUT', '/api/rolls/imports/1/booth'],
  ];

  it.each(routes)('should answer 401 to %s %s when signed out', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
    expect(response.statusCode).toBe(401);
  });

  it.each(routes)('should refuse Supervisors and Karyakartas on %s %s', async (method, url) => {
    for (const headers of [supervisor, karyakarta]) {
      const response = await t.app.inject({ method: method as 'GET', url, headers, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
    }
  });

  it('should let Admin and Super Admin list roll imports', async () => {
    for (const headers of [admin, superAdmin]) expect((await get(headers, '/api/rolls/imports')).statusCode).toBe(200);
  });
});

describe('POST /api/rolls/imports', () => {
  it('should refuse a file that is not a PDF with 400 and keep nothing', async () => {
    const response = await upload(admin, [{ name: 'voters.xlsx', data: Buffer.from('PK\u0003\u0004 not a pdf') }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose PDF files of the electoral roll');
    const left = existsSync(path.join(t.ctx.config.dataDir, 'rolls')) ? (await import('node:fs/promises')).readdir(path.join(t.ctx.config.dataDir, 'rolls')) : [];
    expect(await left).toEqual([]);
  });

  it('should refuse a request without a file with 400', async () => {
    const response = await post(admin, '/api/rolls/imports', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose a roll PDF to import');
  });

  it('should fail the import with the reader message when the PDF is not a roll', async () => {
    const response = await upload(admin, [{ name: 'letter.pdf', data: Buffer.from('%PDF-1.4\nno roll here\n%%EOF') }]);
    expect(response.statusCode).toBe(202);
    const done = await settled(response.json<{ imports: RollImport[] }>().imports[0]!.id);
    expect(done.state).toBe('failed');
    expect(done.error).toBe('This file is not an electoral roll PDF');
  });

  it('should start one import per file and audit each upload', async () => {
    const before = (await auditsOf('UPLOAD_ROLL')).length;
    const response = await upload(superAdmin, [
      { name: 'a.pdf', data: fakeRollPdf(rollOfBoxes([box(1)])) },
      { name: 'b.pdf', data: fakeRollPdf(rollOfBoxes([box(2)])) },
    ]);
    expect(response.statusCode).toBe(202);
    const imports = response.json<{ imports: RollImport[] }>().imports;
    expect(imports.map((item) => item.file_name)).toEqual(['a.pdf', 'b.pdf']);
    for (const item of imports) expect((await settled(item.id)).state).toBe('review');
    expect((await auditsOf('UPLOAD_ROLL')).length).toBe(before + 2);
    for (const item of imports) expect((await post(admin, `/api/rolls/imports/${item.id}/cancel`)).statusCode).toBe(200);
  });
});

describe('reading, review and commit of a part', () => {
  let roll: RollImport;

  beforeAll(async () => {
    roll = await importRoll(
      [
        box(1, { fullName: 'सुनील रामराव पाटील'.normalize('NFD'), relation: 'father', relativeName: 'रामराव पाटील', gender: 'Male', age: 41, houseNo: '12/A' }),
        box(2, { fullName: 'सुनीता सुनील पाटील', relation: 'husband', relativeName: 'सुनील पाटील', gender: 'Female', age: 37, houseNo: '12/A' }),
        // An unsure name and a failed check digit: flagged.
        box(3, { fullName: 'गणेष', confidence: { ...box(3).confidence, fullName: 0.41 }, review: [{ field: 'epic', reason: 'epic-check-digit' }] }),
        box(4, { gender: 'Third', relation: 'other' }),
        // Marked deleted on the roll: never created.
        box(5, { deleted: true }),
        // No EPIC: cannot be saved as read.
        box(6, { epic: null }),
      ],
      cover({ totals: { male: 3, female: 1, third: 1, total: 5 } }),
    );
  });

  it('should read the roll into review with the booth of its part, progress and the cover', () => {
    expect(roll.state).toBe('review');
    expect(roll.part_no).toBe(5);
    expect(roll.booth).toBe('Booth-05');
    expect(roll.pages_done).toBe(2);
    expect(roll.page_count).toBe(2);
    expect(roll.voters_found).toBe(6);
    expect(roll.cover?.pollingStationName).toBe('जिल्हा परिषद शाळा, खोली क्र. 1');
    expect(roll.summary).toMatchObject({ boxes: 6, new: 4, deleted: 1, invalid: 1, flagged: 2, counted: { male: 3, female: 1, third: 1, total: 5 }, totalsMatch: true });
  });

  it('should list the flagged boxes with the fields to look at', async () => {
    const flagged = await rowsOf(roll.id, 'flagged');
    expect(flagged.rows.map((row) => row.values.serialNo)).toEqual([3, 6]);
    expect(flagged.rows[0]!.flaggedFields).toEqual(['epic', 'fullName']);
    expect(flagged.rows[1]!.problems).toEqual(['epic-missing']);
    const first = (await rowsOf(roll.id)).rows[0]!;
    expect(first.values.fullName).toBe('सुनील रामराव पाटील'.normalize('NFC'));
  });

  it('should serve the crop of a box as a PNG', async () => {
    const response = await get(admin, `/api/rolls/imports/${roll.id}/voters/3003/crop.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get(admin, `/api/rolls/imports/${roll.id}/voters/9999/crop.png`)).statusCode).toBe(404);
  });

  it('should refuse a bad correction with 400 and the field', async () => {
    const response = await put(admin, `/api/rolls/imports/${roll.id}/voters/3003`, { values: { age: 7 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'values.age': 'Age must be between 18 and 120' });
  });

  it('should save a correction, clear the flag and audit it', async () => {
    const response = await put(admin, `/api/rolls/imports/${roll.id}/voters/3003`, { values: { fullName: 'गणेश बाबाराव शिंदे' } });
    expect(response.statusCode).toBe(200);
    const row = response.json<RollReviewRow>();
    expect(row).toMatchObject({ flagged: false, reviewed: true, corrected: ['fullName'], status: 'new' });
    expect(row.values.fullName).toBe('गणेश बाबाराव शिंदे');
    expect((await rowsOf(roll.id, 'flagged')).rows.map((item) => item.values.serialNo)).toEqual([6]);
    expect((await auditsOf('CORRECT_ROLL_BOX')).at(-1)).toMatchObject({ record_id: String(roll.id) });
  });

  it('should commit: create the new voters, skip the deleted and unsaveable, fill the booth, audit IMPORT_ROLL', async () => {
    const response = await post(admin, `/api/rolls/imports/${roll.id}/commit`, {});
    expect(response.statusCode).toBe(200);
    const done = response.json<RollImport>();
    expect(done.state).toBe('done');
    expect(done.result).toEqual({ created: 4, updated: 0, unchanged: 0, deleted: 0, skipped: 2, boothUpdated: true, conflicts: 0 });

    const first = await voterByEpic('ABC1000001');
    expect(first).toMatchObject({ full_name: 'सुनील रामराव पाटील'.normalize('NFC'), father_husband_name: 'रामराव पाटील', relation_type: 'Father', booth: 'Booth-05', part_serial: 1, voter_no: '1', house_no: '12/A', age: 41, gender: 'Male' });
    expect(await voterByEpic('ABC1000002')).toMatchObject({ relation_type: 'Husband', gender: 'Female' });
    expect(await voterByEpic('ABC1000003')).toMatchObject({ full_name: 'गणेश बाबाराव शिंदे' });
    expect(await voterByEpic('ABC1000004')).toMatchObject({ relation_type: 'Other', gender: 'Other' });
    expect(await voterByEpic('ABC1000005')).toBeUndefined();

    const booth = await t.ctx.db.selectFrom('booths').selectAll().where('label', '=', 'Booth-05').executeTakeFirstOrThrow();
    expect(booth).toMatchObject({ polling_station_number: 5, polling_station_name: 'जिल्हा परिषद शाळा, खोली क्र. 1' });
    expect(JSON.parse(booth.sections)).toEqual([{ number: 1, name: 'गाव भाग 1' }]);

    const audit = (await auditsOf('IMPORT_ROLL')).at(-1)!;
    expect(JSON.parse(audit.details!)).toMatchObject({ booth: 'Booth-05', part_no: 5, created: 4, skipped: 2 });
    // The file is deleted when the import ends.
    expect(await t.ctx.db.selectFrom('roll_imports').select('file_path').where('id', '=', roll.id).executeTakeFirstOrThrow()).toEqual({ file_path: null });
  });

  it('should find the imported voter by name in Devanagari', async () => {
    const response = await get(admin, `/api/voters?search=${encodeURIComponent('सुनीता')}`);
    expect(response.json().voters.map((voter: { voter_id: string }) => voter.voter_id)).toContain('ABC1000002');
  });

  it('should refuse a second commit of the same import with 409', async () => {
    const response = await post(admin, `/api/rolls/imports/${roll.id}/commit`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This roll import is not waiting for review');
  });

  it('should change nothing when the same roll is imported and committed again', async () => {
    const again = await importRoll([box(1, { fullName: 'सुनील रामराव पाटील', relativeName: 'रामराव पाटील', age: 41, houseNo: '12/A' }), box(2, { fullName: 'सुनीता सुनील पाटील', relation: 'husband', relativeName: 'सुनील पाटील', gender: 'Female', age: 37, houseNo: '12/A' })]);
    expect(again.summary).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
    const before = await voterByEpic('ABC1000001');
    const done = (await post(admin, `/api/rolls/imports/${again.id}/commit`, {})).json<RollImport>();
    expect(done.result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await voterByEpic('ABC1000001'))!.version).toBe(before!.version);
  });
});

describe('a revision of a part', () => {
  let revision: RollImport;
  let kept: number;
  let gone: number;

  beforeAll(async () => {
    // Stored: four voters of Booth-07 (part 7).
    for (const serial of [1, 2, 3, 4]) await seedVoter(t.ctx, { voter_id: `REV${1000000 + serial}`, full_name: `जुना मतदार ${serial}`, booth: 'Booth-07', part_serial: serial, age: 50, house_no: '7', gender: 'Male' });
    kept = (await voterByEpic('REV1000003'))!.id;
    gone = (await voterByEpic('REV1000004'))!.id;
    const epic = (serial: number) => `REV${1000000 + serial}`;
    revision = await importRoll(
      [
        box(1, { partNo: 7, epic: epic(1), fullName: 'जुना मतदार 1', age: 50, houseNo: '7', relation: null, relativeName: null }),
        // Older by a year and moved house.
        box(2, { partNo: 7, epic: epic(2), fullName: 'जुना मतदार 2', age: 51, houseNo: '9', relation: null, relativeName: null }),
        // Marked deleted (*) on the new roll.
        box(3, { partNo: 7, epic: epic(3), fullName: 'जुना मतदार 3', deleted: true }),
        // New on the roll.
        box(5, { partNo: 7, epic: epic(5), fullName: 'नवीन मतदार' }),
        // REV1000004 is absent from the new roll.
      ],
      cover({ partNo: 7, pollingStationNumber: 7 }),
    );
  });

  it('should show what changed against what is stored', async () => {
    expect(revision.booth).toBe('Booth-07');
    expect(revision.summary).toMatchObject({ new: 1, changed: 1, unchanged: 1, deleted: 1, absent: 1 });
    const changed = (await rowsOf(revision.id, 'changed')).rows[0]!;
    expect(changed.changes).toEqual([
      { field: 'house_no', from: '7', to: '9' },
      { field: 'age', from: 50, to: 51 },
    ]);
    const deleted = (await rowsOf(revision.id, 'deleted')).rows[0]!;
    expect(deleted).toMatchObject({ apply: false, voter: { id: kept } });
    const absent = (await get(admin, `/api/rolls/imports/${revision.id}/absent`)).json<{ voters: RollAbsentVoter[] }>().voters;
    expect(absent.map((voter) => voter.voter_id)).toEqual(['REV1000004']);
  });

  it('should refuse to delete a voter the roll still lists', async () => {
    const stillListed = (await voterByEpic('REV1000001'))!.id;
    const response = await post(admin, `/api/rolls/imports/${revision.id}/commit`, { delete_voter_ids: [stillListed] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only voters the roll no longer lists can be deleted here');
  });

  it('should apply only what the office ticked, deleting with the normal audited soft delete', async () => {
    // Tick the deleted-mark box; untick the change.
    const changed = (await rowsOf(revision.id, 'changed')).rows[0]!;
    expect((await put(admin, `/api/rolls/imports/${revision.id}/voters/${changed.n}`, { apply: false })).json().apply).toBe(false);
    const deleted = (await rowsOf(revision.id, 'deleted')).rows[0]!;
    expect((await put(admin, `/api/rolls/imports/${revision.id}/voters/${deleted.n}`, { apply: true })).json().apply).toBe(true);

    const response = await post(admin, `/api/rolls/imports/${revision.id}/commit`, { delete_voter_ids: [gone] });
    expect(response.statusCode).toBe(200);
    expect(response.json<RollImport>().result).toMatchObject({ created: 1, updated: 0, unchanged: 1, deleted: 2, skipped: 1 });
    expect(await voterByEpic('REV1000002')).toMatchObject({ age: 50, house_no: '7' });
    const removed = await t.ctx.db.selectFrom('voters').select(['id', 'deleted_at']).where('id', 'in', [kept, gone]).execute();
    expect(removed.every((voter) => voter.deleted_at !== null)).toBe(true);
    const audits = (await auditsOf('DELETE_VOTER')).filter((row) => [String(kept), String(gone)].includes(row.record_id ?? ''));
    expect(audits).toHaveLength(2);
    expect(await voterByEpic('REV1000005')).toMatchObject({ booth: 'Booth-07', full_name: 'नवीन मतदार' });
  });

  it('should leave stored voters alone when nobody ticks a deletion', async () => {
    await seedVoter(t.ctx, { voter_id: 'KEEP000001', full_name: 'राहणारा मतदार', booth: 'Booth-08', part_serial: 1 });
    const next = await importRoll([box(2, { partNo: 8, epic: 'KEEP000002' }), box(3, { partNo: 8, epic: 'KEEP000001', deleted: true })], cover({ partNo: 8 }));
    expect(next.summary).toMatchObject({ deleted: 1, absent: 0, new: 1 });
    const done = (await post(admin, `/api/rolls/imports/${next.id}/commit`, {})).json<RollImport>();
    expect(done.result).toMatchObject({ created: 1, deleted: 0 });
    expect((await voterByEpic('KEEP000001'))!.deleted_at).toBeNull();
  });
});

describe('booth, cancel and restart', () => {
  it('should ask for the booth when no booth has the part number', async () => {
    const roll = await importRoll([box(1, { partNo: 9000, epic: 'NOB0000001' })], cover({ partNo: 9000 }));
    expect(roll.booth).toBeNull();
    const refused = await post(admin, `/api/rolls/imports/${roll.id}/commit`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose the booth of this part');
    expect((await post(admin, `/api/rolls/imports/${roll.id}/commit`, { booth: 'Booth-999' })).statusCode).toBe(400);
    // Booth-11 records part 11: the difference is confirmed first (issue 54), and its part stays.
    const unconfirmed = await post(admin, `/api/rolls/imports/${roll.id}/commit`, { booth: 'Booth-11' });
    expect(unconfirmed.statusCode).toBe(409);
    const done = await post(admin, `/api/rolls/imports/${roll.id}/commit`, { booth: 'Booth-11', confirm_difference: true });
    expect(done.statusCode).toBe(200);
    expect(await voterByEpic('NOB0000001')).toMatchObject({ booth: 'Booth-11' });
    expect(await t.ctx.db.selectFrom('booths').select('part_number').where('label', '=', 'Booth-11').executeTakeFirstOrThrow()).toEqual({ part_number: 11 });
  });

  it('should cancel a roll being read, delete its file, and refuse to cancel it twice', async () => {
    const slow = rollOfBoxes([box(1, { page: 3 }), box(2, { page: 4 }), box(3, { page: 5 }), box(4, { page: 6 })], cover(), 300);
    const response = await upload(admin, [{ name: 'slow.pdf', data: fakeRollPdf(slow) }]);
    const id = response.json<{ imports: RollImport[] }>().imports[0]!.id;
    const stored = await t.ctx.db.selectFrom('roll_imports').select('file_path').where('id', '=', id).executeTakeFirstOrThrow();
    expect(existsSync(stored.file_path!)).toBe(true);
    const cancelled = await post(admin, `/api/rolls/imports/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<RollImport>().state).toBe('cancelled');
    expect((await settled(id)).state).toBe('cancelled');
    for (let attempt = 0; attempt < 100 && existsSync(path.dirname(stored.file_path!)); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(path.dirname(stored.file_path!))).toBe(false);
    expect((await auditsOf('CANCEL_ROLL_IMPORT')).at(-1)).toMatchObject({ record_id: String(id) });
    const again = await post(admin, `/api/rolls/imports/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This roll import has already ended');
  });

  it('should answer 404 for an import that does not exist', async () => {
    const response = await get(admin, '/api/rolls/imports/99999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Roll import not found');
  });

  it('should mark an import cut short by a restart failed (no file left) and put a cut-short commit back to review', async () => {
    const now = new Date().toISOString();
    const reading = await insertRollImport(t.ctx.db, { fileName: 'lost.pdf', filePath: path.join(t.ctx.config.dataDir, 'rolls', 'gone', 'roll.pdf'), userId: 1, now });
    await updateRollImport(t.ctx.db, reading.id, { state: 'reading' });
    const committing = await insertRollImport(t.ctx.db, { fileName: 'half.pdf', filePath: path.join(t.ctx.config.dataDir, 'rolls', 'half', 'roll.pdf'), userId: 1, now });
    await updateRollImport(t.ctx.db, committing.id, { state: 'committing' });
    const jobs = createRollImportJobs(t.ctx, fakeRollReader, () => {});
    await jobs.recover();
    expect(await settled(reading.id)).toMatchObject({ state: 'failed', error: RESTARTED });
    expect((await get(admin, `/api/rolls/imports/${committing.id}`)).json<RollImport>().state).toBe('review');
  });
});
