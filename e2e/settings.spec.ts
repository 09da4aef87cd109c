import { expect, type Page, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { saveSettingsAndWaitForReload } from './support/settings-save';
import { servePublicSettingsWith } from './support/public-settings';
import { signIn } from './support/session';

// The e2e server is shared by every spec of a run: whatever a test changes here, it puts back.
async function saveAppName(page: Page, name: string) {
  await page.goto('/settings');
  await page.getByLabel('Application Name').fill(name);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);
}

test('should show every tab with its fields and the spec options', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['General', 'Data Management', 'Security', 'Notifications', 'Field Work', 'Election']);

  await expect(page.getByLabel('Application Name')).toHaveAttribute('placeholder', 'Voter Management System');
  await expect(page.getByLabel('Timezone').locator('option')).toHaveText(['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo']);
  await expect(page.getByLabel('Language', { exact: true }).locator('option')).toHaveText(['English', 'Hindi', 'Marathi', 'Gujarati']);

  await page.getByRole('tab', { name: 'Data Management' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=data$/);
  await expect(page.getByLabel('Data Retention (Days)')).toHaveAttribute('placeholder', '365');
  await expect(page.getByLabel('Backup Frequency').locator('option')).toHaveText(['Daily', 'Weekly', 'Monthly']);

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('switch', { name: 'Enable Two-Factor Authentication' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Password Policy').locator('option')).toHaveText([
    'Basic (8+ characters)',
    'Medium (8+ characters, numbers)',
    'Strong (8+ characters, numbers, symbols)',
  ]);

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute('aria-checked', 'true');

  // The tab is in the URL, so a reload opens the same one.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
});

test('should change the app name, reload, and show it in the sidebar and title for every role', async ({ page, browser }) => {
  test.slow();
  await signIn(page, E2E_USERS.superAdmin);
  await expect(page.getByTestId('app-name')).toHaveText('Voter Management');
  try {
    // Hold the save's answer back a little so the "Saving..." state can be seen on any machine.
    await page.route('**/api/settings', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/settings');
    await page.getByLabel('Application Name').fill('Yavatmal Voter Office');
    // The shell reads the name afresh only after the page's reload (it caches the display
    // settings for minutes otherwise).
    await saveSettingsAndWaitForReload(page, async () => {
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
    });
    await page.unroute('**/api/settings');
    await expect(page.getByTestId('app-name')).toHaveText('Yavatmal Voter Office');
    await expect(page).toHaveTitle('Yavatmal Voter Office');
    await expect(page.getByLabel('Application Name')).toHaveValue('Yavatmal Voter Office');

    const fieldContext = await browser.newContext();
    const fieldPage = await fieldContext.newPage();
    await signIn(fieldPage, E2E_USERS.karyakarta);
    await expect(fieldPage.getByTestId('app-name')).toHaveText('Yavatmal Voter Office');
    await fieldContext.close();
  } finally {
    await saveAppName(page, 'Voter Management');
  }
  await expect(page.getByTestId('app-name')).toHaveText('Voter Management');
});

test('should refuse a retention of 0 days on the Data Management tab without saving', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Data Management' }).click();
  await page.getByLabel('Data Retention (Days)').fill('0');
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // The form opens the tab that has the problem.
  await expect(page.getByRole('tab', { name: 'Data Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Data retention must be between 1 and 3650 days')).toBeVisible();
  await expect(page.getByText('Settings updated successfully')).toBeHidden();
});

test('should offer the Offline copy days on the Data Management tab and refuse 91 without saving', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Data Management' }).click();
  const days = page.getByLabel('Offline copy on phones (days without a sync)');
  await expect(days).toHaveValue('14');
  await expect(page.getByText("A field worker's phone deletes its offline copy of voters when it has not synced for this many days.")).toBeVisible();
  await days.fill('91');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The offline copy must be kept between 1 and 90 days without a sync')).toBeVisible();
  await expect(page.getByText('Settings updated successfully')).toBeHidden();
});

test('should show "Failed to update settings" when the server refuses', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.route('**/api/settings', async (route) => {
    if (route.request().method() === 'PUT') await route.fulfill({ status: 500, json: { message: '' } });
    else await route.fallback();
  });
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update settings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

// Issue 17: two-factor per role. enable_2fa stays off here, so no session of the shared
// server ends and no one is asked for a code; the API tests cover what the setting does.
test('should save which roles need two-factor with the per-role control on the Security tab', async ({ page, request }) => {
  await signIn(page, E2E_USERS.superAdmin);
  await page.goto('/settings?tab=security');
  const roles = page.getByRole('group', { name: 'Require two-factor for' });
  // Office roles required, field roles optional: the default offered.
  await expect(roles.getByRole('checkbox', { name: 'Super Admin' })).toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Admin', exact: true })).toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Supervisor' })).not.toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Karyakarta' })).not.toBeChecked();

  // What was saved is read from the server afterwards: the page reloads by itself a moment after
  // a save, and the answer's body goes with the page it was sent to.
  const token = await apiToken(request, E2E_USERS.superAdmin);
  const storedRoles = async () => ((await (await request.get('/api/settings', { headers: { authorization: `Bearer ${token}` } })).json()) as { two_factor_roles: string }).two_factor_roles;
  const save = async () => {
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings') && response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
  };
  try {
    await roles.getByRole('checkbox', { name: 'Supervisor' }).check();
    await saveSettingsAndWaitForReload(page, save);
    expect(await storedRoles()).toBe('Super Admin,Admin,Supervisor');
    // After the page's reload the choice is still there.
    await expect(page.getByRole('group', { name: 'Require two-factor for' }).getByRole('checkbox', { name: 'Supervisor' })).toBeChecked();
  } finally {
    await page.goto('/settings?tab=security');
    await page.getByRole('group', { name: 'Require two-factor for' }).getByRole('checkbox', { name: 'Supervisor' }).uncheck();
    await save();
    expect(await storedRoles()).toBe('Super Admin,Admin');
  }
});


// Issue 56: a laptop's 1366 px showed "Electio…", the tab poll day needs; the field tab holds
// where field workers land; Marathi names the time zones and the default application name.
test('should show every tab whole at 1366 px, the field workers’ landing choice, and Marathi names', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, E2E_USERS.admin);
  await page.goto('/settings');
  const form = await page.locator('form').filter({ has: page.getByRole('tablist') }).boundingBox();
  for (const tab of await page.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    expect(box && form && box.x + box.width <= form.x + form.width + 0.5, await tab.innerText()).toBe(true);
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await page.getByRole('tab', { name: 'Field Work' }).click();
  await expect(page.getByLabel('Field workers land on').locator('option')).toHaveText(['Voter entry', 'Their own work (My voters, Booths)']);

  // The office's language Marathi, for this page only (the admin has no language of their own).
  await servePublicSettingsWith(page, { language: 'mr' });
  await page.reload();
  await expect(page.getByTestId('app-name')).toHaveText('मतदार व्यवस्थापन');
  await page.getByRole('tab', { name: /सामान्य/u }).click();
  await expect(page.getByLabel('वेळ क्षेत्र').locator('option')).toHaveText(['भारत (कोलकाता)', 'अमेरिका (न्यूयॉर्क)', 'इंग्लंड (लंडन)', 'जपान (टोकियो)']);
});
