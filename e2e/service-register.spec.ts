import * as XLSX from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { saveSettingsAndWaitForReload } from './support/settings-save';
import { signIn } from './support/session';

// Issue 59, decision 090: the register's SMS setting, the citizen's SMS in the request's
// history, the filters by village and registration day, the Excel export, the dashboard's
// counts and the analytics section.

async function register(request: APIRequestContext, token: string, fields: Record<string, unknown>): Promise<{ id: number; receipt_no: string; version: number }> {
  const response = await request.post('/api/service-requests', { headers: { authorization: `Bearer ${token}` }, data: { category: 'water', description: 'Hand pump broken', booth: 'Booth-02', ...fields } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function setSmsSetting(request: APIRequestContext, token: string, value: 'true' | 'false') {
  const response = await request.put('/api/settings', { headers: { authorization: `Bearer ${token}` }, data: { service_sms_enabled: value } });
  expect(response.status(), await response.text()).toBe(200);
}

test('should turn on the citizen SMS in Settings, show the sent SMS in the history, filter by village and dates, export the filtered register and show its figures', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, E2E_USERS.superAdmin);
  const suffix = String(Date.now()).slice(-6);
  try {
    // Settings > Notifications: off by default, turned on by the office.
    await signIn(page, E2E_USERS.superAdmin);
    await page.goto('/settings?tab=notifications');
    const toggle = page.getByRole('switch', { name: 'SMS to the citizen on registration and resolution' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await saveSettingsAndWaitForReload(page, async () => {
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings') && response.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      expect((await saved).status()).toBe(200);
    });
    await expect(page.getByRole('switch', { name: 'SMS to the citizen on registration and resolution' })).toHaveAttribute('aria-checked', 'true');

    // Two requests in two villages; the first one's SMS goes through the server's gateway.
    const loni = await register(request, token, { citizen_name: `Register Loni ${suffix}`, citizen_mobile: '9822044455', village: 'Loni', category: 'road' });
    await register(request, token, { citizen_name: `Register Ajani ${suffix}`, citizen_mobile: '9822044466', village: 'Ajani' });

    await page.goto(`/service?search=${suffix}`);
    await expect(page.getByText(loni.receipt_no).first()).toBeVisible();
    await page.goto(`/service?search=${suffix}&open=${loni.id}`);
    const detail = page.getByRole('dialog', { name: `Request ${loni.receipt_no}` });
    const messages = detail.getByRole('region', { name: 'Messages to the citizen' });
    // Sent at once by the server's dispatcher (a reload shows it if the first read came before).
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('dialog', { name: `Request ${loni.receipt_no}` }).getByRole('region', { name: 'Messages to the citizen' }).getByText('Sent', { exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(messages.getByText('Registration SMS')).toBeVisible();
    await expect(messages.getByText(/to mobile ending 4455/)).toBeVisible();
    await expect(messages.getByText(new RegExp(`Receipt ${loni.receipt_no}`))).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).first().click();

    // Filters: the village and the days of registration (today's requests, none yesterday).
    await page.getByLabel('Village', { exact: true }).selectOption('Loni');
    await expect(page.getByText(`Register Loni ${suffix}`).first()).toBeVisible();
    await expect(page.getByText(`Register Ajani ${suffix}`)).toHaveCount(0);
    await expect(page).toHaveURL(/village=Loni/);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Registered to').fill(yesterday);
    await expect(page.getByText('No requests', { exact: true })).toBeVisible();
    await page.getByLabel('Registered to').fill(today);
    await page.getByLabel('Registered from').fill(today);
    await expect(page.getByText(`Register Loni ${suffix}`).first()).toBeVisible();

    // The export follows the filters and is stamped with who made it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^service_requests_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('Export downloaded')).toBeVisible();
    const workbook = XLSX.read(await readFile(await download.path()), { type: 'buffer' });
    expect(workbook.SheetNames).toEqual(['Service requests', 'About this file']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets['Service requests']!, { header: 1, defval: null });
    expect(rows.slice(1).map((row) => row[2])).toEqual([`Register Loni ${suffix}`]);
    const about = Object.fromEntries(XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets['About this file']!, { header: 1, defval: null }).map(([label, value]) => [label, value]));
    expect(about['Exported by']).toBe(`${E2E_USERS.superAdmin.full_name} (${E2E_USERS.superAdmin.username})`);
    expect(String(about.Filter)).toContain('village=Loni');

    // Resolved: the citizen is told again.
    const resolved = await request.post(`/api/service-requests/${loni.id}/notes`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'Resolved', note: 'Road repaired', version: loni.version } });
    expect(resolved.status()).toBe(200);

    // The dashboard's counts and the analytics section.
    await page.goto('/dashboard');
    const counts = page.getByRole('region', { name: 'Service requests' });
    await expect(counts.getByRole('region', { name: 'Open requests' })).toBeVisible();
    await expect(counts.getByRole('region', { name: 'Resolved this month' }).getByTestId('stat-Resolved this month')).not.toHaveText('0');
    await page.goto('/analytics');
    const figures = page.getByRole('region', { name: 'Service requests' });
    await expect(figures.getByRole('region', { name: 'Share resolved' })).toBeVisible();
    await expect(figures.getByRole('table', { name: 'By category' }).getByText('Road')).toBeVisible();
    await expect(figures.getByRole('table', { name: 'By village' }).getByText('Loni')).toBeVisible();
    await figures.getByLabel('Registered from').fill('2001-01-01');
    await figures.getByLabel('Registered to').fill('2001-01-02');
    await expect(figures.getByText('No requests were registered in these dates.')).toBeVisible();
    await expect(page).toHaveURL(/sr_from=2001-01-01/);
  } finally {
    await setSmsSetting(request, token, 'false');
  }
});

test("should show a Supervisor the request figures of their own booths on the Booths coverage view, and refuse them the export", async ({ page, request }) => {
  const token = await apiToken(request, E2E_USERS.admin);
  await register(request, token, { citizen_name: 'Supervisor Booth Request', booth: 'Booth-01', category: 'electricity' });
  await signIn(page, E2E_USERS.supervisor);
  await page.goto('/booths?view=coverage');
  const figures = page.getByRole('region', { name: 'Service requests' });
  await expect(figures.getByText('The requests of your booths.')).toBeVisible();
  await expect(figures.getByRole('table', { name: 'By booth' }).getByText('Booth-01')).toBeVisible();
  // Only their own booths (Booth-01 and Booth-02) are counted.
  const booths = await figures.getByRole('table', { name: 'By booth' }).locator('tbody tr td:first-child').allTextContents();
  expect(booths.every((booth) => booth === 'Booth-01' || booth === 'Booth-02'), booths.join(', ')).toBe(true);
  const supervisorToken = await apiToken(request, E2E_USERS.supervisor);
  const refused = await request.get('/api/service-requests/export/excel', { headers: { authorization: `Bearer ${supervisorToken}` } });
  expect(refused.status()).toBe(403);
});
