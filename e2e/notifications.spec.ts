import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test('should send a message, show it on the recipient bell, mark it read there, and update the stats', async ({ browser }) => {
  // Two people, two browser contexts and a dozen steps: more time than one screen check.
  test.setTimeout(90_000);
  const text = `Booth meeting moved ${Date.now()}`;
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, E2E_USERS.admin);
  await adminPage.goto('/notifications');
  await expect(adminPage.getByRole('heading', { name: 'Notification Module' })).toBeVisible();
  // The stats arrive after the heading: read the count once it is a number.
  const totalStat = adminPage.getByTestId('stat-Total Notifications');
  await expect(totalStat).toHaveText(/^\d+$/);
  const totalBefore = Number(await totalStat.textContent());

  const form = adminPage.getByRole('form', { name: 'Send SMS' });
  await expect(form.getByRole('button', { name: 'Send' })).toBeDisabled();
  await form.getByRole('button', { name: 'Announcement' }).click();
  await expect(form.getByLabel('Message')).toHaveValue(/\[DATE\].*\[TIME\]/);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(adminPage.getByText('Please select a role and at least one user')).toBeVisible();

  await form.getByLabel('Role').selectOption('Karyakarta');
  await form.getByLabel(E2E_USERS.karyakarta.full_name).check();
  // Issue 60: counted as the gateway bills: Marathi is Unicode (70, then 67 a part).
  await form.getByLabel('Message').fill('म'.repeat(80));
  await expect(form.getByText('80/160 characters · Unicode (70 a part) · 2 SMS parts · estimated cost ₹0.50')).toBeVisible();
  await form.getByLabel('Message').fill(text);
  await expect(form.getByText(`${text.length}/160 characters · GSM-7 text · 1 SMS part · estimated cost ₹0.25`)).toBeVisible();
  // Choosing another role clears the selection.
  await form.getByLabel('Role').selectOption('Supervisor');
  await expect(form.getByText('0 selected')).toBeVisible();
  await form.getByLabel('Role').selectOption('Karyakarta');
  await form.getByLabel(E2E_USERS.karyakarta.full_name).check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(adminPage.getByText('SMS sent successfully!')).toBeVisible();
  await expect(totalStat).toHaveText(String(totalBefore + 1));
  await expect(adminPage.getByRole('region', { name: 'Recent Notifications' }).getByText(text)).toBeVisible();

  const workerPage = await (await browser.newContext()).newPage();
  await signIn(workerPage, E2E_USERS.karyakarta);
  await expect(workerPage.getByTestId('unread-badge')).toBeVisible();
  const badgeBefore = Number(await workerPage.getByTestId('unread-badge').textContent());
  await workerPage.getByRole('button', { name: /unread notification/ }).click();
  await workerPage.getByRole('button', { name: text }).click();
  if (badgeBefore === 1) await expect(workerPage.getByTestId('unread-badge')).toHaveCount(0);
  else await expect(workerPage.getByTestId('unread-badge')).toHaveText(String(badgeBefore - 1));

  await adminPage.reload();
  await expect(adminPage.getByRole('region', { name: 'Recent Notifications' }).getByText(`${E2E_USERS.karyakarta.full_name} · SMS sent · read`).first()).toBeVisible();
});

// Issue 60: a Karyakarta messages the office, their Supervisors and their own booth's staff only.
test('should offer a Karyakarta only the Supervisors of their booth and send to one', async ({ page, request }) => {
  const tag = randomBytes(3).toString('hex');
  const token = await apiToken(request, E2E_USERS.admin);
  const far = `Far Supervisor ${tag}`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: `far_${tag}`, full_name: far, role: 'Supervisor', password: 'Field-Pass-42!', booth_access: ['Booth-390'], mobile: '9876543210' },
  });
  expect(created.status(), await created.text()).toBe(201);
  // A Karyakarta of Booth-01 of this test's own: the shared one's inbox is checked by other tests
  // as one who has sent nothing (phone.spec.ts).
  const sender = { username: `kk_${tag}`, password: 'Field-Pass-42!', full_name: `Booth-01 Karyakarta ${tag}`, role: 'Karyakarta' as const, booth_access: ['Booth-01'], mobile: '9876543211' };
  const worker = await request.post('/api/users', { headers: { authorization: `Bearer ${token}` }, data: sender });
  expect(worker.status(), await worker.text()).toBe(201);

  await signIn(page, sender);
  await page.goto('/notifications');
  const form = page.getByRole('form', { name: 'Send SMS' });
  await form.getByLabel('Role').selectOption('Supervisor');
  await expect(form.getByLabel(E2E_USERS.supervisor.full_name)).toBeVisible();
  await expect(form.getByText(far)).toHaveCount(0);
  await form.getByLabel(E2E_USERS.supervisor.full_name).check();
  await form.getByLabel('Message').fill(`Slips done for Booth-01 ${tag}`);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('SMS sent successfully!')).toBeVisible();
});
