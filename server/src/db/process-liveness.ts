import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';

// Which server processes are alive, across nodes (issue 23, decision 043). Each process names
// itself (its "owner" name, written on the slip jobs and roll imports it runs). On PostgreSQL it
// also holds an advisory lock named after itself on a connection of its own for as long as it
// lives: a process that died (even with SIGKILL, or with its machine) lost its session and so its
// lock. A node starting up recovers only the jobs whose owner's lock it can take.
// On SQLite there is one machine, and recovery runs in the first process before any other starts
// (decision 039): every owner but itself is gone.

// The advisory locks' class (the first of the two-int key): any number no other lock uses.
const OWNER_LOCK_CLASS = 72_369;

export interface ProcessLiveness {
  owner: string;
  // True when the process that wrote `owner` is no longer running; null (rows from before
  // migration 038) counts as gone.
  isGone(owner: string | null): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startProcessLiveness(databaseUrl: string | undefined): Promise<ProcessLiveness> {
  if (!databaseUrl) {
    const owner = `sqlite-${process.pid}-${randomBytes(4).toString('hex')}`;
    return { owner, isGone: async (other) => other !== owner, stop: async () => {} };
  }
  const key = randomInt(1, 2 ** 31 - 1);
  const owner = `pg-${key}`;
  let client: pg.Client | null = null;
  let stopped = false;

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: 'vms-process-liveness' });
    fresh.on('error', () => {});
    fresh.on('end', () => {
      if (client === fresh) client = null;
    });
    await fresh.connect();
    await fresh.query('SELECT pg_advisory_lock($1, $2)', [OWNER_LOCK_CLASS, key]);
    client = fresh;
    return fresh;
  }
  await connect();

  const keyOf = (other: string): number | null => {
    const match = /^pg-(\d+)$/.exec(other);
    return match ? Number(match[1]) : null;
  };

  return {
    owner,
    async isGone(other) {
      if (other === null) return true;
      if (other === owner) return false;
      const otherKey = keyOf(other);
      // An owner written on SQLite, before a move to PostgreSQL: long gone.
      if (otherKey === null) return true;
      // A dropped connection also lost our own lock: take it again first.
      const live = client ?? (stopped ? null : await connect());
      if (!live) return false;
      const { rows } = await live.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [OWNER_LOCK_CLASS, otherKey]);
      if (!rows[0]?.taken) return false;
      await live.query('SELECT pg_advisory_unlock($1, $2)', [OWNER_LOCK_CLASS, otherKey]);
      return true;
    },
    async stop() {
      stopped = true;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
