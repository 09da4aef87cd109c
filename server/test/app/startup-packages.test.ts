import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Every server process loads the app at start, and a package loaded then stays in its memory for
// good: 15 MB less in each process for those below (issue 19's 700 MB for the whole server while
// a roll is read, on a machine whose other process sits idle). Each loads with its first use.
const SCRIPT = path.resolve(import.meta.dirname, '../support/packages-loaded-at-start.ts');
const LOADED_WHEN_USED = {
  ioredis: 'only with REDIS_URL (several nodes)',
  qrcode: 'a two-factor enrolment or a voter slip',
  // pdfkit and fontkit load as ES modules, which the module cache does not list; linebreak,
  // pdfkit's CommonJS line breaker, stands for them.
  linebreak: 'a voter slip PDF',
  exceljs: 'an .xlsx import or export',
  sharp: 'a photo or a roll page',
  '@napi-rs/canvas': 'a roll page',
  'tesseract.js': 'a roll page',
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.handle.close();
  await database.drop();
});

describe('packages a server process loads at start', () => {
  it('should leave the ones a feature needs until that feature is used', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', REDIS_URL: '', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'Startup-Check-2026', LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    const loaded: string[] = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]');
    // The check itself must see what is loaded: the web framework and the database driver are.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', database.databaseUrl ? 'pg' : 'better-sqlite3']));
    expect(loaded.filter((name) => name in LOADED_WHEN_USED)).toEqual([]);
  }, 90_000);
});
