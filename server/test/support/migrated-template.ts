import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { adminConnection, testDialectOf, untilNoConnections, withDatabaseName } from './test-database';

// Vitest global setup of the API projects: one database migrated once per run, which every
// test app's database is copied from (a SQLite file copied, a PostgreSQL database created
// with TEMPLATE), instead of running all the migrations again for each test file. Migrations
// themselves are still tested from empty by the files that call createTestDatabase().
const TEMPLATE_PREFIX = 'vms_template_';
// No run lasts this long: a template older than this was left by a run that was killed.
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

async function dropAbandonedTemplates(admin: Awaited<ReturnType<typeof adminConnection>>): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${TEMPLATE_PREFIX}%`]);
  for (const { datname } of rows) {
    const madeAt = Number.parseInt(datname.split('_').at(-1) ?? '', 36);
    if (Number.isFinite(madeAt) && Date.now() - madeAt > ABANDONED_AFTER_MS) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dialect = testDialectOf(project.config.env.TEST_DB);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-test-template-'));
  if (dialect === 'sqlite') {
    const sqliteFile = path.join(dataDir, 'template.sqlite');
    const handle = openDatabase({ dataDir, sqliteFile });
    await migrateToLatest(handle.bulkDb);
    // Closing the last connection folds the write-ahead log into the file: one file to copy.
    await handle.close();
    project.provide('migratedTemplate', { dialect, sqliteFile });
    return async () => rmSync(dataDir, { recursive: true, force: true });
  }

  const name = `${TEMPLATE_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const admin = await adminConnection();
  await dropAbandonedTemplates(admin);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: withDatabaseName(admin.connectionUrl, name), dataDir });
  await migrateToLatest(handle.bulkDb);
  // A template must have no connection open while databases are created from it.
  await handle.close();
  const check = await adminConnection();
  await untilNoConnections(check, name);
  await check.end();
  project.provide('migratedTemplate', { dialect, postgresDatabase: name });
  return async () => {
    const cleanup = await adminConnection();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
