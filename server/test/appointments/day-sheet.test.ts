import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_SHEET_WORDS } from '@shared/appointments/appointment-words';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

const execFileAsync = promisify(execFile);

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

// What a reader copies out of the PDF: poppler's pdftotext reads each text's ActualText, so
// shaped Marathi comes back in the order it was written (decision 091, as slips: decision 030).
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'day-sheet-'));
  try {
    await writeFile(path.join(dir, 'sheet.pdf'), pdf);
    const { stdout } = await execFileAsync('pdftotext', ['-enc', 'UTF-8', '-layout', path.join(dir, 'sheet.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const sheet = (headers: { authorization: string } | undefined, query: string) => t.app.inject({ method: 'GET', url: `/api/appointments/sheet?${query}`, headers });

describe('GET /api/appointments/sheet', () => {
  it('should print the day’s bookings by time and tokens in order in the office’s language (Marathi), with an audit row', async () => {
    await writeSettings(t.ctx.db, { language: 'mr', app_name: 'आमदार संपर्क कार्यालय' });
    const date = '2099-06-08';
    const book = (slot: string, name: string, purpose: string, kind = 'meeting') =>
      t.app.inject({ method: 'POST', url: '/api/appointments', headers: admin, payload: { appointment_date: date, slot, visitor_name: name, visitor_mobile: '9822044444', purpose, kind } });
    expect((await book('11:00', 'ज्ञानेश्वर कुलकर्णी', 'विहिरीसाठी अनुदान')).statusCode).toBe(201);
    expect((await book('10:15', 'किरण त्र्यंबके', 'शाळेची दुरुस्ती', 'hearing')).statusCode).toBe(201);
    const cancelled = (await book('12:00', 'रद्द झालेले', 'काही नाही')).json();
    await t.app.inject({ method: 'PUT', url: `/api/appointments/${cancelled.id}`, headers: admin, payload: { appointment_date: date, slot: '12:00', visitor_name: 'रद्द झालेले', purpose: 'काही नाही', status: 'Cancelled', version: 1 } });
    for (const name of ['श्रीकांत पाटील', 'ક્ષિતિજ શાહ']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/appointments/tokens', headers: admin, payload: { token_date: date, visitor_name: name, purpose: 'पाणीपुरवठा' } })).statusCode).toBe(201);
    }

    const response = await sheet(admin, `date=${date}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="day-sheet-\d+-2099-06-08\.pdf"$/);
    const text = await pdfText(response.rawPayload);
    const words = DAY_SHEET_WORDS.mr;
    for (const expected of [words.title, 'आमदार संपर्क कार्यालय', '08/06/2099', `${words.bookings} (2)`, `${words.tokens} (2)`, 'ज्ञानेश्वर कुलकर्णी', 'किरण त्र्यंबके', 'विहिरीसाठी अनुदान', words.statuses.Requested, words.tokenStatuses['Checked in'], 'श्रीकांत पाटील', 'ક્ષિતિજ શાહ', words.kinds.hearing]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('रद्द झालेले');
    // By time, then the tokens in order.
    expect(text.indexOf('किरण त्र्यंबके')).toBeLessThan(text.indexOf('ज्ञानेश्वर कुलकर्णी'));
    expect(text.indexOf('ज्ञानेश्वर कुलकर्णी')).toBeLessThan(text.indexOf('श्रीकांत पाटील'));
    expect(text.indexOf('श्रीकांत पाटील')).toBeLessThan(text.indexOf('ક્ષિતિજ શાહ'));
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'PRINT_APPOINTMENT_SHEET').execute();
    expect(JSON.parse(audit.at(-1)?.details ?? '{}')).toMatchObject({ date, lang: 'mr', bookings: 3, tokens: 2 });
  });

  it('should print in the language asked for, and say when the day is blocked', async () => {
    const calendar = (await t.app.inject({ method: 'GET', url: '/api/appointments/calendars', headers: admin })).json().items[0];
    await t.app.inject({ method: 'POST', url: `/api/appointments/calendars/${calendar.id}/blocked-days`, headers: admin, payload: { blocked_date: '2099-06-09', reason: 'Assembly session' } });
    const text = await pdfText((await sheet(admin, `date=2099-06-09&lang=en&calendar_id=${calendar.id}`)).rawPayload);
    expect(text).toContain('Day sheet — Leader');
    expect(text).toContain('Blocked: Assembly session');
    expect(text).toContain('Appointments (0)');
    expect(text).toContain('None');
  });

  it('should fill pages when a day is long', async () => {
    const date = '2099-06-10';
    // One after another: this test is about pages, not concurrency (walk-in-tokens.test.ts).
    for (let index = 0; index < 60; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/appointments/tokens', headers: admin, payload: { token_date: date, visitor_name: `नागरिक ${index + 1}`, purpose: 'रस्त्याची दुरुस्ती आणि गटारांची स्वच्छता, गावातील पाण्याच्या टाकीची दुरुस्ती' } });
      expect(response.statusCode).toBe(201);
    }
    const response = await sheet(admin, `date=${date}&lang=mr`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('नागरिक 60');
    expect(text.split('\f').filter((page) => page.trim()).length).toBeGreaterThan(1);
  });

  it('should answer 400 for bad input and 404 for an unknown calendar', async () => {
    expect((await sheet(admin, 'date=2099-02-30')).statusCode).toBe(400);
    expect((await sheet(admin, 'date=2099-06-08&lang=fr')).json().fields).toEqual({ lang: 'Language must be en, mr, hi or gu' });
    expect((await sheet(admin, 'date=2099-06-08&calendar_id=999999')).statusCode).toBe(404);
  });

  it('should let a Super Admin print it', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    expect((await sheet(headers, 'date=2099-06-08')).statusCode).toBe(200);
  });
  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await sheet(headers, 'date=2099-06-08')).statusCode).toBe(403);
    });
  }
  it('should answer 401 when signed out', async () => {
    expect((await sheet(undefined, 'date=2099-06-08')).statusCode).toBe(401);
  });
});
