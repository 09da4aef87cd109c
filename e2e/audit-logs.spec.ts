import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Today's date on the office clock (the timezone setting, Asia/Kolkata by default).
function officeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

test('should list sign-ins with the spec columns, filter by action and date in the URL, and clear the filters', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/audit-logs');
  await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Timestamp', 'User', 'Action', 'Details', 'IP Address']);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  await page.getByLabel('Action').selectOption('LOGIN');
  await expect(page).toHaveURL(/action=LOGIN/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: E2E_USERS.admin.full_name }).first()).toBeVisible();
  for (const action of await rows.locator('td:nth-child(3)').allTextContents()) expect(action).toBe('Login');
  // Times are shown on the office clock.
  await expect(rows.first().getByRole('cell').first()).toHaveText(/IST$/);
  // The record by name (issue 25), linked while it exists, with its table and id beside it.
  const details = rows.first().getByRole('cell').nth(3);
  await expect(details).toHaveText(/^.+ \(.+\) users #\d+$/);
  await expect(details.getByRole('link')).toHaveAttribute('href', /^\/users\?search=/);

  await page.getByLabel('Start Date').fill(officeToday());
  await page.getByLabel('End Date').fill(officeToday());
  await expect(page).toHaveURL(new RegExp(`start_date=${officeToday()}&end_date=${officeToday()}|end_date=${officeToday()}.*start_date=${officeToday()}`));
  await expect(rows.filter({ hasText: E2E_USERS.admin.full_name }).first()).toBeVisible();

});

test('should show "No audit logs" for a filter nothing matches, keep it across a reload, and clear it', async ({ page }) => {
  test.slow();
  await signIn(page, E2E_USERS.admin);
  await page.goto('/audit-logs?action=LOGIN');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  // A day with no activity.
  await page.getByLabel('Start Date').fill('2020-01-01');
  await page.getByLabel('End Date').fill('2020-01-02');
  await expect(page.getByText('No audit logs')).toBeVisible();
  await expect(page.getByText('No activity logs match the current filters.')).toBeVisible();
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeHidden();

  // The filters survive a reload, then Clear Filters empties them and the URL.
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('LOGIN');
  await expect(page.getByText('No audit logs')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/audit-logs$/);
  await expect(page.getByLabel('Action')).toHaveValue('');
  await expect(page.getByLabel('Start Date')).toHaveValue('');
  await expect(rows.first()).toBeVisible();
});

test('should show failed sign-ins with the typed name and humanised, grey action', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('no.such.person');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  await signIn(page, E2E_USERS.superAdmin);
  await page.goto('/audit-logs?action=LOGIN_FAILED');
  const row = page.getByRole('row').filter({ hasText: 'no.such.person' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Login Failed')).toHaveClass(/bg-slate-100/);
});

test('should page back and forth with Previous and Next', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/audit-logs');
  const pageLine = page.getByText(/^Page \d+ of \d+$/);
  await expect(pageLine).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const total = Number((await pageLine.textContent())?.split(' of ')[1]);
  if (total > 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pageLine).toHaveText(`Page 2 of ${total}`);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(pageLine).toHaveText(`Page 1 of ${total}`);
  } else {
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  }
});
