import { expect, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';

// Issue 18: each user chooses their language; it applies at once and follows them.
test.describe('language', () => {
  test('should keep the language chosen on the sign-in page, switch from the user menu without a reload, and follow the user to another browser', async ({ page, browser, request }) => {
    const suffix = Date.now().toString(36);
    const person = { username: `bhasha_${suffix}`, password: 'Field-Pass-42!', full_name: `Meera ${suffix}` };
    const token = await apiToken(request, E2E_USERS.admin);
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...person, role: 'Karyakarta', booth_access: ['Booth-01'], mobile: '9876543210' },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/login');
    await page.getByLabel('Display language').selectOption({ label: 'मराठी' });
    await expect(page.getByRole('heading', { name: 'मतदार व्यवस्थापन प्रणाली' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await page.getByLabel('वापरकर्तानाव').fill(person.username);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(person.password);
    const stored = page.waitForResponse((response) => response.url().endsWith('/api/users/me/language') && response.ok());
    await page.getByRole('button', { name: 'लॉग इन' }).click();
    await stored;

    const menu = page.getByRole('navigation', { name: 'मुख्य मेनू' });
    await expect(page.getByText(`नमस्कार, ${person.full_name}`)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'मतदार माहिती नोंद' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'काम व्यवस्थापन' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();

    // Another device: its sign-in page knows nothing of the choice, the account does.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await otherPage.getByLabel('Username').fill(person.username);
    await otherPage.getByLabel('Password', { exact: true }).fill(person.password);
    await otherPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(otherPage.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'काम व्यवस्थापन' })).toBeVisible();
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'mr');

    // Back to English from the user menu: at once, without a reload.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/users/me/language') && response.ok());
    await page.getByLabel('तुमची भाषा').selectOption({ label: 'English' });
    await saved;
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Task Management' })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${person.full_name}`)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Task Management' })).toBeVisible();
    await expect(page.getByLabel('Display language')).toHaveValue('en');

    await otherPage.reload();
    await expect(otherPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Task Management' })).toBeVisible();
    await other.close();
  });

  test('should show a failed sign-in in the language chosen on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Display language').selectOption({ label: 'मराठी' });
    await page.getByLabel('वापरकर्तानाव').fill(`nobody_${Date.now().toString(36)}`);
    await page.getByLabel('पासवर्ड', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'लॉग इन' }).click();
    await expect(page.getByText('वापरकर्तानाव किंवा पासवर्ड चुकीचा आहे')).toBeVisible();
  });
});
