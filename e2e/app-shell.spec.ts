import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should open the sidebar as a slide-over and close it with the overlay', async ({ page }) => {
    await signIn(page, E2E_USERS.karyakarta);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await expect(page.getByTestId('sidebar-overlay')).toBeVisible();
    await page.getByTestId('sidebar-overlay').click({ position: { x: 370, y: 400 } });
    await expect(nav).toBeHidden();

    // Choosing an item also closes the slide-over.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Task Management' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(nav).toBeHidden();
  });
});

test('should show the notification bell with "No notifications" and close it on an outside click', async ({ page }) => {
  await signIn(page, E2E_USERS.supervisor);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('No notifications')).toBeVisible();
  await page.getByRole('main').click();
  await expect(page.getByText('No notifications')).toBeHidden();
});
