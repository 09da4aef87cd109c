import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsFilters } from '@shared/analytics/analytics-schema';
import { BOOTHS } from '@shared/reference/booths';
import type { Database } from '../server/src/db/schema';
import { filterOptions } from '../server/src/features/analytics/analytics-repository';
import { hashPassword } from '../server/src/features/auth/passwords';
import { boothTallies, workerCoverage } from '../server/src/features/booths/booth-coverage';
import { insertUser } from '../server/src/features/users/users-repository';

type Measure = (run: (index: number) => Promise<unknown>) => Promise<{ p50: number; p95: number }>;

// Issue 20, booth classes and coverage: field work on top of the seeded voters, once per file.
// - part serials: each booth's voters numbered in id order;
// - contacts: 3 voters in 10 contacted (a voter_contacts row each, support level and time on the
//   voter); the share who support runs from 0 % to 90 % by booth, so every class occurs;
// - workers: in 3 booths of 5, five Karyakartas share the booth's pages (a panna pramukh each
//   for a run of pages), plus a few houses each.
export const WORKERS_PER_BOOTH = 5;
const CONTACTED = 'id % 10 < 3';
const BOOTH_NUMBER = 'CAST(substr(booth, 7) AS INTEGER)';
const K = '((id / 10) % 10)';
const OUTCOME =
  `CASE WHEN ${K} < (${BOOTH_NUMBER} % 10) THEN (CASE WHEN ${K} % 2 = 0 THEN 'strong_supporter' ELSE 'leaning_supporter' END) ` +
  `ELSE (CASE ${K} % 4 WHEN 0 THEN 'undecided' WHEN 1 THEN 'leaning_away' WHEN 2 THEN 'opposed' ELSE 'not_at_home' END) END`;
const workerBooth = (boothIndex: number) => boothIndex % 5 < 3;

export async function seedFieldWork(db: Kysely<Database>, pageSize: number): Promise<void> {
  const done = await db.selectFrom('users').select('id').where('username', '=', 'bench.worker.1.1').executeTakeFirst();
  if (done) return;
  const started = performance.now();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await sql`UPDATE voters SET part_serial = r.rn FROM (SELECT id, row_number() OVER (PARTITION BY booth ORDER BY id) AS rn FROM voters WHERE deleted_at IS NULL) AS r WHERE r.id = voters.id AND voters.part_serial IS NULL`.execute(trx);
    await sql`INSERT INTO voter_contacts (voter_id, user_id, user_name, channel, outcome, issues, note, created_at)
      SELECT id, NULL, 'Bench', 'visit', ${sql.raw(OUTCOME)}, '[]', NULL, ${now} FROM voters WHERE deleted_at IS NULL AND ${sql.raw(CONTACTED)}`.execute(trx);
    await sql`UPDATE voters SET last_contact_at = ${now}, support_at = ${now}, support_level = NULLIF(${sql.raw(OUTCOME)}, 'not_at_home') WHERE deleted_at IS NULL AND ${sql.raw(CONTACTED)}`.execute(trx);

    const passwordHash = await hashPassword('Bench-Worker-2026');
    const highest = await trx.selectFrom('voters').select(['booth', (eb) => eb.fn.max('part_serial').as('highest')]).where('deleted_at', 'is', null).groupBy('booth').execute();
    const pagesOf = new Map(highest.map((row) => [row.booth, Math.ceil(Number(row.highest ?? 0) / pageSize)]));
    for (const [index, label] of BOOTHS.entries()) {
      const pages = pagesOf.get(label) ?? 0;
      if (!workerBooth(index) || pages === 0) continue;
      const per = Math.ceil(pages / WORKERS_PER_BOOTH);
      for (let worker = 0; worker < WORKERS_PER_BOOTH; worker += 1) {
        const user = await insertUser(trx, { username: `bench.worker.${index + 1}.${worker + 1}`, passwordHash, full_name: `Worker ${label} ${worker + 1}`, role: 'Karyakarta', booth_access: [label] });
        const first = worker * per + 1;
        const rows = [];
        for (let page = first; page <= Math.min(pages, first + per - 1); page += 1) rows.push({ booth_id: index + 1, page, user_id: user.id, assigned_by: 1, assigned_at: now });
        if (rows.length > 0) await trx.insertInto('page_assignments').values(rows).execute();
        // Two houses each, of the other workers' pages (house numbers 1-400 in the generator).
        await trx.insertInto('house_assignments').values([1, 2].map((house) => ({ booth_id: index + 1, house_no: String(worker * 80 + house), user_id: user.id, assigned_by: 1, assigned_at: now }))).execute();
      }
    }
  });
  await sql`ANALYZE`.execute(db);
  console.log(`  field work seeded (serials, 30 % contacted, workers on 3 booths in 5) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The booth page and each coverage view, through HTTP and directly on the repository.
export async function benchCoverage(address: string, headers: Record<string, string>, db: Kysely<Database>, measure: Measure, pageSize: number): Promise<string[][]> {
  const options = await filterOptions(db);
  const pick = (values: readonly string[], index: number) => values[index % Math.max(values.length, 1)] ?? '';
  const boothId = (index: number) => 1 + ((index * 37) % 396);
  const get = async (url: string) => {
    const response = await fetch(`${address}${url}`, { headers });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  const query = (filters: AnalyticsFilters) => new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  const combos: [string, (index: number) => AnalyticsFilters][] = [
    ['no filter', () => ({})],
    ['taluka', (i) => ({ taluka: pick(options.talukas, i) })],
    ['village', (i) => ({ village: pick(options.villages, i * 7) })],
    ['booth', (i) => ({ booth: pick(options.booths, i * 13) })],
  ];
  const rows: string[][] = [];
  const row = (name: string, http: { p50: number; p95: number }, direct: { p50: number; p95: number } | null) =>
    rows.push([name, http.p50.toFixed(1), http.p95.toFixed(1), direct ? direct.p50.toFixed(1) : '-', direct ? direct.p95.toFixed(1) : '-']);

  row('booth page GET /api/booths/:id', await measure((i) => get(`/api/booths/${boothId(i)}`)), await measure((i) => boothTallies(db, [pick(options.booths, i * 37)])));
  row('booths list GET /api/booths (with classes)', await measure(() => get('/api/booths')), await measure(() => boothTallies(db, undefined)));
  for (const [name, filters] of combos) {
    row(`analytics/booths, ${name}`, await measure((i) => get(`/api/analytics/booths?${query(filters(i))}`)), await measure((i) => boothTallies(db, undefined, filters(i))));
  }
  for (const [name, filters] of combos) {
    row(`analytics/workers, ${name}`, await measure((i) => get(`/api/analytics/workers?${query(filters(i))}`)), await measure((i) => workerCoverage(db, pageSize, undefined, filters(i))));
  }
  // The same without the kept per-page counts (decision 038): with another size on record the
  // reads count the pages' voters, as before them (decision 029).
  const kept = await db.selectFrom('page_coverage_size').select('size').where('id', '=', 1).executeTakeFirstOrThrow();
  await db.updateTable('page_coverage_size').set({ size: 0 }).where('id', '=', 1).execute();
  try {
    for (const [name, filters] of combos.slice(0, 2)) {
      row(`analytics/workers, ${name}, pages counted (before 038)`, await measure((i) => get(`/api/analytics/workers?${query(filters(i))}`)), await measure((i) => workerCoverage(db, pageSize, undefined, filters(i))));
    }
  } finally {
    await db.updateTable('page_coverage_size').set({ size: kept.size }).where('id', '=', 1).execute();
  }
  return rows;
}
