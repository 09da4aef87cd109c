import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessControlPlugin } from '../../src/plugins/access-control';
import { createTokenSigner } from '../../src/features/auth/tokens';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('unknown API paths', () => {
  it('should answer 404 JSON for an unknown /api path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });
});

describe('security headers', () => {
  it('should send a strict Content-Security-Policy with no inline scripts, and anti-framing and no-sniff headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('GET /api/docs/json', () => {
  it('should publish the OpenAPI contract generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });
});

describe('route declarations', () => {
  it('should refuse to start when an /api route is missing from the access table', async () => {
    const app = Fastify();
    await app.register(accessControlPlugin, { db: t.ctx.db, tokens: createTokenSigner('s'.repeat(40)) });
    await expect(
      app.register(async (scope) => {
        scope.get('/api/undeclared', async () => ({ ok: true }));
      }),
    ).rejects.toThrow('missing from the access table');
    await app.close();
  });

  it('should refuse to start when a route declares access that disagrees with the table', async () => {
    const app = Fastify();
    await app.register(accessControlPlugin, { db: t.ctx.db, tokens: createTokenSigner('s'.repeat(40)) });
    await expect(
      app.register(async (scope) => {
        scope.delete('/api/voters/:id', { config: { access: ['Super Admin', 'Admin', 'Karyakarta'] } }, async () => ({ ok: true }));
      }),
    ).rejects.toThrow('but the access table says');
    await app.close();
  });
});
