import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerCoverage } from '@shared/booths/booth-class';
import { CONTACT_OUTCOMES } from '@shared/contacts/contact-schema';
import { voterInputSchema } from '@shared/voters/voter-schema';
import { seededRandom } from '../../../bench/voter-generator';
import { MIGRATIONS } from '../../src/db/migrate';
import { workerCoverage } from '../../src/features/booths/booth-coverage';
import { insertVoters } from '../../src/features/voters/voters-repository';
import { expectPageCoverageToMatchVoters } from '../analytics/kept-counts';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';
import { voterForm } from '../voters/voter-test-helpers';

// Kept per-page coverage counts (migration 033, decision 038) on both databases: whatever writes
// the voters go through, page_coverage equals a count from scratch, and coverage by worker read
// from it answers what counting the voters answers.
let t: TestApp;
let admin: { authorization: string };

const BOOTHS = [
  { id: 241, label: 'Booth-241' },
  { id: 242, label: 'Booth-242' },
  { id: 243, label: 'Booth-243' },
];
const ids: number[] = [];

type Headers = { authorization: string };
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });

async function createVoter(booth: string, serial: number | null): Promise<number> {
  const response = await inject('POST', '/api/voters', admin, voterForm({ booth, part_serial: serial, taluka: booth === 'Booth-243' ? 'Ner' : 'Digras', village: booth === 'Booth-243' ? 'Udapur' : 'Arambhi', house_no: `H-${(serial ?? 0) % 7}` }));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

// The pages of the three booths through the app's own writes and plain statements (as the
// retention, the flags' confirmation and a roll import write them), chosen at random.
async function randomWrites(seed: number, steps: number): Promise<void> {
  const random = seededRandom(seed);
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const serial = () => (random() < 0.08 ? null : 1 + Math.floor(random() * 75));
  const db = t.ctx.db;
  for (let step = 0; step < steps; step += 1) {
    const action = random();
    const id = ids.length > 0 ? pick(ids) : undefined;
    if (action < 0.3 || id === undefined) {
      ids.push(await createVoter(pick(BOOTHS).label, serial()));
    } else if (action < 0.45) {
      const outcome = pick(CONTACT_OUTCOMES);
      const response = await inject('POST', `/api/voters/${id}/contacts`, admin, { channel: 'visit', outcome });
      expect([201, 404]).toContain(response.statusCode);
    } else if (action < 0.55) {
      // A move to another booth or serial (the voter form or a roll import).
      const response = await inject('PUT', `/api/voters/${id}`, admin, random() < 0.5 ? { booth: pick(BOOTHS).label } : { part_serial: serial() });
      expect([200, 404]).toContain(response.statusCode);
    } else if (action < 0.62) {
      await db.updateTable('voters').set({ is_dead: random() < 0.5 ? 1 : 0 }).where('id', '=', id).execute();
    } else if (action < 0.69) {
      await db.updateTable('voters').set({ present_in_city: random() < 0.5 ? 0 : 1 }).where('id', '=', id).execute();
    } else if (action < 0.75) {
      // Marked as a duplicate entry of another voter, or the mark taken away.
      await db.updateTable('voters').set({ duplicate_of: random() < 0.6 ? pick(ids) : null }).where('id', '=', id).execute();
    } else if (action < 0.82) {
      const response = await inject('DELETE', `/api/voters/${id}`, admin);
      expect([200, 204, 404]).toContain(response.statusCode);
    } else if (action < 0.86) {
      await db.updateTable('voters').set({ deleted_at: null }).where('id', '=', id).execute();
    } else if (action < 0.89) {
      await db.deleteFrom('voters').where('id', '=', id).execute();
      ids.splice(ids.indexOf(id), 1);
    } else if (action < 0.92) {
      await db.updateTable('voters').set({ last_contact_at: null, support_level: null }).where('id', '=', id).execute();
    } else if (action < 0.95) {
      // One statement over many voters: a booth's serials shifted by a roll revision.
      await db
        .updateTable('voters')
        .set((eb) => ({ part_serial: eb('part_serial', '+', 3) }))
        .where('booth', '=', pick(BOOTHS).label)
        .execute();
    } else if (action < 0.97) {
      // Fields that do not count change nothing.
      await db.updateTable('voters').set({ comment: `step ${step}` }).where('id', '=', id).execute();
    } else {
      await db
        .updateTable('voters')
        .set({ present_in_city: 1, is_dead: 0 })
        .where('booth', '=', pick(BOOTHS).label)
        .execute();
    }
  }
}

async function assignPages(): Promise<void> {
  const [first, second] = BOOTHS;
  const k1 = (await createUser(t.ctx, { role: 'Karyakarta', booth_access: [first!.label, second!.label], full_name: 'Kavita Pages' })).id;
  const k2 = (await createUser(t.ctx, { role: 'Karyakarta', booth_access: [first!.label], full_name: 'Kiran Pages' })).id;
  const k3 = (await createUser(t.ctx, { role: 'Karyakarta', booth_access: [BOOTHS[2]!.label], full_name: 'Komal Houses' })).id;
  const assign = async (booth: number, body: object) => expect((await inject('PUT', `/api/booths/${booth}/assignments`, admin, body)).statusCode).toBe(200);
  await assign(first!.id, { user_id: k1, pages: { from: 1, to: 2 } });
  await assign(first!.id, { user_id: k2, pages: { from: 3, to: 3 } });
  await assign(first!.id, { user_id: k2, house_numbers: ['H-1', 'H-2'] });
  await assign(second!.id, { user_id: k1, pages: { from: 1, to: 3 } });
  await assign(BOOTHS[2]!.id, { user_id: k3, pages: { from: 2, to: 2 } });
  await assign(BOOTHS[2]!.id, { user_id: k3, house_numbers: ['H-3'] });
}

// Coverage by worker counted from the voters (decision 029's reading), for comparison: the
// counters stand aside when they are kept for another page size.
async function coverageFromVoters(pageSize: number, filters: Parameters<typeof workerCoverage>[3] = {}): Promise<WorkerCoverage['workers']> {
  return t.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('page_coverage_size').set({ size: pageSize + 1 }).where('id', '=', 1).execute();
    const rows = await workerCoverage(trx, pageSize, undefined, filters);
    await trx.updateTable('page_coverage_size').set({ size: pageSize }).where('id', '=', 1).execute();
    return rows;
  });
}

async function settingsVersion(): Promise<number> {
  return (await inject('GET', '/api/settings', admin)).json<{ version: number }>().version;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  await randomWrites(7, 60);
  await assignPages();
});
afterAll(async () => t.close());

describe('page_coverage (kept per-page coverage counts)', () => {
  it('should equal a count from scratch when voters are created, contacted, moved, flagged, marked duplicate, deleted, restored and purged', async () => {
    await randomWrites(20, 220);
    await expectPageCoverageToMatchVoters(t.ctx.db);
  });

  it('should count the voters a bulk save adds when an import takes the database own fastest path', async () => {
    const inputs = Array.from({ length: 120 }, (_, index) =>
      voterInputSchema.parse(voterForm({ booth: BOOTHS[index % 3]!.label, part_serial: 100 + index, is_dead: index % 9 === 0, present_in_city: index % 5 !== 0 })),
    );
    await insertVoters(t.ctx.db, t.ctx.dialect, inputs, { userId: 1, now: new Date().toISOString() });
    const kept = await t.ctx.db.selectFrom('page_coverage').select((eb) => eb.fn.sum<number>('deceased').as('deceased')).where('page', '>=', 4).executeTakeFirst();
    expect(Number(kept?.deceased)).toBeGreaterThan(0);
    await expectPageCoverageToMatchVoters(t.ctx.db);
    // Saves after the bulk path count one by one again.
    await randomWrites(21, 40);
    await expectPageCoverageToMatchVoters(t.ctx.db);
  });

  it('should count every voter already there when the migration runs on an existing database', async () => {
    const before = await t.ctx.db.selectFrom('page_coverage').selectAll().where((eb) => eb.or([eb('active', '!=', 0), eb('deceased', '!=', 0), eb('shifted', '!=', 0)])).orderBy('booth').orderBy('page').execute();
    const migration = MIGRATIONS['2026-11-24-033-page-coverage']!;
    // Migration 065 later made the page coverage trigger one part of the one insert trigger:
    // stepped down and up around 033, as a database migrated in order would be.
    const oneInsertTrigger = MIGRATIONS['2026-12-07-065-one-insert-trigger']!;
    await oneInsertTrigger.down!(t.ctx.db);
    await migration.down!(t.ctx.db);
    await migration.up(t.ctx.db);
    await oneInsertTrigger.up(t.ctx.db);
    const after = await t.ctx.db.selectFrom('page_coverage').selectAll().orderBy('booth').orderBy('page').execute();
    expect(after.map((row) => ({ ...row }))).toEqual(before.map((row) => ({ ...row })));
    await expectPageCoverageToMatchVoters(t.ctx.db);
    // And the triggers it made keep them.
    await randomWrites(22, 40);
    await expectPageCoverageToMatchVoters(t.ctx.db);
  });
});

describe('GET /api/analytics/workers from the kept counts', () => {
  it('should answer what counting the voters answers when filtered by nothing, a taluka, a village or a booth', async () => {
    const response = await inject('GET', '/api/analytics/workers', admin);
    expect(response.statusCode).toBe(200);
    const workers = response.json<WorkerCoverage>().workers;
    expect(workers.map((worker) => worker.full_name).sort()).toEqual(['Kavita Pages', 'Kiran Pages', 'Komal Houses']);
    expect(workers).toEqual(await coverageFromVoters(30));
    const filterSets: Record<string, string>[] = [{ taluka: 'Ner' }, { taluka: 'Digras' }, { booth: 'Booth-242' }, { village: 'Udapur' }];
    for (const filters of filterSets) {
      const filtered = await inject('GET', `/api/analytics/workers?${new URLSearchParams(filters).toString()}`, admin);
      expect(filtered.json<WorkerCoverage>().workers, JSON.stringify(filters)).toEqual(await coverageFromVoters(30, filters));
    }
  });

  it('should read the pages from page_coverage when the counters are kept at the page size', async () => {
    const kavita = (workers: WorkerCoverage['workers']) => workers.find((worker) => worker.full_name === 'Kavita Pages');
    const assigned = kavita((await inject('GET', '/api/analytics/workers', admin)).json<WorkerCoverage>().workers)?.assigned ?? 0;
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`UPDATE page_coverage SET active = active + 1000 WHERE booth = 'Booth-242' AND page = 1`.execute(trx);
      expect(kavita(await workerCoverage(trx, 30, undefined))?.assigned).toBe(assigned + 1000);
      await sql`UPDATE page_coverage SET active = active - 1000 WHERE booth = 'Booth-242' AND page = 1`.execute(trx);
    });
  });

  it('should count the pages again at the new size when an Admin changes the page size', async () => {
    expect((await inject('PUT', '/api/settings', admin, { page_size: '10', version: await settingsVersion() })).statusCode).toBe(200);
    expect(Number((await t.ctx.db.selectFrom('page_coverage_size').select('size').executeTakeFirstOrThrow()).size)).toBe(10);
    await expectPageCoverageToMatchVoters(t.ctx.db);
    const workers = (await inject('GET', '/api/analytics/workers', admin)).json<WorkerCoverage>().workers;
    expect(workers).toEqual(await coverageFromVoters(10));
    await randomWrites(23, 30);
    await expectPageCoverageToMatchVoters(t.ctx.db);
    expect((await inject('PUT', '/api/settings', admin, { page_size: '30', version: await settingsVersion() })).statusCode).toBe(200);
    await expectPageCoverageToMatchVoters(t.ctx.db);
    expect((await inject('GET', '/api/analytics/workers', admin)).json<WorkerCoverage>().workers).toEqual(await coverageFromVoters(30));
  });
});
