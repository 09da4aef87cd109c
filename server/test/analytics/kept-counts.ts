import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema';

// Every kept count (voter_stats, voter_stats_totals, voter_stats_taluka, each dimension, and
// the per-page coverage counts) must equal a fresh GROUP BY over the listed voters (live, and
// not marked as a duplicate entry), however they were written.
export async function expectKeptCountsToMatchVoters(db: Kysely<Database>): Promise<void> {
    const ageGroup = sql<string>`CASE WHEN age IS NULL OR age < 18 THEN 'Unknown' WHEN age <= 25 THEN '18-25' WHEN age <= 35 THEN '26-35' WHEN age <= 45 THEN '36-45' WHEN age <= 55 THEN '46-55' WHEN age <= 65 THEN '56-65' ELSE '66+' END`;
    const fresh = async (value1: ReturnType<typeof sql<string>>, value2: ReturnType<typeof sql<string>>) =>
      db
        .selectFrom('voters')
        .select([
          sql<string>`coalesce(taluka, '')`.as('taluka'),
          sql<string>`coalesce(village, '')`.as('village'),
          sql<string>`coalesce(booth, '')`.as('booth'),
          value1.as('value1'),
          value2.as('value2'),
          (eb) => eb.fn.countAll<number>().as('count'),
        ])
        .where('deleted_at', 'is', null)
        .where('duplicate_of', 'is', null)
        .groupBy([sql`1`, sql`2`, sql`3`, sql`4`, sql`5`])
        .execute();
    const dimensions: [string, ReturnType<typeof sql<string>>, ReturnType<typeof sql<string>>][] = [
      ['status', sql<string>`CASE WHEN is_dead = 0 AND present_in_city = 1 THEN 'active' ELSE 'inactive' END`, sql<string>`''`],
      ['gender', sql<string>`coalesce(gender, '')`, sql<string>`''`],
      ['age_group', ageGroup, sql<string>`''`],
      ['ward_area', sql<string>`coalesce(ward_area, '')`, sql<string>`''`],
      ['caste', sql<string>`coalesce(caste, '')`, sql<string>`''`],
      ['political_preference', sql<string>`coalesce(political_preference, '')`, sql<string>`''`],
      ['caste_preference', sql<string>`coalesce(caste, '')`, sql<string>`coalesce(political_preference, '')`],
    ];
    const key = (row: { taluka: string; village: string; booth: string; value1: string; value2: string }) => [row.taluka, row.village, row.booth, row.value1, row.value2].join('|');
    for (const [dimension, value1, value2] of dimensions) {
      const expected = new Map((await fresh(value1, value2)).map((row) => [key(row), Number(row.count)]));
      const kept = await db.selectFrom('voter_stats').selectAll().where('dimension', '=', dimension).where('count', '!=', 0).execute();
      expect(new Map(kept.map((row) => [key(row), Number(row.count)])), dimension).toEqual(expected);
      const totals = await db.selectFrom('voter_stats_totals').selectAll().where('dimension', '=', dimension).where('count', '!=', 0).execute();
      const expectedTotals = new Map<string, number>();
      for (const [rowKey, count] of expected) {
        const [, , , v1, v2] = rowKey.split('|');
        const totalKey = `${v1}|${v2}`;
        expectedTotals.set(totalKey, (expectedTotals.get(totalKey) ?? 0) + count);
      }
      expect(new Map(totals.map((row) => [`${row.value1}|${row.value2}`, Number(row.count)])), `${dimension} totals`).toEqual(expectedTotals);
      const expectedTaluka = new Map<string, number>();
      for (const [rowKey, count] of expected) {
        const [taluka, , , v1, v2] = rowKey.split('|');
        const talukaKey = `${taluka}|${v1}|${v2}`;
        expectedTaluka.set(talukaKey, (expectedTaluka.get(talukaKey) ?? 0) + count);
      }
      const byTaluka = await db.selectFrom('voter_stats_taluka').selectAll().where('dimension', '=', dimension).where('count', '!=', 0).execute();
      expect(new Map(byTaluka.map((row) => [`${row.taluka}|${row.value1}|${row.value2}`, Number(row.count)])), `${dimension} by taluka`).toEqual(expectedTaluka);
    }
    await expectPageCoverageToMatchVoters(db);
}

// The kept per-page coverage counts (page_coverage, migration 033) must equal a fresh GROUP BY
// over the listed voters with a booth and a part serial, at the page size they are kept for.
export async function expectPageCoverageToMatchVoters(db: Kysely<Database>): Promise<void> {
  const size = Number((await db.selectFrom('page_coverage_size').select('size').where('id', '=', 1).executeTakeFirstOrThrow()).size);
  const page = sql<number>`(part_serial - 1) / ${sql.lit(size)} + 1`;
  const fresh = await db
    .selectFrom('voters')
    .select([
      'booth',
      page.as('page'),
      sql<number>`sum(CASE WHEN is_dead = 0 AND present_in_city = 1 THEN 1 ELSE 0 END)`.as('active'),
      sql<number>`sum(CASE WHEN is_dead = 0 AND present_in_city = 1 AND last_contact_at IS NOT NULL THEN 1 ELSE 0 END)`.as('contacted'),
      sql<number>`sum(CASE WHEN is_dead = 1 THEN 1 ELSE 0 END)`.as('deceased'),
      sql<number>`sum(CASE WHEN is_dead = 0 AND present_in_city = 0 THEN 1 ELSE 0 END)`.as('shifted'),
    ])
    .where('deleted_at', 'is', null)
    .where('duplicate_of', 'is', null)
    .where('booth', 'is not', null)
    .where('part_serial', '>=', 1)
    .groupBy(['booth', page])
    .execute();
  type Counts = { booth: string | null; page: number | string; active: number | string; contacted: number | string; deceased: number | string; shifted: number | string };
  const byPage = (rows: Counts[]) =>
    new Map(
      rows
        .map((row) => [`${row.booth}|${Number(row.page)}`, [Number(row.active), Number(row.contacted), Number(row.deceased), Number(row.shifted)]] as const)
        .filter(([, counts]) => counts.some((count) => count !== 0)),
    );
  const kept = await db.selectFrom('page_coverage').selectAll().execute();
  expect(byPage(kept), 'page_coverage').toEqual(byPage(fresh));
}
