import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/connection';
import { freePort, signInOver, startServerProcess, stopped, waitUntilUp } from '../support/server-process';
import { login, testConfig } from '../support/test-app';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database';
import { voterForm } from '../voters/voter-test-helpers';

// Issue 57: a server killed (SIGKILL) with keyed changes in flight left their Idempotency-Keys
// claimed and unanswered; every retry answered 409 "still being saved" for a day, holding the
// phone's whole outbox. Now a claim holds a lease its request renews: the process dies, the
// lease runs out, and the retry runs the change once (the change died with the process: it is
// committed together with its answer). A real server process, killed mid-request, on either
// database; writes blocked inside their transactions by a lock the test holds, so the kill
// lands while claims are taken and their changes not yet committed. The retries go to a server
// started in the test's own process on the same database (a second process would take 10 s to
// start on a busy machine).
const dialect = testDialect();
const ADMIN_PASSWORD = 'Crash-Test-Admin-2026';
const LEASE_MS = 1500;
const WRITERS = 8;

let database: TestDatabase;
let child: ChildProcess | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  // The server opens the database itself; the test reads it through its own connection.
  await database.handle.close();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await stopped(child);
  }
  await database.drop();
});

// Holds the database so that a contact's transaction waits inside it, and reads what is
// committed meanwhile.
interface Blocker {
  // Blocks writers of contacts; resolves with the unanswered claims once at least one is seen
  // while blocked, or null if none (the lock is then given back).
  hold: () => Promise<number | null>;
  release: () => Promise<void>;
  unansweredKeys: () => Promise<string[]>;
  contactsWithNote: (note: string) => Promise<number>;
  close: () => Promise<void>;
}

function sqliteBlocker(file: string): Blocker {
  const sqlite = new SQLite(file, { timeout: 5000 });
  return {
    // SQLite has one writer: the claim and the change both need the write lock. Taken at a
    // moment when some request has its claim committed and its transaction not yet begun.
    hold: async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      const { n } = sqlite.prepare('SELECT count(*) AS n FROM idempotency_keys WHERE status IS NULL').get() as { n: number };
      if (n > 0) return n;
      sqlite.exec('ROLLBACK');
      return null;
    },
    release: async () => {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    },
    unansweredKeys: async () => (sqlite.prepare('SELECT key FROM idempotency_keys WHERE status IS NULL').all() as { key: string }[]).map((row) => row.key),
    contactsWithNote: async (note) => (sqlite.prepare('SELECT count(*) AS n FROM voter_contacts WHERE note = ?').get(note) as { n: number }).n,
    close: async () => {
      sqlite.close();
    },
  };
}

function postgresBlocker(url: string): Blocker {
  const locker = new pg.Client({ connectionString: url });
  const reader = new pg.Client({ connectionString: url });
  let connected: Promise<unknown> | null = null;
  const ready = () => (connected ??= Promise.all([locker.connect(), reader.connect()]));
  return {
    // Claims go into idempotency_keys, not blocked; the contact's insert waits on the lock.
    hold: async () => {
      await ready();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE voter_contacts IN EXCLUSIVE MODE');
      for (let wait = 0; wait < 100; wait += 1) {
        const { rows } = await reader.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE status IS NULL');
        // A few in flight, well within the server's 3 s statement limit.
        if ((rows[0]?.n ?? 0) >= 3 || ((rows[0]?.n ?? 0) > 0 && wait > 20)) return rows[0]!.n;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await locker.query('ROLLBACK');
      return null;
    },
    release: async () => {
      await locker.query('ROLLBACK');
    },
    unansweredKeys: async () => (await reader.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE status IS NULL')).rows.map((row) => row.key),
    contactsWithNote: async (note) => (await reader.query<{ n: number }>('SELECT count(*)::int AS n FROM voter_contacts WHERE note = $1', [note])).rows[0]!.n,
    close: async () => {
      await Promise.all([locker.end(), reader.end()]);
    },
  };
}

describe(`SIGKILL with keyed changes in flight (${dialect})`, () => {
  it('should run each unanswered change once on retry after the lease and replay every answered one when the server was killed mid-request', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startServerProcess({ dataDir: database.dataDir, port, adminPassword: ADMIN_PASSWORD, databaseUrl: database.databaseUrl, env: { IDEMPOTENCY_LEASE_MS: String(LEASE_MS) } });
    await waitUntilUp(base);
    const token = await signInOver(base, 'admin', ADMIN_PASSWORD);
    const authorized = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/api/voters`, { method: 'POST', headers: authorized, body: JSON.stringify(voterForm({ booth: 'Booth-01' })) });
    expect(created.status).toBe(201);
    const voterId = ((await created.json()) as { id: number }).id;

    // Each change is a contact whose note is its key: a change applied twice shows as two rows.
    const body = (key: string) => ({ channel: 'visit', outcome: 'undecided', note: key });
    const contact = (key: string) => fetch(`${base}/api/voters/${voterId}/contacts`, { method: 'POST', headers: { ...authorized, 'idempotency-key': key }, body: JSON.stringify(body(key)) });
    const acknowledged: string[] = [];
    const unanswered: string[] = [];
    const refused: string[] = [];
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const key = randomUUID();
        try {
          const response = await contact(key);
          if (response.status === 201) acknowledged.push(key);
          else refused.push(`${response.status}`);
        } catch {
          unanswered.push(key);
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);

    const blocker = dialect === 'postgres' ? postgresBlocker(database.databaseUrl ?? '') : sqliteBlocker(path.join(database.dataDir, 'voters.sqlite'));
    try {
      let stuck: number | null = null;
      for (let attempt = 0; attempt < 400 && stuck === null; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5 + (attempt % 7)));
        stuck = await blocker.hold();
      }
      expect(stuck, 'no claim was caught between its commit and its change').not.toBeNull();
      killed = true;
      const serverUnderTest = child;
      serverUnderTest.kill('SIGKILL');
      await stopped(serverUnderTest);
      expect(serverUnderTest.signalCode).toBe('SIGKILL');
      await blocker.release();
      await Promise.all(writers);
      expect(refused).toEqual([]);

      // What the kill left: claims taken, never answered (the old code kept them for a day).
      const claimed = await blocker.unansweredKeys();
      expect(claimed.length).toBeGreaterThan(0);
      expect(claimed.every((key) => unanswered.includes(key))).toBe(true);
      for (const key of claimed) expect(await blocker.contactsWithNote(key), key).toBe(0);

      // The server again, on the same database.
      const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      const { app } = await buildApp({ config: testConfig(database, { idempotencyLeaseMs: LEASE_MS }), database: handle, logger: false });
      try {
        await app.ready();
        const signedIn = await login(app, 'admin', ADMIN_PASSWORD);
        expect(signedIn.statusCode).toBe(200);
        const headers = { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` };
        const resend = (key: string) => app.inject({ method: 'POST', url: `/api/voters/${voterId}/contacts`, headers: { ...headers, 'idempotency-key': key }, payload: body(key) });
        // The phone's outbox sends each change whose answer it never got again, after the lease.
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
        for (const key of unanswered) {
          const retry = await resend(key);
          expect(retry.statusCode, `${key}: ${retry.body}`).toBe(201);
          expect(await blocker.contactsWithNote(key), key).toBe(1);
          const again = await resend(key);
          expect(again.statusCode).toBe(201);
          expect(again.headers['idempotent-replayed']).toBe('true');
        }
        // Every acknowledged change is there once, and its key replays.
        for (const key of acknowledged) expect(await blocker.contactsWithNote(key), key).toBe(1);
        const replay = await resend(acknowledged.at(-1) ?? unanswered[0]!);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(await blocker.unansweredKeys()).toEqual([]);
      } finally {
        await app.close();
      }
    } finally {
      killed = true;
      await blocker.release().catch(() => {});
      await blocker.close();
    }
  }, 90_000);
});
