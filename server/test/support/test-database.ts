import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';

// Each test file gets a database of its own: a fresh SQLite file, or a fresh
// PostgreSQL database created for it and dropped afterwards. TEST_DB chooses.
export type TestDialect = 'sqlite' | 'postgres';

export function testDialectOf(value: string | undefined): TestDialect {
  const dialect = value ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`TEST_DB must be sqlite or postgres, got "${dialect}"`);
  return dialect;
}

export function testDialect(): TestDialect {
  return testDialectOf(process.env.TEST_DB);
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

// The database every test app starts from, migrated once per run (support/migrated-template.ts).
export type MigratedTemplate = { dialect: 'sqlite'; sqliteFile: string } | { dialect: 'postgres'; postgresDatabase: string };
declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// A connection to the server's maintenance database, to create and drop test databases.
export async function adminConnection(): Promise<pg.Client & { connectionUrl: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const admin = Object.assign(new pg.Client({ connectionString: adminUrl }), { connectionUrl: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). Start it (see README, "Testing") or set TEST_DATABASE_URL.`,
    );
  }
  return admin;
}

// pg's pool.end() resolves before its clients have finished saying goodbye: wait for them
// (up to 2 s), or a DROP ... WITH (FORCE) terminates one mid-goodbye and it reports an
// unhandled error, and a CREATE DATABASE ... TEMPLATE finds its template still in use.
export async function untilNoConnections(admin: pg.Client, name: string): Promise<void> {
  for (let wait = 0; wait < 40; wait += 1) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// An empty database (no migration run): for the tests of migrations and of start-up itself.
// `from` copies a migrated template instead (createTestApp's databases).
export async function createTestDatabase(options: { from?: MigratedTemplate } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-test-'));
  const template = options.from;
  if (testDialect() === 'sqlite') {
    if (template?.dialect === 'sqlite') copyFileSync(template.sqliteFile, path.join(dataDir, 'voters.sqlite'));
    const handle = openDatabase({ dataDir });
    return {
      handle,
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }

  const name = `vms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await adminConnection();
  const adminUrl = admin.connectionUrl;
  await admin.query(template?.dialect === 'postgres' ? `CREATE DATABASE ${name} TEMPLATE ${template.postgresDatabase}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = withDatabaseName(adminUrl, name);
  const handle = openDatabase({ databaseUrl, dataDir });
  return {
    handle,
    dataDir,
    databaseUrl,
    drop: async () => {
      const cleanup = await adminConnection();
      await untilNoConnections(cleanup, name);
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
