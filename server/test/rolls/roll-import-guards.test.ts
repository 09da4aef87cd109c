import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollAbsentVoter, RollImport, RollReviewRow } from '@shared/rolls/roll-import-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';
import { box, cover, fakeRollPdf, fakeRollReader, rollOfBoxes, rollUpload } from './fake-roll-reader';

// Issue 54: the roll import guards the office's data. A roll of another part or constituency is
// never saved unchecked, an edit made after the review is never overwritten by its commit, every
// voter a commit touches has its own audit row, and a voter deleted on purpose does not come
// back unasked.

let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let colleague: Headers;
let supervisor: Headers;

beforeAll(async () => {
  t = await createTestApp({ rollReader: fakeRollReader });
  admin = (await signInAs(t, 'Admin', { full_name: 'Vikas Jadhav' })).headers;
  colleague = (await signInAs(t, 'Super Admin', { full_name: 'Asha Naik' })).headers;
  supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-20'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: Headers, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload });
const put = (headers: Headers, url: string, payload?: object) => t.app.inject({ method: 'PUT', url, headers, payload });

async function settled(id: number): Promise<RollImport> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const current = (await get(admin, `/api/rolls/imports/${id}`)).json<RollImport>();
    if (!['queued', 'reading', 'committing'].includes(current.state)) return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not settle`);
}

async function importRoll(boxes: ReturnType<typeof box>[], coverFacts = cover(), name = 'part.pdf'): Promise<RollImport> {
  const body = rollUpload([{ name, data: fakeRollPdf(rollOfBoxes(boxes, coverFacts)) }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/rolls/imports', headers: { ...admin, ...body.headers }, payload: body.payload });
  expect(response.statusCode).toBe(202);
  return settled(response.json<{ imports: RollImport[] }>().imports[0]!.id);
}

const rowsOf = async (id: number, filter = 'all') => (await get(admin, `/api/rolls/imports/${id}/voters?filter=${filter}&limit=200`)).json<{ rows: RollReviewRow[]; total: number }>();
const auditsOf = (action: string) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
const voterByEpic = (epic: string) => t.ctx.db.selectFrom('voters').selectAll().where('voter_id', '=', epic).orderBy('id', 'desc').executeTakeFirst();
const boothRow = (label: string) => t.ctx.db.selectFrom('booths').selectAll().where('label', '=', label).executeTakeFirstOrThrow();

describe('a roll of another part or constituency than the booth', () => {
  const goa = (serial: number) => `GOA${1000000 + serial}`;
  const up = (serial: number) => `UPA${1000000 + serial}`;
  // Booths are numbered 1 to 396 with their part numbers at first: part 900 has no booth.
  let upRoll: RollImport;

  beforeAll(async () => {
    // Booth-20 holds part 20 of "4 - Mandrem", saved from its roll.
    const first = await importRoll([box(1, { partNo: 20, epic: goa(1) }), box(2, { partNo: 20, epic: goa(2) })], cover({ partNo: 20, constituency: '4 - Mandrem' }));
    expect(first.booth).toBe('Booth-20');
    expect((await post(admin, `/api/rolls/imports/${first.id}/commit`, {})).statusCode).toBe(200);
    expect(await boothRow('Booth-20')).toMatchObject({ part_number: 20, constituency: '4 - Mandrem' });
    // A roll of part 900 of another constituency.
    upRoll = await importRoll([box(1, { partNo: 900, epic: up(1) }), box(2, { partNo: 900, epic: up(2) }), box(3, { partNo: 900, epic: up(3) })], cover({ partNo: 900, constituency: '176 - Lucknow Central', pollingStationName: 'Prathmik Vidyalaya' }));
  });

  it('should say what the roll says and that no booth holds its part', () => {
    expect(upRoll).toMatchObject({ part_no: 900, booth: null, part_is_a_booth: false, booth_check: null, page_parts: [900], sections: ['1'] });
    expect(upRoll.cover?.constituency).toBe('176 - Lucknow Central');
  });

  it('should refuse a booth not on the list and anyone but the office', async () => {
    const bad = await put(admin, `/api/rolls/imports/${upRoll.id}/booth`, { booth: 'Booth-999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ booth: 'Choose a booth from the list' });
    expect((await put(supervisor, `/api/rolls/imports/${upRoll.id}/booth`, { booth: 'Booth-20' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/rolls/imports/${upRoll.id}/booth`, payload: { booth: 'Booth-20' } })).statusCode).toBe(401);
  });

  it('should compare the roll with a booth chosen by hand, and list that booth voters the roll does not hold', async () => {
    const response = await put(admin, `/api/rolls/imports/${upRoll.id}/booth`, { booth: 'Booth-20' });
    expect(response.statusCode).toBe(200);
    const chosen = response.json<RollImport>();
    expect(chosen.booth).toBe('Booth-20');
    expect(chosen.booth_check).toEqual({ booth: 'Booth-20', part_number: 20, constituency: '4 - Mandrem', office_constituency: null, stored_voters: 2, part_differs: true, constituency_differs: true });
    expect(chosen.summary).toMatchObject({ new: 3, absent: 2, toCreate: 3 });
    const absent = (await get(admin, `/api/rolls/imports/${upRoll.id}/absent`)).json<{ voters: RollAbsentVoter[] }>().voters;
    expect(absent.map((voter) => voter.voter_id)).toEqual([goa(1), goa(2)]);
    expect((await auditsOf('CHOOSE_ROLL_BOOTH')).at(-1)).toMatchObject({ record_id: String(upRoll.id), record_name: 'part.pdf' });
  });

  it('should refuse the commit with 409 and save nothing when the difference is not confirmed', async () => {
    const refused = await post(admin, `/api/rolls/imports/${upRoll.id}/commit`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This roll's part or constituency differs from the booth's; confirm the difference to save it");
    expect(await voterByEpic(up(1))).toBeUndefined();
    expect((await get(admin, `/api/rolls/imports/${upRoll.id}`)).json<RollImport>().state).toBe('review');
  });

  it('should save a confirmed difference without changing the booth part number or polling station', async () => {
    const before = await boothRow('Booth-20');
    const response = await post(admin, `/api/rolls/imports/${upRoll.id}/commit`, { confirm_difference: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<RollImport>().result).toMatchObject({ created: 3, deleted: 0, boothUpdated: false, conflicts: 0 });
    const after = await boothRow('Booth-20');
    expect(after).toMatchObject({ part_number: 20, constituency: '4 - Mandrem', polling_station_name: before.polling_station_name, version: before.version });
    // The Goa voters are still there: nobody ticked them.
    expect((await voterByEpic(goa(1)))!.deleted_at).toBeNull();
    const audit = JSON.parse((await auditsOf('IMPORT_ROLL')).at(-1)!.details!);
    expect(audit).toMatchObject({ booth: 'Booth-20', part_no: 900, difference: { booth_part: 20, booth_constituency: '4 - Mandrem', roll_constituency: '176 - Lucknow Central', confirmed: true }, update_booth: false });
  });

  it('should change the booth part number and constituency only when the office says so', async () => {
    await seedVoter(t.ctx, { voter_id: 'OLD2100001', full_name: 'जुना मतदार', booth: 'Booth-21', part_serial: 1 });
    const roll = await importRoll([box(1, { partNo: 210, epic: 'NEW2100001' })], cover({ partNo: 210, constituency: '9 - Pernem', pollingStationName: 'Government Primary School' }));
    await put(admin, `/api/rolls/imports/${roll.id}/booth`, { booth: 'Booth-21' });
    const response = await post(admin, `/api/rolls/imports/${roll.id}/commit`, { confirm_difference: true, update_booth: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<RollImport>().result).toMatchObject({ created: 1, boothUpdated: true });
    expect(await boothRow('Booth-21')).toMatchObject({ part_number: 210, constituency: '9 - Pernem', polling_station_name: 'Government Primary School' });
    const audit = (await auditsOf('UPDATE_BOOTH')).find((row) => row.record_name === 'Booth-21' && JSON.parse(row.details!).part_number);
    expect(JSON.parse(audit!.details!)).toMatchObject({ fields: ['part_number', 'constituency'], part_number: { from: 21, to: 210 } });
  });

  it("should tell a roll of another constituency from the office's even in a booth that records none", async () => {
    // Booth-161 records part 161 and no constituency yet; Booth-20 and Booth-21 record theirs.
    const roll = await importRoll([box(1, { partNo: 161, epic: 'UPB1000001' })], cover({ partNo: 161, constituency: '176 - Lucknow Central' }));
    expect(roll.booth).toBe('Booth-161');
    expect(roll.booth_check).toMatchObject({ part_differs: false, constituency: null, office_constituency: expect.any(String), constituency_differs: true });
    expect((await post(admin, `/api/rolls/imports/${roll.id}/commit`, {})).statusCode).toBe(409);
    expect((await post(admin, `/api/rolls/imports/${roll.id}/cancel`)).statusCode).toBe(200);
  });

  it('should take the same constituency printed another way as the same', async () => {
    const roll = await importRoll([box(3, { partNo: 20, epic: goa(3) })], cover({ partNo: 20, constituency: '4-MANDREM' }));
    expect(roll.booth_check).toMatchObject({ part_differs: false, constituency_differs: false });
    expect((await post(admin, `/api/rolls/imports/${roll.id}/commit`, {})).statusCode).toBe(200);
  });
});

describe('an edit made after the review (two users)', () => {
  const epic = (serial: number) => `EDT${1000000 + serial}`;
  let roll: RollImport;
  let renamed: number;

  beforeAll(async () => {
    for (const serial of [1, 2, 3]) await seedVoter(t.ctx, { voter_id: epic(serial), full_name: `मतदार ${serial}`, booth: 'Booth-30', part_serial: serial, age: 30 + serial, house_no: String(serial), gender: 'Male', father_husband_name: 'वडील नाव', relation_type: 'Father' });
    roll = await importRoll(
      [1, 2, 3].map((serial) => box(serial, { partNo: 30, epic: epic(serial) })),
      cover({ partNo: 30, constituency: null }),
    );
    renamed = (await voterByEpic(epic(2)))!.id;
  });

  it('should show every entry unchanged and nothing edited at first', async () => {
    expect(roll.summary).toMatchObject({ unchanged: 3, changed: 0, edited: 0 });
    const row = (await rowsOf(roll.id)).rows[1]!;
    expect(row).toMatchObject({ status: 'unchanged', editedSince: false, voter: { id: renamed } });
  });

  it('should not overwrite a colleague rename made after the review, and show the entry again', async () => {
    const version = (await voterByEpic(epic(2)))!.version;
    const edit = await put(colleague, `/api/voters/${renamed}`, { full_name: 'सुधारित नाव', version });
    expect(edit.statusCode).toBe(200);

    const review = (await get(admin, `/api/rolls/imports/${roll.id}`)).json<RollImport>();
    expect(review.summary).toMatchObject({ changed: 1, edited: 1, toUpdate: 0 });
    const edited = (await rowsOf(roll.id, 'edited')).rows;
    expect(edited.map((row) => row.values.epic)).toEqual([epic(2)]);
    expect(edited[0]!.changes).toEqual([{ field: 'full_name', from: 'सुधारित नाव', to: 'मतदार 2' }]);

    const response = await post(admin, `/api/rolls/imports/${roll.id}/commit`, {});
    expect(response.statusCode).toBe(200);
    const after = response.json<RollImport>();
    expect(after).toMatchObject({ state: 'review', error: 'Some voters were changed by someone else after the review and were not saved; check them and save again' });
    expect(after.result).toMatchObject({ updated: 0, unchanged: 2, conflicts: 1 });
    expect((await voterByEpic(epic(2)))!.full_name).toBe('सुधारित नाव');
    expect(JSON.parse((await auditsOf('IMPORT_ROLL')).at(-1)!.details!)).toMatchObject({ conflicts: 1, edited_since_review: [epic(2)] });
  });

  it('should apply the entry once a person saved it again after seeing the edit', async () => {
    const row = (await rowsOf(roll.id, 'edited')).rows[0]!;
    const saved = await put(admin, `/api/rolls/imports/${roll.id}/voters/${row.n}`, { reviewed: true });
    expect(saved.json<RollReviewRow>()).toMatchObject({ editedSince: false, status: 'changed', apply: true });
    const response = await post(admin, `/api/rolls/imports/${roll.id}/commit`, {});
    expect(response.json<RollImport>()).toMatchObject({ state: 'done', result: { updated: 1, conflicts: 0 } });
    expect((await voterByEpic(epic(2)))!.full_name).toBe('मतदार 2');
  });

  it('should keep a voter chosen for deletion whom a colleague changed after the list showed it', async () => {
    await seedVoter(t.ctx, { voter_id: 'EDT2000001', full_name: 'जाणारा मतदार', booth: 'Booth-31', part_serial: 9 });
    await seedVoter(t.ctx, { voter_id: 'EDT2000002', full_name: 'दुसरा जाणारा', booth: 'Booth-31', part_serial: 10 });
    const revision = await importRoll([box(1, { partNo: 31, epic: 'EDT2000003' })], cover({ partNo: 31, constituency: null }));
    const absent = (await get(admin, `/api/rolls/imports/${revision.id}/absent`)).json<{ voters: RollAbsentVoter[] }>().voters;
    expect(absent.map((voter) => voter.voter_id)).toEqual(['EDT2000001', 'EDT2000002']);
    const [changed, untouched] = absent;
    expect((await put(colleague, `/api/voters/${changed!.id}`, { full_name: 'अजून आहे', version: changed!.version })).statusCode).toBe(200);
    const response = await post(admin, `/api/rolls/imports/${revision.id}/commit`, {
      delete_voter_ids: [changed!.id, untouched!.id],
      delete_voter_versions: { [String(changed!.id)]: changed!.version, [String(untouched!.id)]: untouched!.version },
    });
    expect(response.json<RollImport>()).toMatchObject({ state: 'review', result: { created: 1, deleted: 1, conflicts: 1 } });
    expect((await voterByEpic('EDT2000001'))!.deleted_at).toBeNull();
    expect((await voterByEpic('EDT2000002'))!.deleted_at).not.toBeNull();
    expect((await get(admin, `/api/rolls/imports/${revision.id}/absent`)).json<{ voters: RollAbsentVoter[] }>().voters.map((voter) => voter.voter_id)).toEqual(['EDT2000001']);
  });

  it('should answer 409 to the second of two users saving the same roll at once', async () => {
    const again = await importRoll([box(4, { partNo: 30, epic: epic(4) })], cover({ partNo: 30, constituency: null }));
    const [first, second] = await Promise.all([post(admin, `/api/rolls/imports/${again.id}/commit`, {}), post(colleague, `/api/rolls/imports/${again.id}/commit`, {})]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('what a commit leaves in the audit', () => {
  let roll: RollImport;

  beforeAll(async () => {
    await seedVoter(t.ctx, { voter_id: 'AUD1000001', full_name: 'जुने नाव', booth: 'Booth-40', part_serial: 1, age: 40, house_no: '1', gender: 'Male', father_husband_name: 'वडील नाव', relation_type: 'Father' });
    roll = await importRoll(
      [box(1, { partNo: 40, epic: 'AUD1000001', fullName: 'नवे नाव', age: 40, houseNo: '1' }), box(2, { partNo: 40, epic: 'AUD1000002', fullName: 'नवीन मतदार' }), box(3, { partNo: 40, epic: 'AUD1000003', fullName: 'सोडलेला मतदार' })],
      cover({ partNo: 40, constituency: null }),
    );
  });

  it('should follow unticking in what the commit would do', async () => {
    expect(roll.summary).toMatchObject({ new: 2, changed: 1, toCreate: 2, toUpdate: 1 });
    const left = (await rowsOf(roll.id)).rows.find((row) => row.values.epic === 'AUD1000003')!;
    const unticked = await put(admin, `/api/rolls/imports/${roll.id}/voters/${left.n}`, { apply: false });
    expect(unticked.statusCode).toBe(200);
    expect((await get(admin, `/api/rolls/imports/${roll.id}`)).json<RollImport>().summary).toMatchObject({ new: 2, toCreate: 1, toUpdate: 1 });
    // The correction is logged by the voter's EPIC, not the box's number.
    const audit = (await auditsOf('CORRECT_ROLL_BOX')).at(-1)!;
    expect(audit.record_name).toContain('AUD1000003');
    expect(JSON.parse(audit.details!)).toMatchObject({ epic: 'AUD1000003', serial_no: 3, apply: false });
    expect(JSON.parse(audit.details!)).not.toHaveProperty('n');
  });

  it('should leave a row naming each voter the commit creates or changes, and the import counts', async () => {
    const response = await post(admin, `/api/rolls/imports/${roll.id}/commit`, {});
    expect(response.json<RollImport>().result).toMatchObject({ created: 1, updated: 1, skipped: 1 });
    const created = (await auditsOf('CREATE_VOTER')).filter((row) => JSON.parse(row.details ?? '{}').roll_import === roll.id);
    expect(created.map((row) => row.record_name)).toEqual(['नवीन मतदार (AUD1000002)']);
    expect(created[0]!.record_id).toBe(String((await voterByEpic('AUD1000002'))!.id));
    const updated = (await auditsOf('UPDATE_VOTER')).filter((row) => JSON.parse(row.details ?? '{}').roll_import === roll.id);
    expect(updated.map((row) => row.record_name)).toEqual(['नवे नाव (AUD1000001)']);
    expect(JSON.parse(updated[0]!.details!)).toMatchObject({ fields: ['full_name'] });
    const imported = JSON.parse((await auditsOf('IMPORT_ROLL')).at(-1)!.details!);
    expect(imported).toMatchObject({ created: 1, updated: 1, skipped: 1, left_out: ['AUD1000003'] });
  });

  it("should show the import's counts on the audit screen, and no other details", async () => {
    const page = (await get(admin, '/api/audit-logs?action=IMPORT_ROLL')).json<{ logs: { record_id: string; import_counts?: object; details?: unknown }[] }>();
    const row = page.logs.find((log) => log.record_id === String(roll.id))!;
    expect(row.import_counts).toEqual({ created: 1, updated: 1, unchanged: 0, deleted: 0, skipped: 1, conflicts: 0, stopped_part_way: false });
    expect(row).not.toHaveProperty('details');
    const other = (await get(admin, '/api/audit-logs?action=CREATE_VOTER')).json<{ logs: object[] }>().logs[0]!;
    expect(other).not.toHaveProperty('import_counts');
  });
});

describe('a voter the office deleted on purpose', () => {
  it('should come back flagged as deleted on purpose and unticked, not as an ordinary new voter', async () => {
    const voter = await seedVoter(t.ctx, { voter_id: 'DEL1000001', full_name: 'वगळलेला मतदार', booth: 'Booth-50', part_serial: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: admin })).statusCode).toBe(200);
    const roll = await importRoll([box(1, { partNo: 50, epic: 'DEL1000001' }), box(2, { partNo: 50, epic: 'DEL1000002' })], cover({ partNo: 50, constituency: null }));
    expect(roll.summary).toMatchObject({ new: 2, wasDeleted: 1, toCreate: 1 });
    const row = (await rowsOf(roll.id)).rows[0]!;
    expect(row).toMatchObject({ status: 'new', apply: false, deletedVoter: { id: voter.id } });
    const done = (await post(admin, `/api/rolls/imports/${roll.id}/commit`, {})).json<RollImport>();
    expect(done.result).toMatchObject({ created: 1, skipped: 1 });
    expect(await t.ctx.db.selectFrom('voters').select('id').where('voter_id', '=', 'DEL1000001').where('deleted_at', 'is', null).executeTakeFirst()).toBeUndefined();
  });
});
