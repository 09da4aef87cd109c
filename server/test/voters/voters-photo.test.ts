import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { type FilePart, multipart, tinyImage, voterForm } from './voter-test-helpers';

let t: TestApp;
type Headers = { authorization: string };
let admin: Headers;
let karyakarta: Headers;
let otherKaryakarta: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'] })).headers;
  otherKaryakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-09'] })).headers;
});
afterAll(async () => {
  await t.close();
});

function uploadsDir(): string {
  return path.join(t.ctx.config.dataDir, 'uploads', 'voters');
}
// What the photo store holds, as file names: files on SQLite, rows on PostgreSQL (decision 043).
async function storedFiles(): Promise<string[]> {
  if (!t.database.databaseUrl) return existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : [];
  const rows = await t.ctx.db.selectFrom('voter_photo_files').select('name').execute();
  return rows.flatMap((row) => [row.name, row.name.replace('.webp', '-thumb.webp')]);
}
function create(headers: Headers, fields: Record<string, string | number | boolean | null>, file?: FilePart) {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...headers, ...body.headers }, payload: body.payload });
}

describe('voter photos', () => {
  for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
    it(`should accept a ${format.toUpperCase()} photo and store it re-encoded with a thumbnail under a random name`, async () => {
      const data = await tinyImage(format, { width: 400, height: 300 });
      const response = await create(karyakarta, voterForm(), { filename: `me.${format}`, contentType: `image/${format}`, data });
      expect(response.statusCode, response.body).toBe(201);
      const voter = response.json();
      expect(voter.voter_image).toMatch(/^[a-f0-9]{32}\.webp$/);
      expect(await storedFiles()).toEqual(expect.arrayContaining([voter.voter_image, voter.voter_image.replace('.webp', '-thumb.webp')]));

      const full = await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers: karyakarta });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/webp');
      expect(full.headers['cache-control']).toBe('private, max-age=3600');
      expect((await sharp(full.rawPayload).metadata()).width).toBe(400);
      const thumb = await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo?size=thumb`, headers: karyakarta });
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(160);
    });
  }

  it('should strip metadata such as EXIF from the stored photo', async () => {
    const data = await tinyImage('jpeg', { withGps: true });
    expect((await sharp(data).metadata()).exif).toBeDefined();
    const voter = (await create(admin, voterForm(), { filename: 'gps.jpg', contentType: 'image/jpeg', data })).json();
    const full = await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers: admin });
    const metadata = await sharp(full.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('SecretPhone'))).toBe(false);
  });

  it('should refuse a text file renamed to .jpg and save nothing', async () => {
    const before = (await storedFiles()).length;
    const fields = voterForm({ voter_id: 'TXT0000001' });
    const response = await create(admin, fields, { filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('just some text, not a picture') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Photo must be a JPEG, PNG, GIF or WebP image', fields: { voter_image: 'Photo must be a JPEG, PNG, GIF or WebP image' } });
    expect(await storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/voters?search=TXT0000001', headers: admin })).json().total).toBe(0);
  });

  it('should refuse a file whose first bytes look like an image but whose body is not', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]);
    expect((await create(admin, voterForm(), { filename: 'a.jpg', contentType: 'image/jpeg', data: fake })).statusCode).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await create(admin, voterForm(), { filename: 'a.svg', contentType: 'image/svg+xml', data: svg })).statusCode).toBe(400);
  });

  it('should answer 413 "Photo must be 5 MB or smaller" for a bigger file and save nothing', async () => {
    const before = (await storedFiles()).length;
    const big = Buffer.concat([await tinyImage('jpeg'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await create(admin, voterForm({ voter_id: 'BIG0000001' }), { filename: 'big.jpg', contentType: 'image/jpeg', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Photo must be 5 MB or smaller');
    expect(await storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/voters?search=BIG0000001', headers: admin })).json().total).toBe(0);
  });

  it('should refuse a second file or a file under another field name', async () => {
    const response = await create(admin, voterForm(), { field: 'document', filename: 'x.png', contentType: 'image/png', data: await tinyImage('png') });
    expect(response.statusCode).toBe(400);
  });

  it('should replace the photo on update, delete the old files, and drop it with remove_image', async () => {
    const voter = (await create(karyakarta, voterForm(), { filename: 'a.png', contentType: 'image/png', data: await tinyImage('png') })).json();
    const body = multipart({ comment: 'new photo' }, { filename: 'b.webp', contentType: 'image/webp', data: await tinyImage('webp') });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: { ...karyakarta, ...body.headers }, payload: body.payload });
    expect(updated.statusCode).toBe(200);
    const newName = updated.json().voter_image;
    expect(newName).not.toBe(voter.voter_image);
    expect(await storedFiles()).not.toContain(voter.voter_image);
    expect(await storedFiles()).toContain(newName);

    const removeBody = multipart({ remove_image: 'true' });
    const removed = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: { ...karyakarta, ...removeBody.headers }, payload: removeBody.payload });
    expect(removed.json().voter_image).toBeNull();
    expect(await storedFiles()).not.toContain(newName);
    const photo = await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers: karyakarta });
    expect(photo.statusCode).toBe(404);
    expect(photo.json()).toEqual({ message: 'This voter has no photo' });
  });

  it('should serve a photo only to signed-in users who may reach the voter\'s booth', async () => {
    const voter = (await create(karyakarta, voterForm(), { filename: 'a.gif', contentType: 'image/gif', data: await tinyImage('gif') })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers: otherKaryakarta })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/voters/${voter.id}/photo`, headers: admin })).statusCode).toBe(200);
    // Nothing under the uploads folder is reachable as a static file.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/voters/${voter.voter_image}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/voters/${voter.voter_image}`, headers: admin })).statusCode).toBe(404);
  });
});
