import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test('should keep focus inside the voter form, close it on Escape, and give focus back to Add Voter', async ({ page }) => {
  await signIn(page, E2E_USERS.karyakarta);
  await page.goto('/voters?tab=entry');
  const opener = page.getByRole('button', { name: 'Add Voter' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add Voter' });
  await expect(dialog).toBeVisible();

  // Tabbing through every control and on never reaches the page behind the dialog.
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const active = document.activeElement;
      return active === document.body || Boolean(active?.closest('dialog[open]'));
    });
    expect(inside, `focus left the dialog after ${step + 1} tabs`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // A second time, so Escape keeps closing through the app and not only the browser.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
