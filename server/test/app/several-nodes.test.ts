import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { openDatabase } from '../../src/db/connection';
import { createUser, login } from '../support/test-app';
import { testConfig } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { multipart, seedVoter, tinyImage, voterForm } from '../voters/voter-test-helpers';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { startProcessLiveness } from '../../src/db/process-liveness';
import { insertRollImport, updateRollImport } from '../../src/features/rolls/roll-import-repository';
import { createRollImportJobs, RESTARTED } from '../../src/features/rolls/roll-import-jobs';
import { JOB_STOPPED, markStoppedJobs } from '../../src/features/slips/slip-jobs';
import { fakeRollReader } from '../rolls/fake-roll-reader';

// Issue 23, decision 043: two app nodes on one database, as behind the reverse proxy. Node B has
// a connection pool of its own and, on PostgreSQL, a DATA_DIR of its own (another machine: it
// shares nothing with A but the database). On SQLite both are processes of one machine and share
// the file. A user signed in on one node is served by the other, a message sent through one is in
// the inbox read through the other, and a photo uploaded to one is served by the other.

describe('two app nodes on one database', () => {
  let database: TestDatabase;
  let nodeA: { app: FastifyInstance; ctx: AppContext };
  let nodeB: { app: FastifyInstance; ctx: AppContext };
  let dataDirB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Every node signs tokens with the same secret (JWT_SECRET); sessions are rows.
    const jwtSecret = randomBytes(32).toString('hex');
    nodeA = await buildApp({ config: testConfig(database, { jwtSecret }), database: database.handle, logger: false });
    dataDirB = database.databaseUrl ? mkdtempSync(path.join(os.tmpdir(), 'vms-node-b-')) : database.dataDir;
    const handleB = openDatabase({ databaseUrl: database.databaseUrl, dataDir: dataDirB });
    nodeB = await buildApp({ config: testConfig(database, { jwtSecret, dataDir: dataDirB }), database: handleB, logger: false });
    await Promise.all([nodeA.app.ready(), nodeB.app.ready()]);
  });
  afterAll(async () => {
    await nodeB.app.close();
    await nodeA.app.close();
    if (dataDirB !== database.dataDir) rmSync(dataDirB, { recursive: true, force: true });
    await database.drop();
  });

  async function signIn(node: FastifyInstance, role: 'Admin' | 'Karyakarta') {
    const user = await createUser(nodeA.ctx, { role, booth_access: role === 'Admin' ? ['Admin'] : ['Booth-01'] });
    const response = await login(node, user.username, user.password);
    expect(response.statusCode, response.body).toBe(200);
    return { user, headers: { authorization: `Bearer ${response.json<{ token: string }>().token}` } };
  }

  it('should serve a user signed in on node A from node B', async () => {
    const { headers } = await signIn(nodeA.app, 'Karyakarta');
    const me = await nodeB.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('should show a message sent through node B in the inbox read through node A', async () => {
    const sender = await signIn(nodeB.app, 'Admin');
    const reader = await signIn(nodeA.app, 'Karyakarta');
    const before = await nodeA.app.inject({ method: 'GET', url: '/api/notifications/inbox', headers: reader.headers });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ total: number }>().total).toBe(0);

    const sent = await nodeB.app.inject({ method: 'POST', url: '/api/notifications/send', headers: sender.headers, payload: { message: 'Booth meeting moved to 6 pm', recipients: [reader.user.id], type: 'manual' } });
    expect(sent.statusCode, sent.body).toBe(201);

    const after = await nodeA.app.inject({ method: 'GET', url: '/api/notifications/inbox', headers: reader.headers });
    expect(after.json<{ total: number; items: { message: string }[] }>()).toMatchObject({ total: 1, items: [{ message: 'Booth meeting moved to 6 pm' }] });
  });

  it('should serve from node B a photo uploaded through node A, and forget it everywhere when removed through B', async () => {
    const { headers } = await signIn(nodeA.app, 'Karyakarta');
    const body = multipart(voterForm(), { filename: 'me.png', contentType: 'image/png', data: await tinyImage('png', { width: 300, height: 200 }) });
    const created = await nodeA.app.inject({ method: 'POST', url: '/api/voters', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const voter = created.json<{ id: number; version: number }>();

    const fromB = await nodeB.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    const fromA = await nodeA.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo?size=thumb`, headers });
    expect(fromA.statusCode).toBe(200);
    const thumbFromB = await nodeB.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo?size=thumb`, headers });
    expect(thumbFromB.rawPayload.equals(fromA.rawPayload)).toBe(true);

    const removal = multipart({ remove_image: 'true', version: voter.version });
    const removed = await nodeB.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: { ...headers, ...removal.headers }, payload: removal.payload });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await nodeA.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers });
    expect(gone.statusCode).toBe(404);
  });

  it('should refuse the photo to a user of another booth on either node', async () => {
    const owner = await signIn(nodeA.app, 'Karyakarta');
    const body = multipart(voterForm(), { filename: 'me.png', contentType: 'image/png', data: await tinyImage('png') });
    const created = await nodeA.app.inject({ method: 'POST', url: '/api/voters', headers: { ...owner.headers, ...body.headers }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const outsider = await createUser(nodeA.ctx, { role: 'Karyakarta', booth_access: ['Booth-09'] });
    const token = (await login(nodeB.app, outsider.username, outsider.password)).json<{ token: string }>().token;
    const refused = await nodeB.app.inject({ method: 'GET', url: `/api/voters/${created.json<{ id: number }>().id}/photo`, headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(404);
    expect((await nodeB.app.inject({ method: 'GET', url: `/api/voters/${created.json<{ id: number }>().id}/photo` })).statusCode).toBe(401);
  });

  // Issue 61, decision 085: a slip's QR code is signed with a key both nodes derive from the shared secret.
  it('should mark on node B the voter of a slip printed on node A', async () => {
    await writeSettings(nodeA.ctx.db, { poll_date: '2029-10-20' });
    const voterId = (await seedVoter(nodeA.ctx, { booth: 'Booth-01', part_serial: 7 })).id;
    const admin = await signIn(nodeA.app, 'Admin');
    const share = await nodeA.app.inject({ method: 'GET', url: `/api/slips/voters/${voterId}/share`, headers: admin.headers });
    expect(share.statusCode, share.body).toBe(200);
    const runner = await signIn(nodeB.app, 'Karyakarta');
    const marked = await nodeB.app.inject({ method: 'POST', url: '/api/poll/booths/1/slip-marks', headers: runner.headers, payload: { token: share.json<{ slips: { qr: string }[] }>().slips[0]!.qr } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<{ voters: { voter_id: number; changed: boolean }[] }>().voters).toEqual([expect.objectContaining({ voter_id: voterId, changed: true })]);
  });

  it("should leave a living node's running jobs alone when a node starts, and stop those of a node that is gone", async () => {
    const now = new Date().toISOString();
    // A third process that dies (its jobs must be recovered) beside node B, which lives on.
    const dead = await startProcessLiveness(database.databaseUrl);
    await dead.stop();
    const slipJob = (owner: string) =>
      nodeA.ctx.db
        .insertInto('jobs')
        .values({ kind: 'constituency_slips', state: 'running', params: '{}', created_by: null, created_at: now, updated_at: now, file_name: null, file_bytes: null, error: null, finished_at: null, owner })
        .returning('id')
        .executeTakeFirstOrThrow();
    const livingJob = await slipJob(nodeB.ctx.liveness.owner);
    const deadJob = await slipJob(dead.owner);
    const rollOf = async (owner: string) => {
      const row = await insertRollImport(nodeA.ctx.db, { fileName: 'roll.pdf', filePath: path.join(dataDirB, 'rolls', 'nowhere', 'roll.pdf'), userId: 1, now, owner });
      await updateRollImport(nodeA.ctx.db, row.id, { state: 'reading' });
      return row;
    };
    const livingRoll = await rollOf(nodeB.ctx.liveness.owner);
    const deadRoll = await rollOf(dead.owner);

    // What node A's first process does when it starts.
    await markStoppedJobs(nodeA.ctx);
    await createRollImportJobs(nodeA.ctx, fakeRollReader, () => {}).recover();

    const jobState = async (id: number) => (await nodeA.ctx.db.selectFrom('jobs').select(['state', 'error']).where('id', '=', id).executeTakeFirstOrThrow());
    const rollState = async (id: number) => (await nodeA.ctx.db.selectFrom('roll_imports').select(['state', 'error']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(await jobState(deadJob.id)).toEqual({ state: 'failed', error: JOB_STOPPED });
    expect(await rollState(deadRoll.id)).toEqual({ state: 'failed', error: RESTARTED });
    if (database.databaseUrl) {
      // Node B still holds its lock: its work goes on.
      expect(await jobState(livingJob.id)).toEqual({ state: 'running', error: null });
      expect(await rollState(livingRoll.id)).toEqual({ state: 'reading', error: null });
    } else {
      // SQLite is one machine: the first process starts before any other, so every other is gone.
      expect(await jobState(livingJob.id)).toEqual({ state: 'failed', error: JOB_STOPPED });
    }
  });
});
