import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';

// Each test file gets a database of its own: a fresh SQLite file, or a fresh
// PostgreSQL database created for it and dropped afterwards. TEST_DB chooses.
export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  const value = process.env.TEST_DB ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') throw new Error(`TEST_DB must be sqlite or postgres, got "${value}"`);
  return value;
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-test-'));
  if (testDialect() === 'sqlite') {
    const handle = openDatabase({ dataDir });
    return {
      handle,
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `vms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). Start it (see README, "Testing") or set TEST_DATABASE_URL.`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = withDatabaseName(adminUrl, name);
  const handle = openDatabase({ databaseUrl, dataDir });
  return {
    handle,
    dataDir,
    databaseUrl,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pg's pool.end() resolves before its clients have finished saying goodbye; give them
      // a moment, or FORCE terminates one mid-goodbye and it reports an unhandled error.
      for (let wait = 0; wait < 40; wait += 1) {
        const { rows } = await cleanup.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
