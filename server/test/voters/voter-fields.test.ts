import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listValues, VOTER_FIELDS, type VoterFieldSpec } from '@shared/voters/voter-fields';
import { type Voter, voterInputSchema } from '@shared/voters/voter-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { multipart, voterForm } from './voter-test-helpers';

// The field table (shared/voters/voter-fields.ts) is the one list of voter fields: a field added
// there without its migration, or without a way through the form, the API, the export or the
// import, fails here on both databases.
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

// A value for every field: the template's example where there is one, else one its kind accepts.
function sampleValue(field: VoterFieldSpec): string | number | boolean {
  if (field.kind === 'flag') return !field.default;
  if (field.example !== undefined && field.example !== '') return field.example;
  if (field.kind === 'list') return listValues(field)[0]!;
  if (field.kind === 'int') return field.min;
  if (field.kind === 'mobile') return '9876501234';
  if (field.kind === 'date') return '1990-01-31';
  return `Sample ${field.name}`;
}

const everyField = () => ({ ...Object.fromEntries(VOTER_FIELDS.map((field) => [field.name, sampleValue(field)])), voter_id: voterForm().voter_id as string });

describe('the voter field table', () => {
  it('should keep every field of the table through the form, the database and the API', async () => {
    const form = everyField();
    const expected = voterInputSchema.parse(form);
    const body = multipart(form);
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(created.statusCode).toBe(201);
    const read = (await t.app.inject({ method: 'GET', url: `/api/voters/${created.json<Voter>().id}`, headers: admin })).json<Voter>();
    for (const field of VOTER_FIELDS) expect({ [field.name]: read[field.name] }).toEqual({ [field.name]: expected[field.name] });
  });

  it('should export every field under its header and import the file back unchanged', async () => {
    const form = everyField();
    const body = multipart(form);
    expect((await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin, ...body.headers }, payload: body.payload })).statusCode).toBe(201);
    const exported = await t.app.inject({ method: 'GET', url: `/api/voters/exp/excel?search=${form.voter_id}`, headers: admin });
    expect(exported.statusCode).toBe(200);
    // The same voter re-imported with "update existing": found by its voter ID, nothing refused.
    const upload = multipart({ update_existing: 'true' }, { field: 'file', filename: 'roundtrip.xlsx', contentType: 'application/octet-stream', data: exported.rawPayload });
    const imported = await t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...admin, ...upload.headers }, payload: upload.payload });
    expect(imported.json()).toMatchObject({ imported: 0, updated: 1, errors: 0, unknownColumns: [] });
    const found = (await t.app.inject({ method: 'GET', url: `/api/voters?search=${form.voter_id}`, headers: admin })).json<{ voters: Voter[] }>().voters;
    const expected = voterInputSchema.parse(form);
    expect(found).toHaveLength(1);
    for (const field of VOTER_FIELDS) expect({ [field.name]: found[0]![field.name] }).toEqual({ [field.name]: expected[field.name] });
  });
});
