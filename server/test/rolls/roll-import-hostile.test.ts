import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollImport } from '@shared/rolls/roll-import-schema';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { openDatabase } from '../../src/db/connection';
import { liveReaderProcesses, writeHeavyDrawingPdf, writeHugePagePdf, writeManyPagesPdf } from '../../src/features/rolls/reader/hostile-pdf.test-helper';
import { realRollReader } from '../../src/features/rolls/roll-reader-seam';
import { createUser, login, testConfig } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rollUpload } from './fake-roll-reader';

// Issue 54: files an attacker could send as a roll, uploaded through the server's own door and
// read by the real reader (a child process of this one), on two app nodes of one database: each
// refused with its reason, and a cancel through the other node stops the reading at once.

type Headers = { authorization: string };
let database: TestDatabase;
let nodeA: { app: FastifyInstance; ctx: AppContext };
let nodeB: { app: FastifyInstance; ctx: AppContext };
let dataDirB: string;
let files: string;
let onA: Headers;
let onB: Headers;

beforeAll(async () => {
  database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  nodeA = await buildApp({ config: testConfig(database, { jwtSecret }), database: database.handle, logger: false, rollReader: realRollReader });
  dataDirB = database.databaseUrl ? mkdtempSync(path.join(os.tmpdir(), 'vms-node-b-')) : database.dataDir;
  nodeB = await buildApp({ config: testConfig(database, { jwtSecret, dataDir: dataDirB }), database: openDatabase({ databaseUrl: database.databaseUrl, dataDir: dataDirB }), logger: false, rollReader: realRollReader });
  await Promise.all([nodeA.app.ready(), nodeB.app.ready()]);
  const admin = await createUser(nodeA.ctx, { role: 'Admin' });
  const headersOn = async (node: FastifyInstance) => ({ authorization: `Bearer ${(await login(node, admin.username, admin.password)).json<{ token: string }>().token}` });
  onA = await headersOn(nodeA.app);
  onB = await headersOn(nodeB.app);
  files = mkdtempSync(path.join(os.tmpdir(), 'hostile-rolls-'));
  await writeHugePagePdf(path.join(files, 'huge-page.pdf'), 5000);
  await writeManyPagesPdf(path.join(files, 'many-pages.pdf'), 3000);
  await writeHeavyDrawingPdf(path.join(files, 'heavy-drawing.pdf'), 100);
}, 60_000);
afterAll(async () => {
  await nodeB.app.close();
  await nodeA.app.close();
  if (dataDirB !== database.dataDir) rmSync(dataDirB, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
  await database.drop();
});

async function uploadToA(name: string): Promise<{ id: number; filePath: string }> {
  const body = rollUpload([{ name, data: await readFile(path.join(files, name)) }]);
  const response = await nodeA.app.inject({ method: 'POST', url: '/api/rolls/imports', headers: { ...onA, ...body.headers }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(202);
  const id = response.json<{ imports: RollImport[] }>().imports[0]!.id;
  const row = await nodeA.ctx.db.selectFrom('roll_imports').select('file_path').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, filePath: row.file_path! };
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const importOnA = async (id: number) => (await nodeA.app.inject({ method: 'GET', url: `/api/rolls/imports/${id}`, headers: onA })).json<RollImport>();
const ended = (item: RollImport) => !['queued', 'reading'].includes(item.state);

describe('hostile roll PDFs through the server', { timeout: 90_000 }, () => {
  it('should fail the import of a page larger than a roll page with the reason and keep nothing of it', async () => {
    const { id, filePath } = await uploadToA('huge-page.pdf');
    const done = await until(() => importOnA(id), ended, 60);
    expect(done).toMatchObject({ state: 'failed', error: 'Page 1 is 5,000 × 5,000 points, larger than a roll page can be (at most 1,700 points a side and 16 million pixels; A4 is 595 × 842)' });
    expect(await until(() => existsSync(path.dirname(filePath)), (exists) => !exists, 5)).toBe(false);
    expect(await until(liveReaderProcesses, (pids) => pids.length === 0, 5)).toEqual([]);
  });

  it('should fail the import of a file of more pages than a roll may have before reading a page', async () => {
    const { id } = await uploadToA('many-pages.pdf');
    const done = await until(() => importOnA(id), ended, 60);
    expect(done).toMatchObject({ state: 'failed', pages_done: 0, error: 'This file has 3,000 pages; a roll may have at most 500. Split it into smaller files' });
  });

  it('should stop the reading on node A within seconds when the import is cancelled through node B', async () => {
    const { id, filePath } = await uploadToA('heavy-drawing.pdf');
    // Node A's reader is at work on the page (pdf.js parsing 100 MB of drawing commands).
    await until(() => importOnA(id), (item) => item.state === 'reading', 30);
    expect(await until(liveReaderProcesses, (pids) => pids.length > 0, 30)).not.toEqual([]);
    const cancelled = await nodeB.app.inject({ method: 'POST', url: `/api/rolls/imports/${id}/cancel`, headers: onB });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const since = Date.now();
    expect(await until(liveReaderProcesses, (pids) => pids.length === 0, 8)).toEqual([]);
    expect(Date.now() - since).toBeLessThan(8000);
    expect(await until(() => existsSync(path.dirname(filePath)), (exists) => !exists, 5)).toBe(false);
    expect((await importOnA(id)).state).toBe('cancelled');
  });
});
