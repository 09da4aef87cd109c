import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { SignJWT } from 'jose';
import { type Role } from '@shared/auth/roles';
import { ROUTE_ACCESS } from '@shared/auth/route-access';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, tinyImage, voterForm } from '../voters/voter-test-helpers';
import { type Caller, databaseChecksum, signIn } from './security-fixtures';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'Admin');
});
afterAll(async () => t.close());

async function voterWithPhoto(booth: string): Promise<{ id: number; voter_id: string }> {
  const form = multipart(voterForm({ booth }), { filename: 'face.jpg', contentType: 'image/jpeg', data: await tinyImage('jpeg') });
  const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; voter_id: string }>();
}

// The per-record rule beside the role table: a field user limited to one booth reaches no
// voter of another booth by any voter route. (Export joins this list when it lands.)
describe.each<Role>(['Karyakarta', 'Supervisor'])('booth scope for a %s limited to Booth-01', (role) => {
  it('should refuse every voter route on a voter of Booth-02 when the user may reach only Booth-01', async () => {
    const field = await signIn(t, role, { booth_access: ['Booth-01'] });
    const own = await voterWithPhoto('Booth-01');
    const other = await voterWithPhoto('Booth-02');
    const as = (method: HTTPMethods, url: string, extra: { payload?: Buffer; headers?: Record<string, string> } = {}) =>
      t.app.inject({ method, url, headers: { ...field.headers, ...(extra.headers ?? {}) }, payload: extra.payload });

    // The control: the same calls on their own booth's voter succeed, so the refusals below are about the booth.
    expect((await as('GET', `/api/voters/${own.id}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/voters/${own.id}/photo`)).statusCode).toBe(200);

    const before = await databaseChecksum(t);
    expect((await as('GET', `/api/voters/${other.id}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/voters/${other.id}/photo`)).statusCode).toBe(404);
    const edit = multipart({ mobile_number: '9876512345' });
    expect((await as('PUT', `/api/voters/${other.id}`, edit)).statusCode).toBe(404);
    const move = multipart({ booth: 'Booth-01' });
    expect((await as('PUT', `/api/voters/${other.id}`, move)).statusCode).toBe(404);
    expect((await as('DELETE', `/api/voters/${other.id}`)).statusCode).toBe(403);
    const search = await as('GET', `/api/voters?search=${encodeURIComponent(other.voter_id)}`);
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).not.toContain(other.voter_id);
    expect((await as('GET', '/api/voters?booth=Booth-02')).statusCode).toBe(403);
    expect(await databaseChecksum(t)).toBe(before);
  });
});

// Each bad token is refused by every signed-in route, not only by /api/auth/me
// (server/test/auth/auth.test.ts proves each case there in detail).
describe('sessions', () => {
  const protectedRoutes = Object.entries(ROUTE_ACCESS).filter(([, access]) => access !== 'public').map(([route]) => route);

  async function expectRefusedEverywhere(authorization: string): Promise<void> {
    for (const route of protectedRoutes) {
      const [method, path] = route.split(' ') as [HTTPMethods, string];
      const response = await t.app.inject({ method, url: path.replace(':id', '1'), headers: { authorization } });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    }
  }

  it('should refuse a revoked session on every route when the user has logged out', async () => {
    const user = await signIn(t, 'Super Admin');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode).toBeLessThan(300);
    await expectRefusedEverywhere(user.headers.authorization);
  });

  it('should refuse an expired session on every route when its expiry has passed', async () => {
    const user = await signIn(t, 'Super Admin');
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.user.id).execute();
    await expectRefusedEverywhere(user.headers.authorization);
  });

  it('should refuse a tampered token on every route when one character of its payload changes', async () => {
    const user = await signIn(t, 'Super Admin');
    const [header, payload, signature] = user.headers.authorization.slice('Bearer '.length).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(admin.user.id) })).toString('base64url');
    await expectRefusedEverywhere(`Bearer ${header}.${forged}.${signature}`);
  });

  it('should refuse a token signed with another secret on every route when its session is real', async () => {
    const user = await signIn(t, 'Super Admin');
    const claims = JSON.parse(Buffer.from(user.headers.authorization.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string; sub: string };
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('voter-management-system')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-of-enough-length-000'));
    await expectRefusedEverywhere(`Bearer ${token}`);
  });

  it('should refuse an unsigned alg none token on every route when it names a real session', async () => {
    const user = await signIn(t, 'Super Admin');
    const claims = JSON.parse(Buffer.from(user.headers.authorization.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    await expectRefusedEverywhere(`Bearer ${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`);
  });

  it('should refuse the session of a deactivated user on every route when the account is switched off', async () => {
    const user = await signIn(t, 'Super Admin');
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.user.id).execute();
    await expectRefusedEverywhere(user.headers.authorization);
  });

  it('should refuse a made-up session id on every route when the token is correctly signed', async () => {
    const forged = await t.ctx.tokens.sign({ sid: randomUUID(), sub: String(admin.user.id) }, new Date(Date.now() + 3600_000));
    await expectRefusedEverywhere(`Bearer ${forged}`);
  });
});
