import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';

// Issue 57: a password generated or reset by someone else opens only the change-password
// screen, whatever address is asked for, until the user has set their own.
test('should show only the change-password screen after a reset until the user sets their own password', async ({ page, request }) => {
  const tag = randomBytes(3).toString('hex');
  const username = `reset_${tag}`;
  const token = await apiToken(request, E2E_USERS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/users', {
    headers,
    data: { username, full_name: `Reset Karyakarta ${tag}`, role: 'Karyakarta', password: 'Field-Pass-42!', booth_access: ['Booth-01'], mobile: '9876543210' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const reset = await request.put(`/api/users/${id}/password`, { headers, data: { password: 'Office-Reset-77' } });
  expect(reset.status(), await reset.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Office-Reset-77');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page.getByText(`Welcome, Reset Karyakarta ${tag}. Your password was created or reset by someone else`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  // Another address opens the same screen.
  await page.goto('/voters');
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  // A mistake keeps what was typed and says what is wrong.
  await page.getByLabel('Current password').fill('Office-Reset-77');
  await page.getByLabel(/^New password/).fill('Only-Mine-2027');
  await page.getByLabel('Confirm new password').fill('Only-Mine-2028');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveValue('Only-Mine-2027');

  await page.getByLabel('Confirm new password').fill('Only-Mine-2027');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed successfully' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toHaveCount(0);

  // The new password signs in straight to the app.
  const again = await request.post('/api/auth/login', { data: { username, password: 'Only-Mine-2027' } });
  expect(((await again.json()) as { user: { must_change_password: boolean } }).user.must_change_password).toBe(false);
});

test.describe('on a phone, in Marathi', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should show the change-password screen in the language chosen at sign-in', async ({ page, request }, testInfo) => {
    const tag = randomBytes(3).toString('hex');
    const token = await apiToken(request, E2E_USERS.admin);
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/users', {
      headers,
      data: { username: `reset_mr_${tag}`, full_name: `सुनील ${tag}`, role: 'Karyakarta', password: 'Field-Pass-42!', booth_access: ['Booth-01'], mobile: '9876543210' },
    });
    const { id } = (await created.json()) as { id: number };
    expect((await request.put(`/api/users/${id}/password`, { headers, data: { password: 'Office-Reset-77' } })).status()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Display language').selectOption({ label: 'मराठी' });
    await page.locator('#username').fill(`reset_mr_${tag}`);
    await page.locator('#password').fill('Office-Reset-77');
    await page.locator('form button[type=submit]').click();
    await expect(page.getByRole('heading', { name: 'तुमचा स्वतःचा पासवर्ड निवडा' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'माझा नवीन पासवर्ड जतन करा' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('required-password-change-mr-390.png') });
  });
});
