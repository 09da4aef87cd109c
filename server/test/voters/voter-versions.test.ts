import diagnostics from 'node:diagnostics_channel';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { csvFile } from './spreadsheet-test-helpers';
import { multipart, seedVoter, tinyImage } from './voter-test-helpers';

// Issue 17, finding 1 (edits overwrite each other) and finding 5 (re-import blanks columns):
// record versions (docs/decisions/015-record-versions.md), through real HTTP where the race needs it.

let t: TestApp;
let baseUrl: string;
type Headers = { authorization: string };
let admin: Headers;
// A Karyakarta who reaches Booth-01 and Booth-02, so a voter moved between them stays theirs.
let karyakarta: Headers;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await signInAs(t, 'Admin')).headers;
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01', 'Booth-02'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const storedPhotos = () => {
  const dir = path.join(t.ctx.config.dataDir, 'uploads', 'voters');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const storedVoter = (id: number) => t.ctx.db.selectFrom('voters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const getVoter = async (id: number, headers: Headers) => (await t.app.inject({ method: 'GET', url: `/api/voters/${id}`, headers })).json<Voter>();
const putJson = (id: number, headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/voters/${id}`, headers, payload });

// Resolves once the server runs the handler of this request (Fastify's tracing channel).
function handlerStarted(method: string, url: string): Promise<void> {
  const channel = diagnostics.tracingChannel<string, { request?: { method?: string; url?: string } }>('fastify.request.handler');
  return new Promise((resolve) => {
    const handlers = {
      start(message: { request?: { method?: string; url?: string } }) {
        if (message.request?.method !== method || message.request.url !== url) return;
        channel.unsubscribe(handlers);
        resolve();
      },
      end() {},
      asyncStart() {},
      asyncEnd() {},
      error() {},
    };
    channel.subscribe(handlers);
  });
}

interface Answer {
  statusCode: number;
  body: { message?: string; current?: Voter } & Partial<Voter>;
}

// A multipart PUT whose last bytes (inside the photo) are held back until finish(): the upload
// of a phone on a slow network, open while someone else saves.
function slowPut(id: number, headers: Headers, body: { payload: Buffer; headers: Record<string, string> }) {
  const url = `/api/voters/${id}`;
  const started = handlerStarted('PUT', url);
  const heldBack = 64;
  let finish: () => void = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${baseUrl}${url}`, { method: 'PUT', headers: { ...headers, ...body.headers, 'content-length': String(body.payload.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] }));
    });
    request.on('error', reject);
    request.write(body.payload.subarray(0, body.payload.length - heldBack));
    finish = () => request.end(body.payload.subarray(body.payload.length - heldBack));
  });
  return {
    // The handler has run and had a moment to read whatever it reads before the form's end.
    started: started.then(() => new Promise((resolve) => setTimeout(resolve, 150))),
    finish: () => {
      finish();
      return answer;
    },
  };
}

async function photoForm(fields: Record<string, string | number>) {
  return multipart(fields, { filename: 'door.png', contentType: 'image/png', data: await tinyImage('png', { width: 120, height: 90 }) });
}

describe('PUT /api/voters/:id while someone else saves (issue 17, finding 1)', () => {
  it('should answer 409 with the current voter and keep the Admin\'s booth and name when a Karyakarta\'s slow photo upload sent the old version', async () => {
    // Seeded at version 1: the version the Karyakarta's form opened.
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Sunita Kale' });
    const photosBefore = storedPhotos();

    const upload = slowPut(voter.id, karyakarta, await photoForm({ comment: 'Met at home', version: 1 }));
    await upload.started;
    const adminEdit = await putJson(voter.id, admin, { booth: 'Booth-02', full_name: 'Sunita Kale-Patil', version: 1 });
    expect(adminEdit.statusCode, adminEdit.body).toBe(200);
    const answer = await upload.finish();

    expect(answer.statusCode).toBe(409);
    expect(answer.body.message).toBe('Someone else changed this voter after you opened it');
    expect(answer.body.current).toEqual(await getVoter(voter.id, karyakarta));
    expect(answer.body.current).toMatchObject({ booth: 'Booth-02', full_name: 'Sunita Kale-Patil', comment: null, voter_image: null, version: 2 });
    expect(await storedVoter(voter.id)).toMatchObject({ booth: 'Booth-02', full_name: 'Sunita Kale-Patil', comment: null, voter_image: null, version: 2 });
    // The refused edit's photo was saved before the transaction and removed after it.
    expect(storedPhotos()).toBe(photosBefore);
  });

  it('should apply only the fields sent over the Admin\'s booth and name when the slow upload sent no version', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Ganesh Rathod' });
    const upload = slowPut(voter.id, karyakarta, await photoForm({ comment: 'Moved house' }));
    await upload.started;
    expect((await putJson(voter.id, admin, { booth: 'Booth-02', full_name: 'Ganesh B. Rathod' })).statusCode).toBe(200);
    const answer = await upload.finish();

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ booth: 'Booth-02', full_name: 'Ganesh B. Rathod', comment: 'Moved house', version: 3 });
    const stored = await storedVoter(voter.id);
    expect(stored).toMatchObject({ booth: 'Booth-02', full_name: 'Ganesh B. Rathod', comment: 'Moved house', version: 3 });
    expect(stored.voter_image).toMatch(/^[a-f0-9]{32}\.webp$/);
  });

  it('should refuse with 403 a Karyakarta\'s stale copy of a restricted field the Admin changed during the upload', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Kavita Pawar' });
    const photosBefore = storedPhotos();
    // An API client that sends back every field as it read them, the name included.
    const upload = slowPut(voter.id, karyakarta, await photoForm({ full_name: 'Kavita Pawar', booth: 'Booth-01', comment: 'New number' }));
    await upload.started;
    expect((await putJson(voter.id, admin, { full_name: 'Kavita S. Pawar' })).statusCode).toBe(200);
    const answer = await upload.finish();

    expect(answer.statusCode).toBe(403);
    expect(answer.body.message).toBe('Only Super Admin or Admin can change Full Name');
    expect(await storedVoter(voter.id)).toMatchObject({ full_name: 'Kavita S. Pawar', booth: 'Booth-01', comment: null, version: 2 });
    expect(storedPhotos()).toBe(photosBefore);
  });

  it('should answer 404 and save nothing when the voter left the Karyakarta\'s booths during the upload', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const photosBefore = storedPhotos();
    const upload = slowPut(voter.id, karyakarta, await photoForm({ comment: 'Still here?' }));
    await upload.started;
    expect((await putJson(voter.id, admin, { booth: 'Booth-03' })).statusCode).toBe(200);
    const answer = await upload.finish();

    expect(answer.statusCode).toBe(404);
    expect(answer.body).toEqual({ message: 'Voter not found' });
    expect(await storedVoter(voter.id)).toMatchObject({ booth: 'Booth-03', comment: null, version: 2 });
    expect(storedPhotos()).toBe(photosBefore);
  });
});

describe('PUT /api/voters/:id in parallel', () => {
  it('should let exactly one of four parallel edits of the same version save and answer 409 to the others', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const comments = ['first', 'second', 'third', 'fourth'];
    const answers = await Promise.all(comments.map((comment) => putJson(voter.id, admin, { comment, version: 1 })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const saved = answers.find((answer) => answer.statusCode === 200)?.json<Voter>();
    expect(await storedVoter(voter.id)).toMatchObject({ comment: saved?.comment, version: 2 });
  });

  it('should keep every field of four parallel edits without a version (each writes only what it sent)', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const edits = [{ comment: 'Door 9' }, { mobile_number: '9876533333' }, { whatsapp_number: '9876544444' }, { party_designation: 'Member' }];
    const answers = await Promise.all(edits.map((edit) => putJson(voter.id, admin, edit)));
    expect(answers.map((answer) => answer.statusCode), answers.map((answer) => answer.body).join('\n')).toEqual([200, 200, 200, 200]);
    expect(await storedVoter(voter.id)).toMatchObject({ ...Object.assign({}, ...edits), version: 5 });
  });
});

describe('PUT /api/voters/:id with a version', () => {
  it('should answer 409 with the voter as the caller\'s GET shows it when the version is older, and change nothing', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', mobile_number: '9876500001' });
    expect((await putJson(voter.id, admin, { mobile_number: '9876500002', version: 1 })).statusCode).toBe(200);
    for (const headers of [karyakarta, admin]) {
      const stale = await putJson(voter.id, headers, { comment: 'late', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: 'Someone else changed this voter after you opened it', current: await getVoter(voter.id, headers) });
    }
    expect(await storedVoter(voter.id)).toMatchObject({ mobile_number: '9876500002', comment: null, version: 2 });
  });

  it('should take the version as a multipart field and save when it is the current one', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const body = multipart({ comment: 'Door 4', version: '1' });
    const response = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: { ...karyakarta, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ comment: 'Door 4', version: 2 });
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5']])('should answer 400 naming version when it is %j', async (version) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    const body = multipart({ comment: 'x', version });
    const response = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ version: 'Version must be a whole number' });
  });

  it('should change only the fields sent and leave every other field as it is', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', age: 44, mobile_number: '9876500003', caste: 'Kunbi', sub_caste: 'Khaire', comment: 'Keep me', present_in_city: false, present_city_name: 'Pune' });
    const before = await getVoter(voter.id, admin);
    const response = await putJson(voter.id, karyakarta, { whatsapp_number: '9876500004' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, whatsapp_number: '9876500004', version: 2, updated_at: expect.any(String), updated_by: expect.any(Number) });
  });

  it('should raise the version by one on every write: create, edit, delete', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: admin, payload: { voter_no: '7', full_name: 'Version Count', voter_id: 'VER0000001', booth: 'Booth-01' } });
    expect(created.json()).toMatchObject({ version: 1 });
    const id = created.json<Voter>().id;
    expect((await putJson(id, admin, { comment: 'one' })).json()).toMatchObject({ version: 2 });
    expect((await putJson(id, admin, { comment: 'two', version: 2 })).json()).toMatchObject({ version: 3 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${id}`, headers: admin })).statusCode).toBe(200);
    expect(await storedVoter(id)).toMatchObject({ version: 4 });
  });
});

describe('POST /api/voters/import with update_existing (issue 17, finding 5)', () => {
  const upload = (rows: (string | number)[][]) => {
    const body = multipart({ update_existing: 'true' }, { field: 'file', filename: 'roll.csv', contentType: 'text/csv', data: csvFile(rows) });
    return t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...admin, ...body.headers }, payload: body.payload });
  };

  it('should keep the mobile numbers (and every field the file has no column for) of the voters it updates, and raise their version', async () => {
    const a = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Old Name A', age: 30, mobile_number: '9876511111', comment: 'Known', caste: 'Kunbi', sub_caste: 'Khaire' });
    const b = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Same Name B', age: 50, mobile_number: '9876522222' });
    const response = await upload([
      ['Voter Number', 'Full Name', 'Voter ID', 'Age'],
      [a.voter_no, 'New Name A', a.voter_id, 31],
      [b.voter_no, 'Same Name B', b.voter_id, 50],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResult>()).toMatchObject({ imported: 0, updated: 2, errors: 0 });
    expect(await storedVoter(a.id)).toMatchObject({ full_name: 'New Name A', age: 31, mobile_number: '9876511111', comment: 'Known', booth: 'Booth-01', caste: 'Kunbi', sub_caste: 'Khaire', version: 2 });
    // A voter the file leaves as it was is not written, and keeps its version.
    expect(await storedVoter(b.id)).toMatchObject({ full_name: 'Same Name B', mobile_number: '9876522222', version: 1 });
  });

  it('should refuse a row whose columns do not fit the fields it keeps (a new caste with the old sub-caste) and leave that voter as it was', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', caste: 'Kunbi', sub_caste: 'Khaire' });
    const response = await upload([
      ['Voter Number', 'Full Name', 'Voter ID', 'Caste'],
      [voter.voter_no, voter.full_name, voter.voter_id, 'Maratha'],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportResult>()).toMatchObject({ updated: 0, errors: 1, errorDetails: [{ row: 2, column: 'Sub-caste', message: 'Choose a sub-caste of the chosen caste' }] });
    expect(await storedVoter(voter.id)).toMatchObject({ caste: 'Kunbi', sub_caste: 'Khaire', version: 1 });
  });

  it('should make an edit opened before the import meet a 409 instead of undoing it', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Before Import' });
    const opened = await getVoter(voter.id, admin);
    expect((await upload([['Voter Number', 'Full Name', 'Voter ID'], [voter.voter_no, 'After Import', voter.voter_id]])).statusCode).toBe(200);
    const late = await putJson(voter.id, admin, { full_name: 'Before Import', comment: 'typed earlier', version: opened.version });
    expect(late.statusCode).toBe(409);
    expect(late.json().current).toMatchObject({ full_name: 'After Import', version: 2 });
  });
});
