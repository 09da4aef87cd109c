import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 25: the audit log and Recent Activity name their records and link to them; toasts
// neither pile up stale errors nor hide the header on a phone.

test('should name a voter in the audit log, link to it while it exists, and name a deleted one without a link', async ({ page, request }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const token = await apiToken(request, E2E_USERS.admin);
  const kept = { name: `Audit Kept ${suffix}`, voterId: `AUK${suffix}` };
  const gone = { name: `Audit Gone ${suffix}`, voterId: `AUG${suffix}` };
  await createVoterViaApi(request, token, { voter_no: '41', full_name: kept.name, voter_id: kept.voterId, booth: 'Booth-01' });
  const goneId = await createVoterViaApi(request, token, { voter_no: '42', full_name: gone.name, voter_id: gone.voterId, booth: 'Booth-01' });
  expect((await request.delete(`/api/voters/${goneId}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);

  await signIn(page, E2E_USERS.admin);
  await page.goto('/audit-logs?action=DELETE_VOTER');
  const deleted = page.getByRole('row').filter({ hasText: gone.name });
  await expect(deleted.getByText(`${gone.name} (${gone.voterId})`)).toBeVisible();
  await expect(deleted.getByRole('link')).toHaveCount(0);
  await expect(deleted.getByText(`voters #${goneId}`)).toBeVisible();

  await page.goto('/audit-logs?action=CREATE_VOTER');
  await page.getByRole('row').getByRole('link', { name: `${kept.name} (${kept.voterId})` }).click();
  await expect(page).toHaveURL(new RegExp(`/voters\\?tab=search&search=${kept.voterId}$`));
  await expect(page.getByText(kept.name).first()).toBeVisible();
});

test('should link Recent Activity to the audit log and to the record', async ({ page, request }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const token = await apiToken(request, E2E_USERS.admin);
  const name = `Recent Voter ${suffix}`;
  await createVoterViaApi(request, token, { voter_no: '43', full_name: name, voter_id: `RCV${suffix}`, booth: 'Booth-01' });

  await signIn(page, E2E_USERS.superAdmin);
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  await activity.getByRole('link', { name: 'View audit log' }).click();
  await expect(page).toHaveURL(/\/audit-logs$/);
  await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();

  // The sign-in row names the user who signed in and opens /users on them. Recent Activity
  // shows the last 10 rows of the whole system and other specs write rows in parallel, so a
  // fresh sign-in is made and the dashboard read again until that row is among them.
  const signInRow = activity.getByRole('link', { name: `${E2E_USERS.superAdmin.full_name} (${E2E_USERS.superAdmin.username})` }).first();
  await expect(async () => {
    await apiToken(request, E2E_USERS.superAdmin);
    await page.goto('/dashboard');
    await expect(signInRow).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await signInRow.click();
  await expect(page).toHaveURL(new RegExp(`/users\\?search=${E2E_USERS.superAdmin.username.replace('.', '\\.')}$`));
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// Where a toast comes to rest: it slides in from the screen's edge (through the header on wider
// screens), so its box is read once its own and its holders' finite animations are over. Read
// in the page, at once: a toast leaves after two to four seconds, and on a loaded machine the
// test's next steps can take longer than that. Toasts are fixed to the viewport, so the box stays
// true while the screen below them draws.
async function restingBox(toast: Locator): Promise<Box> {
  return toast.locator('..').evaluate(async (element) => {
    const moving = document.getAnimations().filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return target !== null && (target.contains(element) || element.contains(target)) && animation.effect?.getComputedTiming().endTime !== Infinity;
    });
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  });
}

// Polled: the header and its bell may still be drawing.
async function expectClearOf(toast: Box, others: Locator[]): Promise<void> {
  for (const other of others) {
    await expect.poll(async () => ((await other.isVisible()) ? overlaps(toast, (await other.boundingBox()) as Box) : 'not shown')).toBe(false);
  }
}

// A toast's message (react-hot-toast's live region); its parent is the toast's box.
const toasts = (page: Page) => page.locator('[role="status"][aria-live="polite"]');

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should keep one error toast for repeated failed sign-ins and clear it when the sign-in succeeds', async ({ page }) => {
    await page.goto('/login');
    const errors = toasts(page).filter({ hasText: /Invalid username or password|Too many/ });
    const signInOnce = async (username: string, password: string) => {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/auth/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
    };
    // Three quick failures, well inside a toast's four seconds: counted at once, not after
    // waiting for the older toasts to time out.
    const stranger = `nobody.${Date.now().toString(36)}`;
    for (let attempt = 0; attempt < 3; attempt += 1) await signInOnce(stranger, 'wrong-password');
    await expect(errors.first()).toBeVisible();
    expect(await errors.count()).toBe(1);

    await signInOnce(E2E_USERS.admin.username, E2E_USERS.admin.password);
    const success = toasts(page).filter({ hasText: 'Login successful!' });
    const successBox = await restingBox(success);
    // The failed sign-ins' toast goes (it lingers a second as it fades out).
    await expect(errors).toHaveCount(0);

    // Signed in: the toast sits clear of the header and its bell.
    const header = page.locator('header');
    const bell = header.getByRole('button', { name: /notification/i });
    await expect(bell).toBeVisible();
    await expectClearOf(successBox, [header, bell]);
  });

  test('should show an error toast clear of the header and the bell', async ({ page }) => {
    await signIn(page, E2E_USERS.admin);
    const notice = await failedListToast(page);
    const box = await restingBox(notice);
    const header = page.locator('header');
    await expectClearOf(box, [header, header.getByRole('button', { name: /notification/i })]);
  });
});

test('should show toasts below the header on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, E2E_USERS.admin);
  const notice = await failedListToast(page);
  const box = await restingBox(notice);
  const header = page.locator('header');
  await expectClearOf(box, [header, header.getByRole('button', { name: /notification/i })]);
  // Still top-right (spec section 1).
  expect(box.x + box.width > 1280 - 40 && box.y < 200).toBe(true);
});

// An error toast: the households list answers 500 (the village page's placeholder notice, used
// here before, is gone now that the page is real, issue 59).
async function failedListToast(page: Page) {
  const message = 'The household list could not be read just now';
  await page.route('**/api/households**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message }) }));
  await page.goto('/households?booth=Booth-01');
  return toasts(page).filter({ hasText: message });
}
