import type { Page } from '@playwright/test';

// The request was cancelled by the page (a query dropped when the screen changed) or the page
// moved on before the answer came: no one is waiting for it.
export function isAbandonedRequest(error: unknown): boolean {
  return /disposed|closed|aborted|already handled/i.test(String(error));
}

// "The server was updated": from now on this page's API answers name another build.
export async function serveApiAsAnotherBuild(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-app-build': 'ffffffffffffffff' } });
    } catch (error) {
      if (!isAbandonedRequest(error)) throw error;
    }
  });
}

// Stops the above; answers still in flight may finish or be dropped without failing the test.
export async function serveApiAsThisBuild(page: Page): Promise<void> {
  await page.unroute('**/api/**');
}
