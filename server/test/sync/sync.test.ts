import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import { type SyncPage, voterOfSyncRow } from '@shared/sync/sync-schema';
import type { Voter } from '@shared/voters/voter-schema';
import type { UserRow } from '../../src/db/schema';
import { gunzipSync } from 'node:zlib';
import { voterInputSchema } from '@shared/voters/voter-schema';
import { insertVoters } from '../../src/features/voters/voters-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter, voterForm } from '../voters/voter-test-helpers';

// GET /api/sync/voters (issue 21, decision 033): the phone's copy of its booths' voters, all
// of them first and then only what changed, with the voters it must drop.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let karyakarta: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: ['Booth-21', 'Booth-22'] })).headers;
  const signedIn = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-21'] });
  as.Karyakarta = signedIn.headers;
  karyakarta = signedIn.user;
});
afterAll(async () => {
  await t.close();
});

const sync = (headers: Headers | undefined, query = '') => t.app.inject({ method: 'GET', url: `/api/sync/voters${query}`, headers });

// Every page from the cursor on, as the phone calls them: the voters kept and dropped.
async function syncAll(headers: Headers, cursor?: string, limit = 3) {
  const kept = new Map<number, Voter>();
  const removed: number[] = [];
  let next = cursor;
  let resets = 0;
  let pages = 0;
  for (;;) {
    const response = await sync(headers, `?limit=${limit}${next ? `&cursor=${next}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<SyncPage>();
    pages += 1;
    if (page.reset) resets += 1;
    for (const row of page.rows) {
      const voter = voterOfSyncRow(page.columns, row);
      kept.set(voter.id, voter);
    }
    removed.push(...page.removed);
    next = page.cursor;
    if (!page.more) break;
    if (pages > 50) throw new Error('the sync did not end');
  }
  return { kept, removed, cursor: next as string, resets, pages };
}

const syncAudits = (userId: number) => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SYNC_VOTERS').where('user_id', '=', userId).execute();

describe('GET /api/sync/voters', () => {
  it('should answer 401 when signed out', async () => {
    const response = await sync(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it.each(['Super Admin', 'Admin'] as const)('should refuse with 403 when %s (every booth) asks for a copy', async (role) => {
    const response = await sync(as[role]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
  });

  it('should refuse with 403 when a field user whose access reaches every booth asks for a copy', async () => {
    const everywhere = await signInAs(t, 'Supervisor', { booth_access: ['Admin'] });
    const response = await sync(everywhere.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/offline copy holds the voters of your own booths/);
  });

  it('should answer 400 with a message when the cursor or the limit is not valid', async () => {
    for (const query of ['?cursor=v1.zz.f.1.0', '?cursor=v2.abcdefabcdef.f.1.0', '?cursor=has%20space', '?cursor=v1.abcdefabcdef.x.1.0']) {
      const response = await sync(as.Karyakarta, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toBeTruthy();
    }
    // A real cursor whose voter id is past PostgreSQL's integer range (a made-up one).
    const real = (await sync(as.Karyakarta, '?limit=1')).json<SyncPage>().cursor;
    const pastIds = [...real.split('.').slice(0, 4), (2 ** 31).toString(36)].join('.');
    const past = await sync(as.Karyakarta, `?cursor=${pastIds}`);
    expect(past.statusCode).toBe(400);
    expect(past.json<{ message: string }>().message).toBe('The sync cursor is not valid');
    const limit = await sync(as.Karyakarta, '?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json<{ message: string }>().message).toBeTruthy();
  });

  it('should give a Karyakarta every listed voter of their booths and nothing else when the phone syncs the first time', async () => {
    const mine = await Promise.all([1, 2, 3, 4, 5].map((n) => seedVoter(t.ctx, { booth: 'Booth-21', full_name: `Mine ${n}` })));
    const elsewhere = await seedVoter(t.ctx, { booth: 'Booth-23' });
    const deleted = await seedVoter(t.ctx, { booth: 'Booth-21' });
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted.id).execute();
    const duplicate = await seedVoter(t.ctx, { booth: 'Booth-21' });
    await t.ctx.db.updateTable('voters').set({ duplicate_of: mine[0]!.id }).where('id', '=', duplicate.id).execute();
    const before = (await syncAudits(karyakarta.id)).length;

    const result = await syncAll(as.Karyakarta);
    expect([...result.kept.keys()].sort((a, b) => a - b)).toEqual(mine.map((voter) => voter.id).sort((a, b) => a - b));
    expect(result.kept.has(elsewhere.id)).toBe(false);
    expect(result.resets).toBe(1);
    expect(result.pages).toBeGreaterThan(2);
    const first = result.kept.get(mine[0]!.id)!;
    expect(first).toMatchObject({ _id: mine[0]!.id, full_name: 'Mine 1', booth: 'Booth-21', version: 1 });
    // One audit row per full copy, none per page.
    expect((await syncAudits(karyakarta.id)).length).toBe(before + 1);
  });

  it('should send only the changed voters and the ones to drop when the phone syncs again', async () => {
    const kept = await seedVoter(t.ctx, { booth: 'Booth-21', full_name: 'Kept Voter' });
    const edited = await seedVoter(t.ctx, { booth: 'Booth-21' });
    const moved = await seedVoter(t.ctx, { booth: 'Booth-21' });
    const toDelete = await seedVoter(t.ctx, { booth: 'Booth-21' });
    const toMark = await seedVoter(t.ctx, { booth: 'Booth-21' });
    const otherBooth = await seedVoter(t.ctx, { booth: 'Booth-23' });
    const { cursor, kept: first } = await syncAll(as.Karyakarta);
    expect(first.has(kept.id)).toBe(true);

    const edit = await t.app.inject({ method: 'PUT', url: `/api/voters/${edited.id}`, headers: as.Karyakarta, payload: { mobile_number: '9876500001', version: 1 } });
    expect(edit.statusCode, edit.body).toBe(200);
    const move = await t.app.inject({ method: 'PUT', url: `/api/voters/${moved.id}`, headers: as.Admin, payload: { booth: 'Booth-23' } });
    expect(move.statusCode, move.body).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${toDelete.id}`, headers: as.Admin })).statusCode).toBe(200);
    await t.ctx.db.updateTable('voters').set({ duplicate_of: kept.id }).where('id', '=', toMark.id).execute();
    const added = await t.app.inject({ method: 'POST', url: '/api/voters', headers: as.Karyakarta, payload: voterForm({ booth: 'Booth-21', full_name: 'Added Later' }) });
    expect(added.statusCode, added.body).toBe(201);
    await t.app.inject({ method: 'PUT', url: `/api/voters/${otherBooth.id}`, headers: as.Admin, payload: { full_name: 'Not yours' } });

    const again = await syncAll(as.Karyakarta, cursor);
    expect(again.resets).toBe(0);
    expect([...again.kept.keys()].sort((a, b) => a - b)).toEqual([edited.id, added.json<Voter>().id].sort((a, b) => a - b));
    expect(again.kept.get(edited.id)).toMatchObject({ mobile_number: '9876500001', version: 2 });
    expect(again.removed.sort((a, b) => a - b)).toEqual([moved.id, toDelete.id, toMark.id].sort((a, b) => a - b));

    // Nothing changed since: an empty page.
    const quiet = await sync(as.Karyakarta, `?cursor=${again.cursor}`);
    expect(quiet.json<SyncPage>()).toMatchObject({ reset: false, rows: [], removed: [], more: false, cursor: again.cursor });
  });

  it('should number a change written by a contact (a write path outside the voter form)', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-21' });
    const { cursor } = await syncAll(as.Karyakarta);
    const contact = await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/contacts`, headers: as.Karyakarta, payload: { channel: 'visit', outcome: 'strong_supporter' } });
    expect(contact.statusCode, contact.body).toBe(201);
    const again = await syncAll(as.Karyakarta, cursor);
    expect(again.kept.get(voter.id)).toMatchObject({ support_level: 'strong_supporter' });
  });

  it('should start over with reset when the user lost or gained booths, so the phone drops the old booth', async () => {
    const signedIn = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-24'] });
    const old = await seedVoter(t.ctx, { booth: 'Booth-24' });
    const fresh = await seedVoter(t.ctx, { booth: 'Booth-25' });
    const { cursor, kept } = await syncAll(signedIn.headers);
    expect([...kept.keys()]).toEqual([old.id]);
    await t.ctx.db.updateTable('users').set({ booth_access: JSON.stringify(['Booth-25']) }).where('id', '=', signedIn.user.id).execute();
    const again = await syncAll(signedIn.headers, cursor);
    expect(again.resets).toBe(1);
    expect([...again.kept.keys()]).toEqual([fresh.id]);
    expect((await syncAudits(signedIn.user.id)).map((row) => JSON.parse(row.details!).reason)).toEqual(['first sync', 'booths changed']);
  });

  it('should give a Supervisor the voters of all their booths', async () => {
    const a = await seedVoter(t.ctx, { booth: 'Booth-22' });
    const { kept } = await syncAll(as.Supervisor, undefined, 100);
    expect(kept.has(a.id)).toBe(true);
    expect([...kept.values()].every((voter) => voter.booth === 'Booth-21' || voter.booth === 'Booth-22')).toBe(true);
  });

  it('should send the page compressed when the phone accepts gzip', async () => {
    await seedVoter(t.ctx, { booth: 'Booth-21' });
    const response = await t.app.inject({ method: 'GET', url: '/api/sync/voters', headers: { ...as.Karyakarta, 'accept-encoding': 'gzip, deflate' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const page = JSON.parse(gunzipSync(response.rawPayload).toString()) as SyncPage;
    expect(page.reset).toBe(true);
    expect(page.rows.length).toBeGreaterThan(0);
  });

  it('should number voters added by an import (the bulk path) so a later sync does not send them again', async () => {
    const { cursor } = await syncAll(as.Karyakarta);
    const inputs = [1, 2, 3].map((n) => voterInputSchema.parse(voterForm({ booth: 'Booth-21', full_name: `Imported ${n}` })));
    await insertVoters(t.ctx.db, t.ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    const again = await syncAll(as.Karyakarta, cursor);
    expect([...again.kept.values()].map((voter) => voter.full_name).sort()).toEqual(['Imported 1', 'Imported 2', 'Imported 3']);
    const quiet = await syncAll(as.Karyakarta, again.cursor);
    expect(quiet.kept.size).toBe(0);
  });

  it('should answer an empty copy when a Karyakarta has no booth', async () => {
    const none = await signInAs(t, 'Karyakarta', { booth_access: [] });
    const response = await sync(none.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json<SyncPage>()).toMatchObject({ reset: true, rows: [], removed: [], more: false });
  });
});
