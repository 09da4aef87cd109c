import type { Page } from '@playwright/test';
import { isAbandonedRequest } from './another-build';

// Serves this page's public settings with some values changed (the office timezone, the default
// language), so specs running beside it keep the real ones.
export async function servePublicSettingsWith(page: Page, changes: Record<string, unknown>): Promise<void> {
  await page.route('**/api/settings/public', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), ...changes } });
    } catch (error) {
      if (!isAbandonedRequest(error)) throw error;
    }
  });
}
