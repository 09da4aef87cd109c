import type { HouseholdStatus } from '@shared/households/household-schema';
import type { DuplicateScanState } from '@shared/duplicates/duplicate-schema';
import type { TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Households and duplicate pairs made straight in the database, for tests that need one to act on.

export async function seedHousehold(t: TestApp, options: { booth?: string; house_no?: string; status?: HouseholdStatus; members?: number } = {}): Promise<{ id: number; version: number; memberIds: number[] }> {
  const booth = options.booth ?? 'Booth-01';
  const houseNo = options.house_no ?? String(100 + Math.floor(Math.random() * 900));
  const memberIds: number[] = [];
  for (let index = 0; index < (options.members ?? 2); index += 1) {
    memberIds.push((await seedVoter(t.ctx, { booth, house_no: houseNo, full_name: `Member ${index} Kale`, age: 30 + index })).id);
  }
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('households')
    .values({ booth, house_no: houseNo, head_voter_id: memberIds[0] ?? null, status: options.status ?? 'proposed', suggested_by: null, suggested_at: null, confirmed_by: null, confirmed_at: null, created_at: now, updated_at: now })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  if (memberIds.length > 0) await t.ctx.db.updateTable('voters').set({ household_id: row.id }).where('id', 'in', memberIds).execute();
  return { id: row.id, version: row.version, memberIds };
}

export async function seedPair(t: TestApp, options: { boothA?: string; boothB?: string } = {}): Promise<{ id: number; voterA: number; voterB: number }> {
  const a = await seedVoter(t.ctx, { booth: options.boothA ?? 'Booth-01', full_name: 'Pair Voter Same', father_husband_name: 'Pair Father', age: 40 });
  const b = await seedVoter(t.ctx, { booth: options.boothB ?? 'Booth-01', full_name: 'Pair Voter Same', father_husband_name: 'Pair Father', age: 41 });
  const row = await t.ctx.db
    .insertInto('duplicate_pairs')
    .values({ voter_a: a.id, voter_b: b.id, status: 'open', duplicate_voter_id: null, found_at: new Date().toISOString(), reviewed_by: null, reviewed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, voterA: a.id, voterB: b.id };
}

// Starts a scan as the given office user and waits for it to end; the scan as it ended.
export async function scanAndWait(t: TestApp, headers: { authorization: string }): Promise<NonNullable<DuplicateScanState['scan']>> {
  const started = await t.app.inject({ method: 'POST', url: '/api/duplicates/scan', headers });
  if (started.statusCode !== 202) throw new Error(`The scan did not start: ${started.statusCode} ${started.body}`);
  for (let wait = 0; wait < 400; wait += 1) {
    const state = (await t.app.inject({ method: 'GET', url: '/api/duplicates/scan', headers })).json<DuplicateScanState>();
    if (state.scan && state.scan.status !== 'running') return state.scan;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The scan did not end within 10 s');
}
