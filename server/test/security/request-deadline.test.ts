import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../src/db/database-timeouts';
import { DATABASE_UNAVAILABLE } from '../../src/plugins/error-handler';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { csvFile } from '../voters/spreadsheet-test-helpers';
import { multipart } from '../voters/voter-test-helpers';

// Issue 57: a request's time limit is the request's, not each wait's. Each wait was bounded
// (a connection 3 s, a lock 1 s, SQLite's write lock 30 s), but a request waits several times
// (its session, then its statements, each for a connection), so with the voters table locked and
// more requests than connections the worst answered long after the documented 3.5 s. Now every
// wait of a request takes what is left of DB_REQUEST_TIMEOUT_MS (3.5 s from its start).
const dialect = testDialect();
const LOCK_HELD_MS = 8000;
// The documented 3.5 s, and a margin for this shared machine.
const ANSWERED_WITHIN_MS = 5000;

describe(`a request's own time limit (dialect: ${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // Each database's own case, registered only on that database's run (nothing shows as skipped).
  const itOn = (only: typeof dialect) => (name: string, test: () => Promise<void>, timeout: number) => {
    if (dialect === only) it(name, test, timeout);
  };

  const timed = async (request: () => Promise<{ statusCode: number; body: string }>) => {
    const started = Date.now();
    const response = await request();
    return { status: response.statusCode, body: response.body, ms: Date.now() - started };
  };

  itOn('postgres')('should answer every one of 40 voter lists within the request limit when the voters table is locked for 8 s', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const holder = new pg.Client({ connectionString: t.database.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE voters IN ACCESS EXCLUSIVE MODE');
      const released = new Promise<void>((resolve) => setTimeout(() => void holder.query('COMMIT').then(() => resolve()), LOCK_HELD_MS));
      // Four times the pool's connections: each list waits for one, then for the lock.
      const answers = await Promise.all(Array.from({ length: 40 }, () => timed(() => t.app.inject({ method: 'GET', url: '/api/voters?page=1', headers }))));
      await released;
      for (const answer of answers) {
        expect(answer.ms, `answered ${answer.status} after ${answer.ms} ms`).toBeLessThan(ANSWERED_WITHIN_MS);
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body).message).toBe(DATABASE_UNAVAILABLE);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/voters?page=1', headers })).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
  }, 30_000);

  itOn('postgres')('should answer 503 when its time is out rather than wait on for a connection when other work holds every one', async () => {
    // A server whose requests have 1 s, every connection of its request pool held 2.5 s by work
    // outside any request (it keeps the pool's own limits).
    const short = await createTestApp({ config: { databaseTimeouts: { ...DEFAULT_DATABASE_TIMEOUTS, requestMs: 1000 } } });
    try {
      const { headers } = await signInAs(short, 'Admin');
      const holding = Promise.all(Array.from({ length: 10 }, () => sql`SELECT pg_sleep(2.5)`.execute(short.ctx.db)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const me = await timed(() => short.app.inject({ method: 'GET', url: '/api/auth/me', headers }));
      await holding;
      expect(me.status).toBe(503);
      expect(me.ms).toBeLessThan(2000);
      expect((await short.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  }, 30_000);

  itOn('sqlite')('should answer a write with 503 within the request limit while another process holds the write lock for 8 s, and serve reads meanwhile', async () => {
    const { headers, user } = await signInAs(t, 'Admin');
    // Another process (an import, a backup) holding SQLite's one write lock.
    const holder = new SQLite(path.join(t.database.dataDir, 'voters.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    try {
      const [write, me] = await Promise.all([
        timed(() => t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload: { title: 'Survey ward 3', assigned_to: user.id } })),
        timed(() => t.app.inject({ method: 'GET', url: '/api/auth/me', headers })),
      ]);
      expect(me.status).toBe(200);
      expect(write.status).toBe(503);
      expect(JSON.parse(write.body).message).toBe(DATABASE_UNAVAILABLE);
      expect(write.ms).toBeGreaterThanOrEqual(3000);
      expect(write.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
    // Nothing was written by the refused request; the same write now succeeds.
    expect((await t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload: { title: 'Survey ward 3', assigned_to: user.id } })).statusCode).toBe(201);
  }, 30_000);

  itOn('sqlite')('should let an upload wait for the write lock past the request limit and import when another process lets it go', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const holder = new SQLite(path.join(t.database.dataDir, 'voters.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    // Let go after the 3.5 s a request would have: an import is long work by nature.
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        holder.exec('COMMIT');
        holder.close();
        resolve();
      }, 5000),
    );
    const file = csvFile([
      ['Voter Number', 'Full Name', 'Voter ID', 'Booth'],
      ['1', 'Asha Patil', 'DLN0000001', 'Booth-03'],
    ]);
    const body = multipart({}, { field: 'file', filename: 'voters.csv', contentType: 'text/csv', data: file });
    const imported = await timed(() => t.app.inject({ method: 'POST', url: '/api/voters/import', headers: { ...headers, ...body.headers }, payload: body.payload }));
    await released;
    expect(imported.status, imported.body).toBe(200);
    expect(imported.ms).toBeGreaterThanOrEqual(4500);
    expect(JSON.parse(imported.body).imported).toBe(1);
  }, 30_000);
});
