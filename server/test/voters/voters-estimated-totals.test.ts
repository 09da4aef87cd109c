import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateQuery, softDeleteVoter } from '../../src/features/voters/voters-repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { seedVoter, signInEachRole, type RoleHeaders } from './voter-test-helpers';

// Decision 089: on PostgreSQL a name search alone whose matches the database estimates above
// ESTIMATED_TOTAL_ABOVE answers that estimate as its total (totalEstimated) without counting;
// exactTotal=true counts. Here the threshold is 20 voters instead of 10,000.
const THRESHOLD = 20;
let t: TestApp;
let as: RoleHeaders;
type Headers = { authorization: string };

// 100 listed voters: 60 Patils (20 in Booth-01, in both scripts), 10 Deshmukhs, 30 Shindes (90
// Vitthals: every Patil and Shinde); then
// 10 of the Patils deleted after the statistics were taken, so an estimate (from the statistics)
// and a count (of the voters) differ: 50 Patils are listed.
const PATILS = 60;
const PATILS_DELETED = 10;
const FIRST_NAMES = ['Ganesh', 'Sunita', 'Rahul', 'Priya', 'Anil', 'Asha'];

beforeAll(async () => {
  t = await createTestApp({ config: { estimatedTotalAbove: THRESHOLD } });
  as = await signInEachRole(t, 'Booth-01');
  const patils = [];
  for (let n = 0; n < PATILS; n += 1) {
    const devanagari = n % 3 === 2;
    const name = devanagari ? `गणेश विठ्ठल पाटील` : `${FIRST_NAMES[n % FIRST_NAMES.length]} Vitthal Patil`;
    patils.push(await seedVoter(t.ctx, { full_name: name, booth: n < 20 ? 'Booth-01' : 'Booth-02', gender: n % 2 === 0 ? 'Male' : 'Female', father_husband_name: 'Vitthal Patil' }));
  }
  for (let n = 0; n < 10; n += 1) await seedVoter(t.ctx, { full_name: 'Sunita Deshmukh', booth: 'Booth-02' });
  for (let n = 0; n < 30; n += 1) await seedVoter(t.ctx, { full_name: `${FIRST_NAMES[n % FIRST_NAMES.length]} Vitthal Shinde`, booth: 'Booth-03' });
  // ANALYZE, as an import does when the table has doubled; the estimate reads its statistics.
  await t.ctx.dialect.refreshPlannerStatistics(t.ctx.db);
  // The newest Patils of Booth-02 go: 50 listed, 20 of them in Booth-01.
  for (const voter of patils.slice(PATILS - PATILS_DELETED)) await softDeleteVoter(t.ctx.db, voter.id, { userId: 1 });
});
afterAll(async () => {
  await t.close();
});

interface ListAnswer {
  voters: { id: number; full_name: string }[];
  total: number;
  totalPages: number;
  totalEstimated?: boolean;
  page: number;
  limit: number;
}

async function list(query: string, headers: Headers = as.admin): Promise<ListAnswer> {
  const response = await t.app.inject({ method: 'GET', url: `/api/voters?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
}

// Every page of a list, through its own totalPages, as the screen's Next button goes.
async function everyPage(query: string): Promise<{ ids: number[]; answers: ListAnswer[] }> {
  const answers: ListAnswer[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const answer = await list(`${query}&page=${page}`);
    answers.push(answer);
    if (page >= answer.totalPages) break;
  }
  return { ids: answers.flatMap((answer) => answer.voters.map((voter) => voter.id)), answers };
}

describe('GET /api/voters: totals on both databases', () => {
  it('should count a name search below the threshold exactly, without totalEstimated', async () => {
    const answer = await list('search=deshmukh');
    expect(answer).toMatchObject({ total: 10, totalPages: 1 });
    expect(answer).not.toHaveProperty('totalEstimated');
  });

  it('should count exactly for a field user, whose lists hold only their booths', async () => {
    for (const headers of [as.karyakarta, as.supervisor]) {
      const answer = await list('search=patil&limit=10', headers);
      expect(answer).toMatchObject({ total: 20, totalPages: 2 });
      expect(answer).not.toHaveProperty('totalEstimated');
    }
  });

  it('should count exactly when the name search has another filter beside it', async () => {
    expect(await list('search=patil&gender=Male&limit=10')).toMatchObject({ total: 25, totalPages: 3 });
    // No voter here has a mobile number: a filter that keeps them all still makes a count.
    const answer = await list('search=patil&mobile_filter=without_mobile&limit=10');
    expect(answer).toMatchObject({ total: 50, totalPages: 5 });
    expect(answer).not.toHaveProperty('totalEstimated');
  });

  it('should count exactly a list that searches no name', async () => {
    const answer = await list('limit=10');
    expect(answer).toMatchObject({ total: 90, totalPages: 9 });
    expect(answer).not.toHaveProperty('totalEstimated');
  });

  it('should answer 400 when exactTotal is neither true nor false', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voters?search=patil&exactTotal=yes', headers: as.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/exactTotal must be true or false/);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voters?search=patil' })).statusCode).toBe(401);
  });

  // The estimate starts from the voters the user may see: the booth scope is in its query.
  it('should keep the user booths in the query an estimate starts from', () => {
    const scoped = estimateQuery(t.ctx.db, { search: 'patil', gender: 'Female' }, { kind: 'booths', booths: ['Booth-01'] }, t.ctx.dialect).compile();
    expect(scoped.sql).toMatch(/"voters"\."booth" in \(/);
    expect(scoped.sql).toMatch(/"voters"\."deleted_at" is null/);
    expect(scoped.sql).toMatch(/"voters"\."gender" = /);
    expect(scoped.parameters).toEqual(expect.arrayContaining(['Booth-01', 'Female']));
    // The names' share is the dialect's; the query holds none of the name's words.
    expect(scoped.parameters).not.toContain('patil');
    const none = estimateQuery(t.ctx.db, { search: 'patil' }, { kind: 'booths', booths: [] }, t.ctx.dialect).compile();
    expect(none.sql).toMatch(/"voters"\."id" < /);
  });
});

if (testDialect() === 'sqlite') {
  describe('GET /api/voters: totals on SQLite', () => {
    it('should count a name search above the threshold exactly, as the embedded database always does', async () => {
      const answer = await list('search=patil&limit=10');
      expect(answer).toMatchObject({ total: 50, totalPages: 5 });
      expect(answer).not.toHaveProperty('totalEstimated');
      expect(answer.voters).toHaveLength(10);
      expect(await list('search=patil&limit=10&exactTotal=true')).toEqual(answer);
    });
  });
}

if (testDialect() === 'postgres') {
  describe('GET /api/voters: estimated totals on PostgreSQL', () => {
    it('should answer the estimate for a name search above the threshold, for each user who sees every booth', async () => {
      for (const headers of [as.admin, as.superAdmin]) {
        const answer = await list('search=patil&limit=10', headers);
        expect(answer.totalEstimated).toBe(true);
        // The statistics still hold the 10 deleted Patils (60 of 100 voters): the estimate did
        // not count. The planner scales the voters to the table's pages, which the deletes grew.
        expect(answer.total).toBeGreaterThanOrEqual(60);
        expect(answer.total).toBeLessThanOrEqual(100);
        expect(answer.totalPages).toBe(Math.ceil(answer.total / 10));
        expect(answer.voters).toHaveLength(10);
        expect(answer.voters.every((voter) => /Patil|पाटील/.test(voter.full_name))).toBe(true);
      }
    });

    it('should estimate a name typed in either script and the father/husband name alike', async () => {
      for (const query of [`search=${encodeURIComponent('पाटील')}`, 'father_husband_name=vitthal']) {
        const answer = await list(`${query}&limit=10`);
        expect(answer.totalEstimated, query).toBe(true);
      }
    });

    it('should count exactly when exactTotal is true', async () => {
      const answer = await list('search=patil&limit=10&exactTotal=true');
      expect(answer).toMatchObject({ total: 50, totalPages: 5, page: 1, limit: 10 });
      expect(answer).not.toHaveProperty('totalEstimated');
      expect((await list('search=patil&limit=10&exactTotal=false')).totalEstimated).toBe(true);
    });

    it('should list the same voters page by page as the exact count does, and reach the real last page', async () => {
      const exact = await everyPage('search=patil&limit=10&exactTotal=true');
      expect(exact.ids).toHaveLength(50);
      const estimated = await everyPage('search=patil&limit=10');
      // Pages in the first half of the estimate are read from the top and say so; a page past
      // its middle is read from the far end, which needs the count, and says so too.
      expect(estimated.answers[0]?.totalEstimated).toBe(true);
      expect(estimated.answers[1]?.totalEstimated).toBe(true);
      expect(estimated.answers.at(-1)).toMatchObject({ total: 50, totalPages: 5 });
      expect(estimated.answers.at(-1)).not.toHaveProperty('totalEstimated');
      expect(estimated.ids).toEqual(exact.ids);
      // The estimate's last page lies past the real end: empty, with the real total, so the
      // screen moves to the real last page.
      const estimatedLast = estimated.answers[0]!.totalPages;
      const pastTheEnd = await list(`search=patil&limit=10&page=${Math.max(estimatedLast, 6)}`);
      expect(pastTheEnd).toMatchObject({ voters: [], total: 50, totalPages: 5 });
    });

    it('should answer an exact total when the first page holds every match, whatever the estimate', async () => {
      const answer = await list('search=patil&limit=100');
      expect(answer).toMatchObject({ total: 50, totalPages: 1 });
      expect(answer).not.toHaveProperty('totalEstimated');
    });

    it('should count a search of several words exactly until its estimate is twice the threshold', async () => {
      // Ganesh (35 of 100 voters) and Patil (60): about 21 by the statistics, under 40: counted.
      const answer = await list('search=ganesh%20patil&limit=10');
      expect(answer.total).toBe(25);
      expect(answer).not.toHaveProperty('totalEstimated');
      // Vitthal (90 of 100) and Patil (60): about 54, over 40: estimated.
      const both = await list('search=vitthal%20patil&limit=10');
      expect(both.totalEstimated).toBe(true);
      expect((await list('search=vitthal%20patil&limit=10&exactTotal=true')).total).toBe(50);
    });
  });
}
