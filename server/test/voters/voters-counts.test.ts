import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../bench/voter-generator';
import { countVoters, softDeleteVoter } from '../../src/features/voters/voters-repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedVoter } from './voter-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function groupByCounts(): Promise<Record<string, number>> {
  const rows = await t.ctx.db
    .selectFrom('voters')
    .select(['booth', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy('booth')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.booth ?? '', Number(row.n)]));
}

async function counterCounts(): Promise<Record<string, number>> {
  const rows = await t.ctx.db
    .selectFrom('voter_stats')
    .select(['booth', (eb) => eb.fn.sum<number>('count').as('live')])
    .where('dimension', '=', 'status')
    .groupBy('booth')
    .execute();
  return Object.fromEntries(rows.filter((row) => Number(row.live) !== 0).map((row) => [row.booth, Number(row.live)]));
}

describe('unfiltered voter counts', () => {
  it('should match a fresh GROUP BY after random inserts, booth moves, soft deletes and hard deletes', async () => {
    const random = seededRandom(42);
    const booths = ['Booth-01', 'Booth-02', 'Booth-03', ''];
    const ids: number[] = [];
    for (let step = 0; step < 120; step += 1) {
      const action = random();
      const booth = booths[Math.floor(random() * booths.length)] ?? '';
      const id = ids[Math.floor(random() * ids.length)];
      if (action < 0.5 || id === undefined) {
        ids.push((await seedVoter(t.ctx, { booth })).id);
      } else if (action < 0.7) {
        await t.ctx.db.updateTable('voters').set({ booth: booth || null }).where('id', '=', id).execute();
      } else if (action < 0.85) {
        await softDeleteVoter(t.ctx.db, id, { userId: 1 });
      } else if (action < 0.9) {
        // A restore (as a retention tool might do) counts the voter again.
        await t.ctx.db.updateTable('voters').set({ deleted_at: null }).where('id', '=', id).execute();
      } else {
        await t.ctx.db.deleteFrom('voters').where('id', '=', id).execute();
        ids.splice(ids.indexOf(id), 1);
      }
    }
    expect(await counterCounts()).toEqual(await groupByCounts());
    const live = Object.values(await groupByCounts()).reduce((sum, n) => sum + n, 0);
    expect(await countVoters(t.ctx.db, {}, { kind: 'all' }, t.ctx.dialect)).toBe(live);
    const scoped = (await groupByCounts())['Booth-01'] ?? 0;
    expect(await countVoters(t.ctx.db, { search: '' }, { kind: 'booths', booths: ['Booth-01'] }, t.ctx.dialect)).toBe(scoped);
    expect(await countVoters(t.ctx.db, {}, { kind: 'booths', booths: [] }, t.ctx.dialect)).toBe(0);
  });

  it('should leave the counters untouched when a failed write rolls back', async () => {
    const before = await counterCounts();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('deleted_at', 'is', null).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await counterCounts()).toEqual(before);
  });
});
