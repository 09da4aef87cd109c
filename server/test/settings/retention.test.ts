import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/features/audit/audit-repository';
import { PURGE_STEPS, runRetention } from '../../src/features/retention/retention';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3_600_000;

async function auditTimes(): Promise<string[]> {
  const rows = await t.ctx.db.selectFrom('audit_logs').select('created_at').where('action', '=', 'SEND_SMS').orderBy('created_at').execute();
  return rows.map((row) => row.created_at);
}

describe('retention purge', () => {
  it('should delete audit rows older than data_retention_days, measured from the injected clock, and keep the rest', async () => {
    const now = new Date('2026-06-30T12:00:00.000Z');
    for (const daysAgo of [400, 366, 364, 10, 0]) {
      await recordAudit(t.ctx.db, { action: 'SEND_SMS', userId: null, userName: 'Clerk', now: new Date(now.getTime() - daysAgo * DAY) });
    }
    const result = await runRetention(t.ctx.db, { now });
    expect(result.cutoff).toBe('2025-06-30T12:00:00.000Z');
    expect(result.purged.audit_logs).toBe(2);
    expect(await auditTimes()).toEqual([
      new Date(now.getTime() - 364 * DAY).toISOString(),
      new Date(now.getTime() - 10 * DAY).toISOString(),
      now.toISOString(),
    ]);
    // The purge leaves its own trace, by "System".
    const trace = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'PURGE_AUDIT_LOGS').executeTakeFirstOrThrow();
    expect(trace.user_name).toBeNull();
    expect(JSON.parse(trace.details ?? '{}')).toMatchObject({ days: 365, purged: { audit_logs: 2 } });
  });

  it('should follow a changed setting on the next run', async () => {
    const { headers } = await signInAs(t, 'Admin');
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { data_retention_days: '7' } })).statusCode).toBe(200);
    const now = new Date('2026-06-30T12:00:00.000Z');
    const result = await runRetention(t.ctx.db, { now });
    expect(result.purged.audit_logs).toBeGreaterThanOrEqual(1);
    expect(await auditTimes()).toEqual([now.toISOString()]);
    // Nothing left to purge: no new trace row either.
    const traces = await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', 'PURGE_AUDIT_LOGS').execute();
    const again = await runRetention(t.ctx.db, { now });
    expect(again.purged.audit_logs).toBe(0);
    expect(await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', 'PURGE_AUDIT_LOGS').execute()).toHaveLength(traces.length);
  });

  it('should run every purge step with the same cutoff', async () => {
    const seen: string[] = [];
    const result = await runRetention(t.ctx.db, {
      now: new Date('2026-01-10T00:00:00.000Z'),
      steps: [...PURGE_STEPS, { name: 'soft_deleted_things', purge: async (_db, cutoff) => (seen.push(cutoff), 3) }],
    });
    expect(seen).toEqual([result.cutoff]);
    expect(result.purged).toMatchObject({ soft_deleted_things: 3 });
  });
});

describe('scheduled jobs started by the server', () => {
  it('should run the retention purge (and, on SQLite, a backup) shortly after start', async () => {
    const { startScheduledJobs } = await import('../../src/features/maintenance/scheduled-jobs');
    const { listBackups } = await import('../../src/features/backups/sqlite-backup');
    const { testDialect } = await import('../support/test-database');
    await recordAudit(t.ctx.db, { action: 'SEND_SMS', userId: null, userName: 'Old', now: new Date(Date.now() - 30 * DAY) });
    const weekAgo = new Date(Date.now() - 7 * DAY).toISOString();
    const older = async () => (await auditTimes()).filter((time) => time < weekAgo).length;
    expect(await older()).toBeGreaterThan(0);
    const stop = startScheduledJobs(t.ctx, t.app.log, { firstRunDelayMs: 10 });
    try {
      // Retention is 7 days since the test above; the 30-day-old row goes.
      await expect.poll(older, { timeout: 5_000 }).toBe(0);
      if (testDialect() === 'sqlite') await expect.poll(() => listBackups(t.ctx.config.dataDir).length, { timeout: 5_000 }).toBe(1);
      else expect(listBackups(t.ctx.config.dataDir)).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('retention purge of deleted voters', () => {
  it('should remove voters soft-deleted before the cutoff, with their photos, and keep live and recently deleted ones', async () => {
    const { existsSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { photoPath } = await import('../../src/features/voters/voter-photos');
    const dataDir = t.ctx.config.dataDir;
    const now = new Date('2027-03-01T00:00:00.000Z');
    const days = Number((await t.ctx.db.selectFrom('settings').select('value').where('key', '=', 'data_retention_days').executeTakeFirst())?.value ?? 365);
    const old = new Date(now.getTime() - (days + 1) * DAY).toISOString();
    const recent = new Date(now.getTime() - (days - 1) * DAY).toISOString();
    const base = { present_in_city: 1, is_dead: 0, created_at: old, updated_at: old };
    const image = `${'a'.repeat(32)}.webp`;
    for (const size of ['full', 'thumb'] as const) {
      const file = photoPath(dataDir, image, size);
      if (!file) throw new Error('photo path refused');
      mkdirSync((await import('node:path')).dirname(file), { recursive: true });
      writeFileSync(file, 'x');
    }
    const insert = (voterId: string, deletedAt: string | null, voterImage: string | null = null) =>
      t.ctx.db.insertInto('voters').values({ ...base, voter_no: voterId, full_name: voterId, voter_id: voterId, deleted_at: deletedAt, voter_image: voterImage }).returning('id').executeTakeFirstOrThrow();
    const purgedVoter = await insert('RETOLD1', old, image);
    const recentVoter = await insert('RETNEW1', recent);
    const liveVoter = await insert('RETLIVE', null);

    const result = await runRetention(t.ctx.db, { now, photos: t.ctx.photos });
    expect(result.purged.voters).toBe(1);
    const left = (await t.ctx.db.selectFrom('voters').select('id').where('voter_id', 'like', 'RET%').execute()).map((row) => row.id);
    expect(left.sort()).toEqual([recentVoter.id, liveVoter.id].sort());
    expect(left).not.toContain(purgedVoter.id);
    expect(existsSync(photoPath(dataDir, image, 'full') ?? '')).toBe(false);
    expect(existsSync(photoPath(dataDir, image, 'thumb') ?? '')).toBe(false);
  });
});
