import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUILD_HEADER } from '@shared/health/health-schema';
import { BUILD_STAMP_FILE } from '../../../web/build/web-build-stamp';
import { type Caller, signIn } from '../security/security-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, tinyImage, voterForm } from '../voters/voter-test-helpers';

// Issue 21: compressed answers for weak mobile data, and caching that suits hashed files.
const STAMP = 'fedcba9876543210';
const APP_JS = `export const words = ${JSON.stringify('नमस्कार मतदार '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>test build</title><script type="module" src="/assets/index-AbCd1234.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;

let t: TestApp;
let webDist: string;
let admin: Caller;

// A build as web/build/precompress.ts leaves it: each text file with a .br and a .gz beside it.
function writeBuilt(relative: string, text: string, precompressed = true): void {
  const file = path.join(webDist, relative);
  writeFileSync(file, text);
  if (!precompressed) return;
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'vms-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, BUILD_STAMP_FILE), JSON.stringify({ stamp: STAMP, builtAt: '2026-01-01T00:00:00.000Z' }));
  writeBuilt('index.html', INDEX_HTML);
  writeBuilt('assets/index-AbCd1234.js', APP_JS);
  writeBuilt('sw.js', `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`);
  writeBuilt('manifest.webmanifest', JSON.stringify({ name: 'Voter Management', short_name: 'Voters' }), false);
  t = await createTestApp({ config: { webDistDir: webDist } });
  admin = await signIn(t, 'Admin');
  for (let index = 0; index < 8; index += 1) {
    const form = multipart(voterForm());
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('API answers', () => {
  it('should send a list brotli-compressed with the build and security headers when the browser accepts br', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/voters', headers: admin.headers });
    const response = await t.app.inject({ method: 'GET', url: '/api/voters', headers: { ...admin.headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers[APP_BUILD_HEADER.toLowerCase()]).toBe(STAMP);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decoded(response))).toEqual(plain.json());
  });

  it('should send gzip when the browser accepts only gzip and nothing compressed when it asks for none', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/api/voters', headers: { ...admin.headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip)).total).toBeGreaterThanOrEqual(8);
    const identity = await t.app.inject({ method: 'GET', url: '/api/voters', headers: admin.headers });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json<{ total: number }>().total).toBeGreaterThanOrEqual(8);
  });

  it('should leave an answer under 1 KB as it is when compressing would not pay', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('should still word an error in the reader language when the answer may be compressed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-encoding': 'br', 'accept-language': 'mr' },
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(decoded(response)) as { message: string };
    expect(body.message).toMatch(/[\u0900-\u097F]/);
  });

  it('should refuse a signed-out caller with 401 whatever encoding it accepts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voters', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(decoded(response)).message).toBeTruthy();
  });

  it('should send a photo and an Excel export uncompressed when they are compressed formats already', async () => {
    const form = multipart(voterForm(), { filename: 'face.png', contentType: 'image/png', data: await tinyImage('png', { width: 300, height: 300 }) });
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
    const photo = await t.app.inject({ method: 'GET', url: `/api/voters/${created.json<{ id: number }>().id}/photo`, headers: { ...admin.headers, 'accept-encoding': 'br' } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['content-encoding']).toBeUndefined();

    const excel = await t.app.inject({ method: 'GET', url: '/api/voters/export/excel', headers: { ...admin.headers, 'accept-encoding': 'br, gzip' } });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-encoding']).toBeUndefined();
    expect(excel.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('the web app files', () => {
  it('should send the precompressed brotli copy of a hashed script and let the browser keep it a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(response)).toBe(APP_JS);
  });

  it('should send the gzip copy to a browser without brotli and the file itself to one asking for neither', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(APP_JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('should make the browser check index.html, the service worker and the manifest on each use when they are not hashed', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const index = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(decoded(index)).toBe(INDEX_HTML);
    expect((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).headers['content-type']).toMatch(/manifest\+json/);
  });

  it('should answer a client route with index.html, compressed and not kept, when the page is reloaded there', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/my-voters', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(INDEX_HTML);
  });
});
