import { expect, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Stored markup in a name is shown as text and never runs: React escapes it, and the
// Content-Security-Policy would refuse an inline script even if something did not.
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';

async function xssFired(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
}

test('should show markup in voter names as text and run none of it when the voter table lists them', async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const token = await apiToken(request, E2E_USERS.admin);
  for (const [index, name] of [IMG, SCRIPT].entries()) {
    await createVoterViaApi(request, token, { voter_no: `X-${index}`, full_name: `${name} ${suffix}`, voter_id: `XSS${suffix.toUpperCase()}${index}`, booth: 'Booth-01' });
  }
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });

  await signIn(page, E2E_USERS.admin);
  await page.goto(`/voters?tab=search&search=${suffix}`);
  await expect(page.getByTestId('voter-row').filter({ hasText: `${IMG} ${suffix}` })).toBeVisible();
  await expect(page.getByTestId('voter-row').filter({ hasText: `${SCRIPT} ${suffix}` })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await xssFired(page)).toBeUndefined();
  expect(violations).toEqual([]);
});

test('should show markup in a user name as text and run none of it when the users table lists it', async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const token = await apiToken(request, E2E_USERS.admin);
  for (const [index, name] of [IMG, SCRIPT].entries()) {
    const response = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { username: `xss_${suffix}_${index}`, full_name: `${name} ${suffix}`, role: 'Karyakarta', password: 'Field-Pass-42!', booth_access: ['Booth-01'], mobile: '9876543210' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await signIn(page, E2E_USERS.admin);
  await page.goto('/users');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: `${IMG} ${suffix}` })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: `${SCRIPT} ${suffix}` })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await xssFired(page)).toBeUndefined();
});

test('should refuse an inline script by its Content-Security-Policy when one is injected into the page', async ({ page }) => {
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc.trim()).toBe("script-src 'self'");
  expect(response?.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  // The proof the policy is live: an inline script added to the page does not run.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__xss = 1';
    document.body.appendChild(script);
  });
  expect(await xssFired(page)).toBeUndefined();
  // And the built page itself has no inline script to allow.
  const html = await (await page.request.get('/login')).text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});
