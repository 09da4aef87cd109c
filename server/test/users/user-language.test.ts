import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '@shared/auth/roles';
import { createTestApp, createUser, login, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function setLanguage(headers: Record<string, string>, language: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers, payload: { language } });
}

async function setLanguageSetting(language: string): Promise<void> {
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('settings')
    .values({ key: 'language', value: language, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: language, updated_at: now }))
    .execute();
}

describe('PUT /api/users/me/language', () => {
  for (const role of ALL_ROLES) {
    it(`should store a ${role}'s own choice and answer it with /auth/me`, async () => {
      const { user, headers } = await signInAs(t, role);
      const response = await setLanguage(headers, 'mr');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, language: 'mr' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().language).toBe('mr');
    });
  }

  it('should follow the user to another sign-in (another device)', async () => {
    const user = await createUser(t.ctx, { role: 'Karyakarta' });
    const first = await login(t.app, user.username, user.password);
    await setLanguage({ authorization: `Bearer ${first.json().token}` }, 'gu');
    const second = await login(t.app, user.username, user.password);
    expect(second.json().user.language).toBe('gu');
  });

  it('should go back to the Language setting when the choice is null', async () => {
    const { headers } = await signInAs(t, 'Supervisor');
    await setLanguage(headers, 'hi');
    const response = await setLanguage(headers, null);
    expect(response.statusCode).toBe(200);
    expect(response.json().language).toBeNull();
  });

  it('should start with no choice', async () => {
    const { headers } = await signInAs(t, 'Admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().language).toBeNull();
  });

  it.each([['fr'], ['MR'], [''], [3], [undefined]])('should answer 400 naming language when it is %j', async (language) => {
    const { user, headers } = await signInAs(t, 'Karyakarta');
    const response = await setLanguage(headers, language);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['language']);
    const stored = await t.ctx.db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.language).toBeNull();
  });

  it('should answer 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', payload: { language: 'mr' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('should write one CHANGE_LANGUAGE audit row naming the change, and none when nothing changed', async () => {
    const { user, headers } = await signInAs(t, 'Karyakarta');
    await setLanguage(headers, 'mr');
    await setLanguage(headers, 'mr');
    await setLanguage(headers, 'en');
    const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CHANGE_LANGUAGE').where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { from: null, to: 'mr' },
      { from: 'mr', to: 'en' },
    ]);
    expect(rows[0]).toMatchObject({ table_name: 'users', record_id: String(user.id), user_name: user.full_name });
  });

  it('should not raise the version an admin edits the profile with', async () => {
    const { user, headers } = await signInAs(t, 'Karyakarta');
    expect((await setLanguage(headers, 'mr')).json().version).toBe(user.version);
  });
});

describe('GET /api/settings/language', () => {
  it('should give the Language setting to anyone, signed in or not', async () => {
    await setLanguageSetting('gu');
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/language' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'gu' });
    await setLanguageSetting('en');
  });
});

describe('error answers in the reader language', () => {
  it('should answer a Marathi user in Marathi, field messages too', async () => {
    const { headers } = await signInAs(t, 'Admin');
    await setLanguage(headers, 'mr');
    const response = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: { username: 'a', full_name: '', mobile: '12', role: 'Karyakarta', password: 'x' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields.username).toBe('वापरकर्तानाव किमान 3 अक्षरांचे असावे');
    expect(body.fields.mobile).toBe('6, 7, 8 किंवा 9 ने सुरू होणारा 10 अंकी मोबाईल क्रमांक टाका');
    expect(body.message).toBe(Object.values(body.fields)[0]);
  });

  it('should answer a Marathi user a use case refusal in Marathi', async () => {
    const { headers } = await signInAs(t, 'Supervisor');
    await setLanguage(headers, 'mr');
    const response = await t.app.inject({ method: 'GET', url: '/api/voters/999999', headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'मतदार सापडला नाही' });
  });

  it('should answer a Hindi user a refusal of access in Hindi', async () => {
    const { headers } = await signInAs(t, 'Karyakarta');
    await setLanguage(headers, 'hi');
    const response = await t.app.inject({ method: 'GET', url: '/api/users', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'आपको यह करने की अनुमति नहीं है' });
  });

  it('should answer a failed sign-in in the language the sign-in page asks for', async () => {
    const user = await createUser(t.ctx, { role: 'Karyakarta' });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'mr' }, payload: { username: user.username, password: 'wrong-password' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'वापरकर्तानाव किंवा पासवर्ड चुकीचा आहे' });
  });

  it('should answer in the Language setting when neither the user nor the client chose', async () => {
    await setLanguageSetting('gu');
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    await setLanguageSetting('en');
    expect(response.json()).toEqual({ message: 'આગળ વધવા માટે કૃપા કરીને લૉગ ઇન કરો' });
  });

  it("should follow the Language setting for a signed-in user without a choice, whatever the browser's own header says", async () => {
    const { headers } = await signInAs(t, 'Supervisor');
    await setLanguageSetting('hi');
    const response = await t.app.inject({ method: 'GET', url: '/api/voters/999999', headers: { ...headers, 'accept-language': 'en-US,en;q=0.9' } });
    await setLanguageSetting('en');
    expect(response.json()).toEqual({ message: 'मतदाता नहीं मिला' });
  });

  it("should put the user's own choice before the client's language", async () => {
    const { headers } = await signInAs(t, 'Supervisor');
    await setLanguage(headers, 'mr');
    const response = await t.app.inject({ method: 'GET', url: '/api/voters/999999', headers: { ...headers, 'accept-language': 'gu' } });
    expect(response.json()).toEqual({ message: 'मतदार सापडला नाही' });
  });

  it('should answer English byte for byte as before', async () => {
    const { headers } = await signInAs(t, 'Admin');
    await setLanguage(headers, 'en');
    const response = await t.app.inject({ method: 'GET', url: '/api/voters/999999', headers });
    expect(response.body).toBe('{"message":"Voter not found"}');
  });
});
