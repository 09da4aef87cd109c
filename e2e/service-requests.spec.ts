import { expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// A 1×1 PNG, the photo of an application as far as the server can tell.
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test('should register a voter’s complaint, follow it with notes to Resolved, and find it by its receipt', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = String(Date.now()).slice(-7);
  const name = `Savitri Kale ${suffix}`;
  const token = await apiToken(request, E2E_USERS.admin);
  await createVoterViaApi(request, token, { voter_no: '41', voter_id: `SR${suffix}`, full_name: name, booth: 'Booth-02', mobile_number: '9822033344' });

  await signIn(page, E2E_USERS.admin);
  await page.goto('/service');
  await expect(page.getByRole('heading', { name: 'Service And Complaint' })).toBeVisible();
  // The placeholder is gone.
  await expect(page.getByText('Feature will be added in future')).toHaveCount(0);

  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New request' });
  // Without a citizen, category or description the form says what is missing and keeps the rest.
  await dialog.getByLabel('Department / officer').fill('Tahsil office');
  await dialog.getByRole('button', { name: 'Register request' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByLabel('Department / officer')).toHaveValue('Tahsil office');

  await dialog.getByLabel('Search a voter by name, EPIC or mobile').fill(name);
  await dialog.getByRole('button', { name: `Choose ${name}` }).click();
  await expect(dialog.getByLabel('Citizen’s name')).toHaveValue(name);
  await expect(dialog.getByLabel('Mobile', { exact: true })).toHaveValue('9822033344');
  await dialog.getByLabel('Category').selectOption({ label: 'Pension' });
  await dialog.getByLabel('Description').fill('Old-age pension not paid for three months');
  await dialog.getByLabel('Due date').fill('2020-01-15');
  await dialog.getByRole('button', { name: 'Register request' }).click();
  await expect(page.getByText(/Request SR-\d{4}-\d{5} registered/)).toBeVisible();

  // The new request opens with its receipt number; it is overdue (its due date has passed).
  const detail = page.getByRole('dialog', { name: /Request SR-\d{4}-\d{5}/ });
  await expect(detail.getByText('Old-age pension not paid for three months')).toBeVisible();
  await expect(detail.getByText('Overdue')).toBeVisible();
  const receipt = ((await detail.getByRole('heading').first().textContent()) ?? '').replace('Request ', '').trim();
  expect(receipt).toMatch(/^SR-\d{4}-\d{5}$/);
  await expect(detail.getByText('Registered', { exact: true })).toBeVisible();

  // A photo of the application is attached and listed; a text file named .jpg is refused.
  await detail.getByLabel('Attach a photo or PDF (at most 5 MB)').setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('Attach a photo (JPEG, PNG, GIF or WebP) or a PDF')).toBeVisible();
  await detail.getByLabel('Attach a photo or PDF (at most 5 MB)').setInputFiles({ name: 'application.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') });
  await expect(page.getByText('File attached')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Open application.png' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Attachments (1/10)' })).toBeVisible();

  // The receipt: printed in a page of its own, and sent by WhatsApp to the citizen's mobile.
  await expect(detail.getByRole('link', { name: 'Send receipt by WhatsApp' })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/919822033344\\?text=.*${receipt}`));
  const popup = page.waitForEvent('popup');
  await detail.getByRole('button', { name: 'Print receipt' }).click();
  const printed = await popup;
  await expect(printed.getByText(receipt)).toBeVisible();
  await expect(printed.getByText('Pension')).toBeVisible();
  await printed.close();

  // The details corrected: the department it went to (the edit form keeps the rest as it was).
  await detail.getByRole('button', { name: 'Edit details' }).click();
  const edit = detail.getByRole('form', { name: 'Edit details' });
  await expect(edit.getByLabel('Category')).toHaveValue('pension');
  await edit.getByLabel('Department').fill('Tahsil office, Digras');
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Request updated')).toBeVisible();
  await expect(detail.getByText('Tahsil office, Digras')).toBeVisible();

  // Follow it: In Progress with a note, then Resolved.
  await detail.getByLabel('Note', { exact: true }).fill('Called the pension office');
  await detail.getByLabel('Move to').selectOption({ label: 'In Progress' });
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved')).toBeVisible();
  await expect(detail.getByText('New → In Progress')).toBeVisible();
  await expect(detail.getByText('Called the pension office')).toBeVisible();
  await detail.getByLabel('Note', { exact: true }).fill('Paid on Monday');
  await detail.getByLabel('Move to').selectOption({ label: 'Resolved' });
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByText('In Progress → Resolved')).toBeVisible();
  await expect(detail.getByText('Overdue')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).click();

  // Found by its receipt; the filters live in the address.
  await page.getByLabel('Search receipt, name or mobile').fill(receipt);
  await expect(page).toHaveURL(new RegExp(`search=${receipt}`));
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Resolved' });
  await expect(page).toHaveURL(/status=Resolved/);
  await expect(page.getByRole('button', { name: `Open request ${receipt}` })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'New' });
  await expect(page.getByText('No requests')).toBeVisible();
});

test('should keep /service for the office roles', async ({ page }) => {
  await signIn(page, E2E_USERS.karyakarta);
  await page.goto('/service');
  await expect(page.getByRole('heading', { name: 'Service And Complaint' })).toHaveCount(0);
});
