import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_REQUEST } from '@shared/service-requests/service-attachment-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { multipart, tinyImage } from '../voters/voter-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const URL = '/api/service-requests';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function newRequest(booth = 'Booth-07'): Promise<number> {
  const admin = await signInAs(t, 'Admin');
  const response = await t.app.inject({ method: 'POST', url: URL, headers: admin.headers, payload: { citizen_name: 'Sunita Pawar', category: 'pension', description: 'Widow pension', booth } });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

function upload(headers: Headers, id: number, file: { filename: string; contentType: string; data: Buffer; field?: string }) {
  const form = multipart({}, { field: file.field ?? 'file', ...file });
  return t.app.inject({ method: 'POST', url: `${URL}/${id}/attachments`, headers: { ...headers, ...form.headers }, payload: form.payload });
}
const list = (headers: Headers, id: number) => t.app.inject({ method: 'GET', url: `${URL}/${id}/attachments`, headers });
const download = (headers: Headers, id: number, attachmentId: number, query = '') => t.app.inject({ method: 'GET', url: `${URL}/${id}/attachments/${attachmentId}${query}`, headers });
const remove = (headers: Headers, id: number, attachmentId: number) => t.app.inject({ method: 'DELETE', url: `${URL}/${id}/attachments/${attachmentId}`, headers });

async function audits(action: string, recordId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(recordId)).execute();
}

describe('POST /api/service-requests/:id/attachments', () => {
  it('should store a photo re-encoded and a PDF as sent, list both and audit each upload when an office user attaches them', async () => {
    const id = await newRequest();
    const admin = await signInAs(t, 'Admin', { full_name: 'Office Admin' });
    const photo = await upload(admin.headers, id, { filename: 'application.jpg', contentType: 'image/jpeg', data: await tinyImage('jpeg') });
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({ request_id: id, kind: 'photo', file_name: 'application.jpg', created_by_name: 'Office Admin' });
    const pdf = await upload(admin.headers, id, { filename: '../../etc/form.pdf', contentType: 'application/pdf', data: PDF });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ kind: 'pdf', file_name: 'form.pdf', size: PDF.length });

    const listed = await list(admin.headers, id);
    expect(listed.json().items.map((item: { kind: string }) => item.kind)).toEqual(['photo', 'pdf']);
    const image = await download(admin.headers, id, photo.json().id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await download(admin.headers, id, photo.json().id, '?size=thumb')).statusCode).toBe(200);
    const document = await download(admin.headers, id, pdf.json().id);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.equals(PDF)).toBe(true);
    const rows = await audits('ATTACH_SERVICE_REQUEST_FILE', id);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.user_id).toBe(admin.user.id);
  });

  it('should refuse a .jpg that is really text with 400 and store nothing', async () => {
    const id = await newRequest();
    const admin = await signInAs(t, 'Super Admin');
    const response = await upload(admin.headers, id, { filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('this is not a photo, just text') });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ file: 'Attach a photo (JPEG, PNG, GIF or WebP) or a PDF' });
    expect((await list(admin.headers, id)).json().items).toEqual([]);
  });

  it('should refuse a file over 5 MB with 413', async () => {
    const id = await newRequest();
    const admin = await signInAs(t, 'Admin');
    const big = Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1)]);
    const response = await upload(admin.headers, id, { filename: 'big.pdf', contentType: 'application/pdf', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('A file may be at most 5 MB');
  });

  it(`should refuse an attachment past ${ATTACHMENTS_PER_REQUEST} on one request with 409`, async () => {
    const id = await newRequest();
    const admin = await signInAs(t, 'Admin');
    for (let n = 0; n < ATTACHMENTS_PER_REQUEST; n += 1) {
      expect((await upload(admin.headers, id, { filename: `p${n}.pdf`, contentType: 'application/pdf', data: PDF })).statusCode).toBe(201);
    }
    const extra = await upload(admin.headers, id, { filename: 'one-more.pdf', contentType: 'application/pdf', data: PDF });
    expect(extra.statusCode).toBe(409);
    expect(extra.json().message).toBe('A request holds at most 10 attachments');
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should let a ${role} attach to and read a request of their booth and answer 404 for another booth's`, async () => {
      const own = await newRequest('Booth-07');
      const other = await newRequest('Booth-08');
      const worker = await signInAs(t, role, { booth_access: ['Booth-07'] });
      const added = await upload(worker.headers, own, { filename: 'app.pdf', contentType: 'application/pdf', data: PDF });
      expect(added.statusCode).toBe(201);
      expect((await download(worker.headers, own, added.json().id)).statusCode).toBe(200);

      const admin = await signInAs(t, 'Admin');
      const theirs = await upload(admin.headers, other, { filename: 'other.pdf', contentType: 'application/pdf', data: PDF });
      expect((await list(worker.headers, other)).statusCode).toBe(404);
      expect((await download(worker.headers, other, theirs.json().id)).statusCode).toBe(404);
      expect((await upload(worker.headers, other, { filename: 'x.pdf', contentType: 'application/pdf', data: PDF })).statusCode).toBe(404);
      // An attachment id of one request read through another request names nothing.
      expect((await download(worker.headers, own, theirs.json().id)).statusCode).toBe(404);
    });
  }

  it('should answer 401 when nobody is signed in', async () => {
    const id = await newRequest();
    expect((await t.app.inject({ method: 'GET', url: `${URL}/${id}/attachments` })).statusCode).toBe(401);
  });
});

describe('DELETE /api/service-requests/:id/attachments/:attachmentId', () => {
  for (const role of ADMIN_ROLES) {
    it(`should remove the attachment and its photo and write an audit row when a ${role} deletes it`, async () => {
      const id = await newRequest();
      const office = await signInAs(t, role);
      const added = await upload(office.headers, id, { filename: 'a.png', contentType: 'image/png', data: await tinyImage('png') });
      const response = await remove(office.headers, id, added.json().id);
      expect(response.statusCode).toBe(200);
      expect((await list(office.headers, id)).json().items).toEqual([]);
      expect((await download(office.headers, id, added.json().id)).statusCode).toBe(404);
      const rows = await audits('DELETE_SERVICE_REQUEST_FILE', id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.user_id).toBe(office.user.id);
    });
  }

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403 and keep the attachment`, async () => {
      const id = await newRequest('Booth-07');
      const worker = await signInAs(t, role, { booth_access: ['Booth-07'] });
      const added = await upload(worker.headers, id, { filename: 'a.pdf', contentType: 'application/pdf', data: PDF });
      expect((await remove(worker.headers, id, added.json().id)).statusCode).toBe(403);
      expect((await list(worker.headers, id)).json().items).toHaveLength(1);
    });
  }
});
