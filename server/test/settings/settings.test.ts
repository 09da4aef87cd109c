import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings/settings-schema';
import { currentPasswordPolicy, notificationChannels } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  headers = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

function put(payload: unknown, as = headers) {
  return t.app.inject({ method: 'PUT', url: '/api/settings', headers: as, payload: payload as Record<string, unknown> });
}

describe('GET /api/settings', () => {
  it('should answer every default when nothing was saved', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULT_SETTINGS, version: 1 });
  });
});

describe('PUT /api/settings access', () => {
  const allowed: Role[] = ['Super Admin', 'Admin'];
  for (const role of ALL_ROLES) {
    const expected = allowed.includes(role) ? 200 : 403;
    it(`should answer ${expected} to a ${role}`, async () => {
      const { headers: roleHeaders } = await signInAs(t, role);
      const response = await put({ email_notifications: 'true' }, roleHeaders);
      expect(response.statusCode).toBe(expected);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { app_name: 'x' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('should save the whole object, answer it, and keep it for the next read', async () => {
    const next: Settings = {
      app_name: 'Yavatmal Office',
      timezone: 'Europe/London',
      language: 'mr',
      field_landing: 'own-work',
      poll_sms_number: '9822012345',
      enable_2fa: 'false',
      two_factor_roles: 'Super Admin,Admin,Supervisor',
      password_policy: 'medium',
      email_notifications: 'false',
      sms_notifications: 'true',
      data_retention_days: '90',
      offline_copy_days: '7',
      backup_frequency: 'weekly',
      export_limit_super_admin: '0',
      export_limit_admin: '5',
      contact_issues: 'Water\nDrainage',
      page_size: '25',
      booth_class_a_min: '70',
      booth_class_b_min: '35',
      booth_class_basis: 'past_votes',
      booth_class_party: 'Congress',
      booth_class_election: '',
      booth_class_vote_a_min: '50',
      booth_class_vote_b_min: '25',
      election_name: 'Vidhan Sabha 2029',
      poll_date: '2029-10-20',
      poll_start: '07:00',
      poll_end: '18:00',
      poll_booths: 'Booth-01,Booth-02',
      sms_price_paise: '18',
      sms_sender_id: 'VMSOFC',
      dlt_entity_id: '1201160000000012345',
      voter_sms_daily_budget: '500',
      voter_sms_approval_threshold: '2000',
      service_sms_enabled: 'true',
    };
    const response = await put(next);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...next, version: expect.any(Number) });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers })).json()).toEqual(response.json());
    await put(DEFAULT_SETTINGS);
  });

  it('should write one UPDATE_SETTINGS audit row naming what changed, and none when nothing changed', async () => {
    const { user, headers: saver } = await signInAs(t, 'Super Admin');
    expect((await put({ ...DEFAULT_SETTINGS, app_name: 'Changed Name', timezone: 'Asia/Tokyo' }, saver)).statusCode).toBe(200);
    expect((await put({ ...DEFAULT_SETTINGS, app_name: 'Changed Name', timezone: 'Asia/Tokyo' }, saver)).statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'UPDATE_SETTINGS').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.record_id).toBe('app_name,timezone');
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({
      changed: { app_name: { from: 'Voter Management', to: 'Changed Name' }, timezone: { from: 'Asia/Kolkata', to: 'Asia/Tokyo' } },
      version: expect.any(Number),
    });
    await put(DEFAULT_SETTINGS);
  });

  it.each([
    ['timezone', 'Mars/Olympus'],
    ['timezone', 'UTC'],
    ['language', 'fr'],
    ['field_landing', 'dashboard'],
    ['poll_sms_number', '12345'],
    ['poll_sms_number', '+919822012345'],
    ['enable_2fa', 'yes'],
    ['enable_2fa', true],
    ['two_factor_roles', 'Admin,Voter'],
    ['two_factor_roles', ['Admin']],
    ['password_policy', 'extreme'],
    ['email_notifications', '1'],
    ['sms_notifications', 'off'],
    ['data_retention_days', '0'],
    ['data_retention_days', '3651'],
    ['data_retention_days', 'abc'],
    ['data_retention_days', '12.5'],
    ['data_retention_days', 365],
    ['backup_frequency', 'hourly'],
    ['app_name', 'x'.repeat(81)],
    ['export_limit_admin', '-1'],
    ['sms_price_paise', '-1'],
    ['sms_price_paise', '2.5'],
    ['sms_sender_id', 'vmsofc'],
    ['sms_sender_id', 'VMS1'],
    ['dlt_entity_id', '12AB'],
    ['voter_sms_daily_budget', 'x'],
    ['voter_sms_approval_threshold', '0'],
    ['export_limit_admin', '1001'],
    ['export_limit_super_admin', '2.5'],
    ['export_limit_super_admin', 10],
    ['contact_issues', 'Water\nwater'],
    ['contact_issues', `Water\n${'x'.repeat(61)}`],
    ['contact_issues', Array.from({ length: 41 }, (_, index) => `Issue ${index}`).join('\n')],
    ['contact_issues', ['Water']],
    ['page_size', '4'],
    ['page_size', '101'],
    ['page_size', '30.5'],
  ])('should answer 400 naming %s when it is %j', async (field, value) => {
    const response = await put({ ...DEFAULT_SETTINGS, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual([field]);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers })).json()).toEqual({ ...DEFAULT_SETTINGS, version: expect.any(Number) });
  });

  it('should accept the retention bounds 1 and 3650', async () => {
    expect((await put({ data_retention_days: '1' })).statusCode).toBe(200);
    expect((await put({ data_retention_days: '3650' })).statusCode).toBe(200);
    await put(DEFAULT_SETTINGS);
  });
});

describe('GET /api/settings/public', () => {
  for (const role of ALL_ROLES) {
    it(`should give a ${role} only app_name, timezone, language and where field workers land`, async () => {
      await put({ app_name: 'Public Name', timezone: 'America/New_York', language: 'hi', field_landing: 'own-work' });
      const { headers: roleHeaders } = await signInAs(t, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: roleHeaders });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ app_name: 'Public Name', timezone: 'America/New_York', language: 'hi', field_landing: 'own-work', poll_sms_number: '' });
      await put(DEFAULT_SETTINGS);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).statusCode).toBe(401);
  });
});

describe('settings that take effect on the server', () => {
  it('should switch the notification channels the notifications feature reads', async () => {
    expect(await notificationChannels(t.ctx.db)).toEqual({ email: true, sms: true });
    await put({ sms_notifications: 'false' });
    expect(await notificationChannels(t.ctx.db)).toEqual({ email: true, sms: false });
    await put({ email_notifications: 'false', sms_notifications: 'true' });
    expect(await notificationChannels(t.ctx.db)).toEqual({ email: false, sms: true });
    await put(DEFAULT_SETTINGS);
  });

  it('should hand the chosen password policy to code that sets passwords', async () => {
    expect(await currentPasswordPolicy(t.ctx.db)).toBe('basic');
    await put({ password_policy: 'strong' });
    expect(await currentPasswordPolicy(t.ctx.db)).toBe('strong');
    await put(DEFAULT_SETTINGS);
  });
});
