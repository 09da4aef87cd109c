import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_USERS, type E2eUser } from './support/e2e-users';
import { signIn } from './support/session';
import { servePublicSettingsWith } from './support/public-settings';

// Issue 18: dates on the office's clock (the timezone setting), not the browser's, and the
// Indian scripts' fonts fetched only by pages that show those scripts.

// A browser far from the office: Honolulu is 15½ hours behind India, so its "today" and a
// date-only value read as midnight there land on another day than the office's.
test.use({ timezoneId: 'Pacific/Honolulu' });

async function signInViaApi(request: APIRequestContext, user: E2eUser): Promise<{ token: string; id: number }> {
  const response = await request.post('/api/auth/login', { data: { username: user.username, password: user.password } });
  if (!response.ok()) throw new Error(`Sign-in failed for ${user.username}: ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id };
}

// The settings every screen reads, with another timezone for this page only (the setting
// itself stays as it is for the tests running beside this one).
async function officeTimezone(page: Page, timezone: string): Promise<void> {
  await servePublicSettingsWith(page, { timezone });
}

const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone, year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(new Date(iso));

test("should show task dates as the days they are and notification times on the office's clock, whatever the browser's zone", async ({ page, request }) => {
  const admin = await signInViaApi(request, E2E_USERS.admin);
  const worker = await signInViaApi(request, E2E_USERS.karyakarta);
  const headers = { authorization: `Bearer ${admin.token}` };
  const title = `Booth slips ${Date.now()}`;
  const task = await request.post('/api/tasks', { headers, data: { title, assigned_to: worker.id, priority: 'Low', start_date: '2026-12-01', due_date: '2026-12-15' } });
  expect(task.ok(), await task.text()).toBe(true);
  const message = `Dates check ${Date.now()}`;
  const sent = await request.post('/api/notifications/send', { headers, data: { message, recipients: [worker.id], type: 'manual' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const logs = (await (await request.get('/api/notifications/logs', { headers })).json()) as { message: string; createdAt: string }[];
  const createdAt = logs.find((log) => log.message === message)?.createdAt;
  expect(createdAt).toBeDefined();

  await officeTimezone(page, 'Asia/Tokyo');
  await signIn(page, E2E_USERS.admin);
  await page.goto('/tasks');
  // Read in Honolulu as an instant, 2026-12-15 would be the 14th.
  await expect(page.getByRole('article', { name: title })).toContainText('Starts 1 Dec 2026 · Due 15 Dec 2026');

  await page.goto('/notifications');
  const line = page.getByRole('region', { name: 'Recent Notifications' }).getByRole('listitem').filter({ hasText: message }).first();
  await expect(line).toContainText(`From ${E2E_USERS.admin.full_name} · ${inZone(createdAt ?? '', 'Asia/Tokyo')} · `);
  await expect(line).toContainText(/ GMT\+9 · /);
});

test("should head the dashboard and analytics with the office's today, not the browser's", async ({ page }) => {
  await officeTimezone(page, 'Asia/Kolkata');
  await signIn(page, E2E_USERS.admin);
  const officeToday = () => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
  await page.goto('/dashboard');
  await expect(page.getByTestId('today')).toHaveText(officeToday());
  await page.goto('/analytics');
  await expect(page.getByRole('main').getByText(officeToday(), { exact: true })).toBeVisible();
  // The audit filters offer no day after the office's today.
  await page.goto('/audit-logs');
  await expect(page.getByLabel('End Date')).toHaveAttribute('max', new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
});

test('should declare the Devanagari and Gujarati fonts for their scripts only, and fetch them only for a page that shows them', async ({ page, request }) => {
  const fonts: string[] = [];
  page.on('request', (item) => {
    if (item.url().endsWith('.woff2')) fonts.push(new URL(item.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The built stylesheet: one face per script, swap, a unicode-range of that script and no Latin.
  const href = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  const css = await (await request.get(href ?? '')).text();
  const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1] ?? '');
  const face = (family: string) => faces.find((body) => new RegExp(`font-family:\\s*"?${family}"?;`).test(body)) ?? '';
  for (const [family, range] of [
    ['Noto Sans Devanagari', 'U+900-97F'],
    ['Noto Sans Gujarati', 'U+A80-AFF'],
  ] as const) {
    const body = face(family);
    expect(body, family).toContain('font-display:swap');
    expect(body, family).toMatch(/\.woff2\)\s*format\("woff2"\)/);
    expect(body, family).toMatch(new RegExp(`unicode-range:[^;]*${range.replace('+', '\\+')}`));
    expect(body, family).not.toMatch(/U\+0?0-FF|U\+0000-00FF/);
  }
  expect(css).toMatch(/--font-sans:[^;}]*Noto Sans Devanagari[^;}]*Noto Sans Gujarati[^;}]*system-ui/);

  // An English page pays for neither; Devanagari text brings its file, and only that one.
  await page.evaluate(() => document.fonts.ready);
  expect(fonts).toEqual([]);
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p id="marathi">मतदार यादी, कार्यकर्ता</p>'));
  await expect.poll(() => fonts.length).toBe(1);
  expect(fonts[0]).toMatch(/noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'मतदार'))).toBe(true);
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p>મતદાર યાદી</p>'));
  await expect.poll(() => fonts.length).toBe(2);
  expect(fonts[1]).toMatch(/noto-sans-gujarati-gujarati-wght-normal-[\w-]+\.woff2$/);
});

test('should fetch only the Gujarati font for a Gujarati page, danda included', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (item) => {
    if (item.url().endsWith('.woff2')) fonts.push(new URL(item.url()).pathname);
  });
  // The device last showed Gujarati, so the sign-in page paints in it with no default to fetch
  // (setting <html lang> by hand raced the Language setting's answer, which set it back to en).
  await page.addInitScript(() => localStorage.setItem('language', 'gu'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(page.getByRole('button', { name: 'લૉગ ઇન' })).toBeVisible();
  // The danda (।) is in both fonts' ranges; in Gujarati the Gujarati font answers for it.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p>મતદાર યાદી।</p>'));
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Gujarati"', 'મતદાર'))).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  expect(fonts).toHaveLength(1);
  expect(fonts[0]).toMatch(/noto-sans-gujarati-gujarati-wght-normal-[\w-]+\.woff2$/);
});
