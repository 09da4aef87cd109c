import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';
import { serveApiAsAnotherBuild, serveApiAsThisBuild } from './support/another-build';

// Issue 21: "Add to home screen" gives a full-screen app with the product's name and icon, and
// the service worker keeps the app shell. The other specs block service workers
// (playwright.config.ts); this one allows them.
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test('should serve a manifest with the app name, standalone display and PNG icons of 192, 512 and maskable', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Voter Management', short_name: 'Voters', start_url: '/', display: 'standalone', theme_color: '#1e3a8a' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  const worker = await request.get('/sw.js', { headers: { 'accept-encoding': 'br' } });
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-encoding']).toBe('br');
  // The app shell is precached; nothing of the API is.
  const source = await worker.text();
  expect(source).toContain('index.html');
  expect(source).not.toMatch(/["']\/?api\//);
});

test('should register the service worker and open the sign-in page without a connection when it was opened once', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Username')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
});

test('should start precaching only after the first screen has stopped fetching, so the voter list has the connection to itself', async ({ page, context }) => {
  // Issue 56: the worker's precache (every screen's script) reached a phone within 1.5 s of
  // opening the voter list. It now waits for 4 s without a fetch of the page (workbox-window, the
  // worker's own loader, is its first fetch).
  const fetched: { url: string; at: number; byWorker: boolean }[] = [];
  const started = Date.now();
  context.on('request', (request) => fetched.push({ url: new URL(request.url()).pathname, at: Date.now() - started, byWorker: request.serviceWorker() !== null || /\/sw\.js$|workbox-window/.test(request.url()) }));
  await page.goto('/login');
  await signIn(page, E2E_USERS.karyakarta);
  await expect(page).toHaveURL(/\/my-voters$/);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const firstOfWorker = fetched.find((entry) => entry.byWorker);
  expect(firstOfWorker, 'the worker fetched its files').toBeDefined();
  const before = fetched.filter((entry) => entry.at < (firstOfWorker?.at ?? 0));
  expect(before.some((entry) => entry.url.startsWith('/api/')), 'the screen fetched its data first').toBe(true);
  const lastOfPage = Math.max(...before.map((entry) => entry.at));
  expect((firstOfWorker?.at ?? 0) - lastOfPage, JSON.stringify([...before.slice(-3), firstOfWorker])).toBeGreaterThanOrEqual(3500);
});

test('should sign a Karyakarta in with the worker in charge of the page', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await signIn(page, E2E_USERS.karyakarta);
  await expect(page).toHaveURL(/\/my-voters$/);
});

test('should reload to the new version from the banner when the worker is in charge and the server names another build', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await signIn(page, E2E_USERS.admin);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await serveApiAsAnotherBuild(page);
  await page.getByRole('link', { name: 'Tasks' }).first().click();
  const offers = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(offers).toHaveCount(1);

  await serveApiAsThisBuild(page);
  await offers.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('A new version is available')).toHaveCount(0);
  await expect(page).toHaveURL(/\/tasks/);
});
