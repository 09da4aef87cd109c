import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 23 (decision 039): two server processes are two connections to one database. On SQLite
// a transaction that read before another connection committed used to fail with SQLITE_BUSY
// at its first write; every transaction now takes the write lock at its start and waits for it.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('transactions on two connections to one database', () => {
  let database: TestDatabase;
  let other: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    other = openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });

  afterAll(async () => {
    await other?.close();
    await database?.drop();
  });

  it('should commit both when one reads, waits, then writes while the other writes', async () => {
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const first = database.handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('rate_limits').select('key').execute();
      await pause(100);
      await trx.insertInto('rate_limits').values({ key: 'first', hits: 1, expires_at: later }).execute();
    });
    await pause(20);
    const second = other.db.transaction().execute(async (trx) => {
      await trx.insertInto('rate_limits').values({ key: 'second', hits: 1, expires_at: later }).execute();
    });
    await Promise.all([first, second]);
    const keys = await database.handle.db.selectFrom('rate_limits').select('key').where('expires_at', '>', now).orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['first', 'second']);
  });
});
