import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { fillMissingNameTerms } from '../../src/features/voters/name-terms-fill';
import { TEXT_HAS_NUL } from '../../src/plugins/error-handler';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, seedVoter, voterForm } from '../voters/voter-test-helpers';
import { type Caller, databaseChecksum, newUserBody, signIn } from './security-fixtures';

// Issue 17: a NUL character in a search or area filter answered 500 on SQLite and 400 on
// PostgreSQL, and SQLite stored it in task titles, comments and SMS text. Now it is the same
// 400 on both databases, naming the field, and nothing is stored.
let t: TestApp;
let admin: Caller;
let karyakarta: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'Admin');
  karyakarta = await signIn(t, 'Karyakarta', { booth_access: ['Booth-01'] });
  await seedVoter(t.ctx, { booth: 'Booth-01', full_name: 'Nul Search Target', ward_area: 'Ward 7' });
});
afterAll(async () => t.close());

async function expectRefused(request: InjectOptions, field: string): Promise<void> {
  const before = await databaseChecksum(t);
  const response = await t.app.inject(request);
  const what = `${request.method} ${request.url} → ${response.body}`;
  expect(response.statusCode, what).toBe(400);
  expect(response.json(), what).toEqual({ message: TEXT_HAS_NUL, fields: { [field]: TEXT_HAS_NUL } });
  expect(await databaseChecksum(t), `${what} changed the database`).toBe(before);
}

describe('NUL in search and filters', () => {
  it('should answer 400 when the voter search holds a NUL', async () => {
    // Long enough for SQLite's trigram search, and short (the LIKE fallback).
    for (const search of ['Nul%00Search', '%00', 'a%00']) {
      await expectRefused({ method: 'GET', url: `/api/voters?search=${search}`, headers: admin.headers }, 'search');
      await expectRefused({ method: 'GET', url: `/api/voters?search=${search}`, headers: karyakarta.headers }, 'search');
    }
  });

  it('should answer 400 when an area or village filter holds a NUL', async () => {
    await expectRefused({ method: 'GET', url: '/api/voters?area=Ward%007', headers: admin.headers }, 'area');
    await expectRefused({ method: 'GET', url: '/api/voters?area=Ward%007', headers: karyakarta.headers }, 'area');
    await expectRefused({ method: 'GET', url: '/api/voters?village=%00', headers: admin.headers }, 'village');
    await expectRefused({ method: 'GET', url: '/api/voters/export/excel?area=%00', headers: admin.headers }, 'area');
  });
});

describe('NUL in what is saved', () => {
  it('should answer 400 and store nothing when a task title, description or notes hold a NUL', async () => {
    for (const field of ['title', 'description', 'notes', 'area']) {
      const payload = { title: 'Call voters', assigned_to: karyakarta.user.id, [field]: 'Call\u0000voters' };
      await expectRefused({ method: 'POST', url: '/api/tasks', headers: karyakarta.headers, payload }, field);
    }
  });

  it('should answer 400 and send nothing when an SMS text holds a NUL', async () => {
    const payload = { message: 'Meeting\u0000at 5 pm', recipients: [karyakarta.user.id], type: 'manual' };
    await expectRefused({ method: 'POST', url: '/api/notifications/send', headers: admin.headers, payload }, 'message');
  });

  it('should answer 400 and store nothing when a voter field holds a NUL, as JSON or as a form', async () => {
    await expectRefused({ method: 'POST', url: '/api/voters', headers: karyakarta.headers, payload: voterForm({ full_name: 'Nul\u0000Voter', booth: 'Booth-01' }) }, 'full_name');
    const form = multipart(voterForm({ comment: 'hidden\u0000text', booth: 'Booth-01' }));
    await expectRefused({ method: 'POST', url: '/api/voters', headers: { ...karyakarta.headers, ...form.headers }, payload: form.payload }, 'comment');
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    await expectRefused({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: karyakarta.headers, payload: { mobile_number: '98765\u000001234' } }, 'mobile_number');
    const edit = multipart({ full_name: 'Edited\u0000Name' });
    await expectRefused({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: { ...karyakarta.headers, ...edit.headers }, payload: edit.payload }, 'full_name');
  });

  it('should answer 400 and store nothing when a user field or a setting holds a NUL', async () => {
    await expectRefused({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { ...newUserBody(), full_name: 'Nul\u0000User' } }, 'full_name');
    await expectRefused({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { app_name: 'Voters\u0000' } }, 'app_name');
    // A NUL in a key names the request rather than a field.
    await expectRefused({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { 'app\u0000name': 'Voters' } }, 'request');
  });
});

// A voter as the table stood at migration 013: only the columns it had then (later migrations
// add voter fields, which seedVoter would write).
async function seedVoterAt013(fields: { full_name: string; voter_id: string }): Promise<{ id: number }> {
  const now = new Date().toISOString();
  return t.ctx.db
    .insertInto('voters')
    .values({ voter_no: '1', booth: 'Booth-01', present_in_city: 1, is_dead: 0, created_at: now, updated_at: now, ...fields } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('migration 017: NULs SQLite stored before', () => {
  it('should replace each stored NUL with U+FFFD and keep the search index in step when the migration runs', async () => {
    await migrateTo(t.ctx.db, '2026-11-23-013-relation-type');
    // PostgreSQL never stored one (it refuses the row): there the migration does nothing.
    if (t.ctx.dialect.name === 'postgres') {
      await expect(seedVoterAt013({ full_name: 'Stored\u0000Nul Voter', voter_id: 'NULSTORED01' })).rejects.toThrow();
      await migrateToLatest(t.ctx.db);
      return;
    }
    const voter = await seedVoterAt013({ full_name: 'Stored\u0000Nul Voter', voter_id: 'NULSTORED01' });
    const task = await t.ctx.db
      .insertInto('tasks')
      .values({ title: 'Old\u0000task', description: null, assigned_by: admin.user.id, assigned_to: admin.user.id, status: 'Pending', priority: 'Medium', created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await migrateToLatest(t.ctx.db);
    // As the server does after its migrations (migration 020).
    await fillMissingNameTerms(t.ctx.db, t.ctx.dialect);
    const saved = await t.ctx.db.selectFrom('voters').select('full_name').where('id', '=', voter.id).executeTakeFirstOrThrow();
    expect(saved.full_name).toBe('Stored\uFFFDNul Voter');
    const title = await t.ctx.db.selectFrom('tasks').select('title').where('id', '=', Number(task.id)).executeTakeFirstOrThrow();
    expect(title.title).toBe('Old\uFFFDtask');
    const found = await t.app.inject({ method: 'GET', url: '/api/voters?search=Nul%20Voter', headers: admin.headers });
    expect(found.json<{ voters: { voter_id: string }[] }>().voters.map((row) => row.voter_id)).toEqual(['NULSTORED01']);
  });
});
