import type { Page } from '@playwright/test';

// Serves this page's public settings with some values changed (the office timezone, the default
// language), so specs running beside it keep the real ones.
export async function servePublicSettingsWith(page: Page, changes: Record<string, unknown>): Promise<void> {
  await page.route('**/api/settings/public', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), ...changes } });
    } catch (error) {
      // The page moved on (a sign-in redirect) before the answer came: no one is waiting for it.
      if (!/disposed|closed|aborted/i.test(String(error))) throw error;
    }
  });
}
