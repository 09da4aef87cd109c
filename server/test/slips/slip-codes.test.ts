import jsQR from 'jsqr';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipShare } from '@shared/slips/slip-schema';
import { readSlipToken, type SlipCode } from '@shared/slips/slip-token';
import { createTestApp, type TestApp } from '../support/test-app';
import { type RoleHeaders, seedVoter, signInEachRole } from '../voters/voter-test-helpers';

// A voter's slip code (issue 61, decision 085) on both databases: who may see and revoke it,
// the version check of a revocation, its audit row, and the code a print carries after it.

let t: TestApp;
let roles: RoleHeaders;
const BOOTH = 'Booth-251';

type Headers = { authorization: string } | Record<string, never>;
const codeOf = (voterId: number, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/slips/voters/${voterId}/code`, headers });
const revoke = (voterId: number, headers: Headers, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/slips/voters/${voterId}/code/revoke`, headers, payload: payload as object });
const stored = (voterId: number) => t.ctx.db.selectFrom('voter_slip_codes').selectAll().where('voter_id', '=', voterId).execute();
const auditRows = () => t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'REVOKE_SLIP').orderBy('id').execute();
const newVoter = async () => (await seedVoter(t.ctx, { booth: BOOTH, full_name: 'Code Voter', voter_id: `COD${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` } as never)).id;

beforeAll(async () => {
  t = await createTestApp();
  roles = await signInEachRole(t, BOOTH);
});
afterAll(async () => t.close());

describe('GET /api/slips/voters/:id/code', () => {
  it.each(['admin', 'superAdmin'] as const)('should show generation 0 and no revocation for a voter never revoked when %s asks', async (role) => {
    const id = await newVoter();
    const response = await codeOf(id, roles[role]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SlipCode>()).toEqual({ voter_id: id, generation: 0, revoked_at: null, revoked_by_name: null });
  });

  it.each(['supervisor', 'karyakarta'] as const)('should refuse %s with 403 even in their booth', async (role) => {
    expect((await codeOf(await newVoter(), roles[role])).statusCode).toBe(403);
  });

  it('should answer 404 for a voter who does not exist or was deleted, 400 for a bad id and 401 signed out', async () => {
    const id = await newVoter();
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();
    expect((await codeOf(id, roles.admin)).statusCode).toBe(404);
    expect((await codeOf(99_999_999, roles.admin)).json()).toEqual({ message: 'Voter not found' });
    expect((await codeOf('x' as never, roles.admin)).statusCode).toBe(400);
    expect((await codeOf(id, {})).statusCode).toBe(401);
  });
});

describe('POST /api/slips/voters/:id/code/revoke', () => {
  it.each(['admin', 'superAdmin'] as const)('should move the code to the next generation and write a REVOKE_SLIP row when %s revokes it', async (role) => {
    const id = await newVoter();
    const before = (await auditRows()).length;
    const response = await revoke(id, roles[role], { generation: 0 });

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SlipCode>();
    expect(body).toMatchObject({ voter_id: id, generation: 1, revoked_at: expect.any(String), revoked_by_name: expect.any(String) });
    expect(await stored(id)).toEqual([expect.objectContaining({ voter_id: id, generation: 1, revoked_at: body.revoked_at })]);
    expect((await codeOf(id, roles.admin)).json<SlipCode>()).toEqual(body);
    const audits = await auditRows();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ table_name: 'voters', record_id: String(id), record_name: expect.stringContaining('Code Voter') });
    expect(JSON.parse(audits.at(-1)?.details ?? '{}')).toEqual({ from_generation: 0, generation: 1, booth: BOOTH });

    // Again, from the generation now shown.
    expect((await revoke(id, roles[role], { generation: 1 })).json<SlipCode>().generation).toBe(2);
  });

  it('should refuse with 409 and the code as it is now when the generation sent is stale', async () => {
    const id = await newVoter();
    const first = await revoke(id, roles.admin, { generation: 0 });
    const stale = await revoke(id, roles.superAdmin, { generation: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'Someone else revoked this slip first. Reload and try again.', current: first.json<SlipCode>() });
    expect(await stored(id)).toEqual([expect.objectContaining({ generation: 1 })]);
  });

  it('should move the code once when two revocations from the same generation arrive together', async () => {
    const id = await newVoter();
    const answers = await Promise.all([revoke(id, roles.admin, { generation: 0 }), revoke(id, roles.superAdmin, { generation: 0 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stored(id)).toEqual([expect.objectContaining({ generation: 1 })]);
  });

  it.each(['supervisor', 'karyakarta'] as const)('should refuse %s with 403 and change nothing', async (role) => {
    const id = await newVoter();
    const before = (await auditRows()).length;
    expect((await revoke(id, roles[role], { generation: 0 })).statusCode).toBe(403);
    expect(await stored(id)).toEqual([]);
    expect((await auditRows()).length).toBe(before);
  });

  it.each([[{}], [{ generation: 'x' }], [{ generation: -1 }], [{ generation: 1.5 }]])('should answer 400 for the body %j', async (payload) => {
    const response = await revoke(await newVoter(), roles.admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Generation must be a whole number');
  });

  it('should answer 404 for a voter who does not exist and 401 signed out', async () => {
    expect((await revoke(99_999_999, roles.admin, { generation: 0 })).statusCode).toBe(404);
    expect((await revoke(await newVoter(), {}, { generation: 0 })).statusCode).toBe(401);
  });

  it('should print the new generation\'s code on the slip once revoked', async () => {
    const id = await newVoter();
    const share = async () => (await t.app.inject({ method: 'GET', url: `/api/slips/voters/${id}/share`, headers: roles.karyakarta })).json<SlipShare>().slips[0]!.qr;
    const before = await share();
    expect(readSlipToken(before)).toMatchObject({ voterId: id, generation: 0 });
    await revoke(id, roles.admin, { generation: 0 });
    const after = await share();
    expect(readSlipToken(after)).toMatchObject({ voterId: id, generation: 1 });

    // And the PDF's QR code reads as that code.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/slips/voters/${id}?format=thermal80`, headers: roles.karyakarta });
    expect(pdf.statusCode).toBe(200);
    const document = await getDocument({ data: new Uint8Array(pdf.rawPayload), isEvalSupported: false }).promise;
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    expect(jsQR(new Uint8ClampedArray(image.data.buffer), canvas.width, canvas.height)?.data).toBe(after);
    await document.destroy();
  });
});
