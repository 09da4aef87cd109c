import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';
import { serveApiAsAnotherBuild, serveApiAsThisBuild } from './support/another-build';

// Issue 24: a page left open across an update notices the new build and offers a reload; the
// Settings page says what the installation runs.
test('should offer a reload when an API answer names another build', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  // The server "was updated": its answers now name another build.
  await serveApiAsAnotherBuild(page);
  await page.getByRole('link', { name: 'Tasks' }).first().click();
  const offer = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(offer).toBeVisible();
  // Non-blocking: the page underneath still works.
  await expect(page).toHaveURL(/\/tasks/);

  await serveApiAsThisBuild(page);
  await offer.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('A new version is available')).toHaveCount(0);
  await expect(page).toHaveURL(/\/tasks/);
});

test('should show the running version and migration level on the Settings page', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/settings');
  const about = page.getByRole('region', { name: 'About this installation' });
  await expect(about).toBeVisible();
  await expect(about.getByText(/^\d+\.\d+\.\d+/)).toBeVisible();
  await expect(about.getByText('Database migration level')).toBeVisible();
});
