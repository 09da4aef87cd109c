import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobLeadership, startJobLeadership } from '../../src/db/job-leadership';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 23, decision 043: the scheduled jobs run on one node of several. Two "nodes" here are two
// leaderships on the test's database, as the jobs process of each node holds one. On PostgreSQL
// they compete for the advisory lock; on SQLite (one machine) the process leads at once.

describe('scheduled jobs across nodes', () => {
  let database: TestDatabase;
  const started: JobLeadership[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const leadership of started) await leadership.stop();
    await database.drop();
  });

  function node(name: string, events: string[]): JobLeadership {
    const leadership = startJobLeadership({
      databaseUrl: database.databaseUrl,
      lead: () => {
        events.push(`${name} started the jobs`);
        return () => events.push(`${name} stopped the jobs`);
      },
      onKick: () => events.push(`${name} dispatched SMS now`),
      log: () => {},
      retryMs: 100,
    });
    started.push(leadership);
    return leadership;
  }

  it('should run the jobs in exactly one node when two start, and in the other when the first stops', async () => {
    const events: string[] = [];
    const first = node('A', events);
    await expect.poll(() => first.isLeading(), { timeout: 5000 }).toBe(true);
    const second = node('B', events);
    if (database.databaseUrl) {
      // Several tries of the lock later, B still waits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(second.isLeading()).toBe(false);
      expect(events).toEqual(['A started the jobs']);

      await first.stop();
      await expect.poll(() => second.isLeading(), { timeout: 5000 }).toBe(true);
      expect(events).toEqual(['A started the jobs', 'A stopped the jobs', 'B started the jobs']);
    } else {
      // SQLite: one machine, whose primary already gives the jobs to one process (decision 039).
      expect(second.isLeading()).toBe(true);
      expect(events).toEqual(['A started the jobs', 'B started the jobs']);
    }
  });

  it('should have the leading node dispatch SMS at once when another node asks', async () => {
    // Only PostgreSQL has other nodes; on SQLite kickLeader has no one to tell.
    const events: string[] = [];
    const leader = node('C', events);
    const follower = node('D', events);
    if (!database.databaseUrl) {
      follower.kickLeader();
      expect(events.filter((event) => event.includes('dispatched'))).toEqual([]);
      return;
    }
    // The earlier test's B may still lead; wait until one of C and D does.
    await expect.poll(() => leader.isLeading() || follower.isLeading() || started.some((other) => other.isLeading()), { timeout: 5000 }).toBe(true);
    for (const other of started.slice(0, -2)) await other.stop();
    await expect.poll(() => leader.isLeading() || follower.isLeading(), { timeout: 5000 }).toBe(true);
    const [leading, waiting, leadingName] = leader.isLeading() ? [leader, follower, 'C'] : [follower, leader, 'D'];
    expect(waiting.isLeading()).toBe(false);
    // The waiting node's lock connection is open once it has tried the lock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    waiting.kickLeader();
    await expect.poll(() => events.filter((event) => event.includes('dispatched')), { timeout: 5000 }).toEqual([`${leadingName} dispatched SMS now`]);
    expect(leading.isLeading()).toBe(true);
  });
});
