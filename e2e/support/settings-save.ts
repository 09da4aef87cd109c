import { expect, type Page } from '@playwright/test';

// Saving the settings: "Settings updated successfully" shows, and a moment later the page reloads
// by itself (spec section 4), which takes the toast away. Both are waited for from before the
// click: on a loaded machine the toast's moment can pass between two waits made one after the
// other, and a next address opened before the reload is cut short by it.
export async function saveSettingsAndWaitForReload(page: Page, save: () => Promise<void>): Promise<void> {
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  const toastShown = expect(page.getByText('Settings updated successfully')).toBeVisible({ timeout: 30_000 });
  await save();
  await toastShown;
  await reloaded;
}
