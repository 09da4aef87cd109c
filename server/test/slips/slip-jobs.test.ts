import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipJob } from '@shared/slips/slip-schema';
import { pdfPagesText } from '../../src/features/slips/pdf-reading';
import { createTestApp, type TestApp } from '../support/test-app';
import { type RoleHeaders, seedVoter, signInEachRole } from '../voters/voter-test-helpers';

// The constituency's slips as a background job (issue 22, migration 028) on both databases:
// start, progress, the finished file, one job at a time, cancel, and who may do it.
let t: TestApp;
let roles: RoleHeaders;
type Headers = { authorization: string } | Record<string, never>;
const post = (url: string, payload: object, headers: Headers) => t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

async function settled(id: number): Promise<SlipJob> {
  for (let wait = 0; wait < 600; wait += 1) {
    const job = (await get(`/api/slips/jobs/${id}`, roles.admin)).json<SlipJob>();
    if (job.state !== 'running' && job.state !== 'queued') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The job did not end');
}

beforeAll(async () => {
  t = await createTestApp();
  roles = await signInEachRole(t, 'Booth-05');
  for (const [booth, serial] of [['Booth-05', 1], ['Booth-05', 2], ['Booth-300', 1]] as const) {
    await seedVoter(t.ctx, { booth, part_serial: serial, voter_id: `JOB${booth.slice(6)}X${serial}` } as never);
  }
});
afterAll(async () => t.close());

describe('POST /api/slips/jobs', () => {
  it('should make every booth\'s slips into one PDF with progress when an Admin starts it', async () => {
    const started = await post('/api/slips/jobs', { lang: 'en', format: 'thermal58' }, roles.admin);
    expect(started.statusCode).toBe(202);
    const job = started.json<SlipJob>();
    expect(job).toMatchObject({ state: 'running', lang: 'en', format: 'thermal58', total: 396 });
    const done = await settled(job.id);
    expect(done).toMatchObject({ state: 'done', done: 396, total: 396, slips: 3, error: null });
    expect(done.file_bytes).toBeGreaterThan(1000);

    const file = await get(`/api/slips/jobs/${job.id}/file`, roles.superAdmin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPagesText(file.rawPayload);
    // Thermal: a slip a page, in booth order.
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('JOB05X1');
    expect(pages[2]).toContain('JOB300X1');

    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'PRINT_SLIPS').where('table_name', '=', 'jobs').orderBy('id').execute();
    expect(audit.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { source: 'constituency', job_id: job.id, lang: 'en', format: 'thermal58' },
      { source: 'constituency', job_id: job.id, count: 3, downloaded: true },
    ]);
    const list = (await get('/api/slips/jobs', roles.admin)).json<{ jobs: SlipJob[] }>();
    expect(list.jobs[0]?.id).toBe(job.id);
  });

  it('should refuse a second job while one runs, and stop one when asked', async () => {
    const first = (await post('/api/slips/jobs', { lang: 'mr', format: 'a4' }, roles.admin)).json<SlipJob>();
    const second = await post('/api/slips/jobs', { lang: 'mr', format: 'a4' }, roles.superAdmin);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe('The constituency slips are already being made');
    const canceled = await post(`/api/slips/jobs/${first.id}/cancel`, {}, roles.admin);
    expect(canceled.statusCode).toBe(200);
    const ended = await settled(first.id);
    // A job this small may finish before the flag is read: either way it ended and says so.
    expect(['canceled', 'done']).toContain(ended.state);
    if (ended.state === 'canceled') {
      const file = await get(`/api/slips/jobs/${first.id}/file`, roles.admin);
      expect(file.statusCode).toBe(409);
      expect(file.json<{ message: string }>().message).toBe('The slips are not ready yet');
    }
  });

  it('should be for office roles only, signed in, with a known language', async () => {
    expect((await post('/api/slips/jobs', {}, roles.supervisor)).statusCode).toBe(403);
    expect((await post('/api/slips/jobs', {}, roles.karyakarta)).statusCode).toBe(403);
    expect((await get('/api/slips/jobs', roles.karyakarta)).statusCode).toBe(403);
    expect((await get('/api/slips/jobs', {})).statusCode).toBe(401);
    const bad = await post('/api/slips/jobs', { lang: 'fr' }, roles.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Slip language must be mr, hi, gu or en');
    const missing = await get('/api/slips/jobs/999999', roles.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Job not found');
  });
});
