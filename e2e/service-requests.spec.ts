import { expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { cachedIds } from './support/offline-copy';
import { setOfflinePin } from './support/offline-pin';
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

// Issue 59: a field worker raises a citizen's request from the voter's card on a phone with no
// connection; it waits in the outbox and reaches the office's register once the connection returns.
test.describe('a request raised from the field', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should keep a request raised offline on the phone and send it once when the connection returns', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const suffix = String(Date.now()).slice(-7);
    const name = `Field Citizen ${suffix}`;
    const admin = await apiToken(request, E2E_USERS.admin);
    const voterId = await createVoterViaApi(request, admin, { voter_no: '42', voter_id: `SRF${suffix}`, full_name: name, booth: 'Booth-01', mobile_number: '9822033345' });

    await signIn(page, E2E_USERS.karyakarta);
    await page.goto('/voters?tab=entry');
    // The phone's copy is kept once the worker sets a PIN (issue 57).
    await setOfflinePin(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(`SRF${suffix}`);
    const card = page.getByTestId('voter-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    // The copy holds the voter before the connection goes.
    await expect.poll(() => cachedIds(page), { timeout: 20_000 }).toContain(voterId);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

    await card.getByRole('button', { name: `Raise a request for ${name}` }).click();
    const sheet = page.getByRole('dialog', { name: `Raise a request for ${name}` });
    // Nothing chosen: the form says what is missing and keeps what was typed.
    await sheet.getByLabel('Description').fill('Hand pump near the temple is broken');
    await sheet.getByRole('button', { name: 'Send to the office' }).click();
    await expect(sheet.getByText('Choose a category from the list')).toBeVisible();
    await expect(sheet.getByLabel('Description')).toHaveValue('Hand pump near the temple is broken');
    await sheet.getByLabel('Category').selectOption({ label: 'Water' });
    await sheet.getByLabel('Priority').selectOption('High');
    await page.screenshot({ path: test.info().outputPath('raise-request-390.png') });
    await sheet.getByRole('button', { name: 'Send to the office' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'waiting to send (1)' })).toBeVisible();
    const asAdmin = { authorization: `Bearer ${admin}` };
    const registered = async () => ((await (await request.get(`/api/service-requests?search=${encodeURIComponent(name)}`, { headers: asAdmin })).json()) as { items: Record<string, unknown>[] }).items;
    expect(await registered()).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
    const items = await registered();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ citizen_name: name, category: 'water', priority: 'High', booth: 'Booth-01', status: 'New', created_by_name: E2E_USERS.karyakarta.full_name });
  });
});
