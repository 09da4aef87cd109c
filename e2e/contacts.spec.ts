import { expect, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { saveSettingsAndWaitForReload } from './support/settings-save';
import { signIn } from './support/session';

// Issue 20, contacts and support (docs/decisions/026-contacts-and-support.md): a Karyakarta
// records a contact from the voter card on a phone in two taps and sees the support level; an
// office role confirms a worker's "deceased" report; the office's issues list reaches the sheet.

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should let a Karyakarta record a contact from the voter card in two taps and show the support level', async ({ page, request }) => {
    const suffix = Date.now().toString().slice(-6);
    const name = `Contact Voter ${suffix}`;
    const adminToken = await apiToken(request, E2E_USERS.admin);
    await createVoterViaApi(request, adminToken, { voter_no: '31', voter_id: `CT${suffix}A`, full_name: name, booth: 'Booth-01' });

    await signIn(page, E2E_USERS.karyakarta);
    // A Karyakarta lands on My voters; the voter cards are on Voter Data Entry.
    await page.goto('/voters?tab=entry');
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const card = page.getByTestId('voter-card').filter({ hasText: name });
    await expect(card.getByTestId('support-level')).toHaveText('Support not known');
    await expectNoSidewaysScroll(page);

    // Tap one: the card's Record contact. The sheet opens with every outcome in view.
    await card.getByRole('button', { name: `Record contact: ${name}` }).click();
    const sheet = page.getByRole('dialog', { name: `Record contact: ${name}` });
    await expect(sheet.getByRole('radio', { name: 'Visit' })).toHaveAttribute('aria-checked', 'true');
    for (const outcome of ['Strong supporter', 'Opposed', 'Not at home', 'Deceased']) await expect(sheet.getByRole('button', { name: outcome })).toBeInViewport();
    const outcomeBox = await sheet.getByRole('button', { name: 'Strong supporter' }).boundingBox();
    expect(outcomeBox?.height).toBeGreaterThanOrEqual(48);
    await expectNoSidewaysScroll(page);

    // Tap two: the outcome, and it is saved.
    await sheet.getByRole('button', { name: 'Strong supporter' }).click();
    await expect(page.getByText('Contact saved: Strong supporter')).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(card.getByTestId('support-level')).toHaveText('Support: Strong supporter');

    // The next contact starts from the channel used last: a call this time, not at home.
    await card.getByRole('button', { name: `Record contact: ${name}` }).click();
    await sheet.getByRole('radio', { name: 'Call' }).click();
    await sheet.getByRole('button', { name: 'Water' }).click();
    await sheet.getByRole('button', { name: 'Not at home' }).click();
    await expect(page.getByText('Contact saved: Not at home')).toBeVisible();
    await card.getByRole('button', { name: `Record contact: ${name}` }).click();
    await expect(sheet.getByRole('radio', { name: 'Call' })).toHaveAttribute('aria-checked', 'true');
    await sheet.getByRole('button', { name: 'Close' }).click();
    // Not at home leaves the support as it was.
    await expect(card.getByTestId('support-level')).toHaveText('Support: Strong supporter');

    // The history on the voter, newest first.
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const history = page.getByRole('dialog', { name: 'Edit Voter' }).getByTestId('contact-history');
    await expect(history.getByTestId('contact-entry')).toHaveCount(2);
    await expect(history.getByTestId('contact-entry').first()).toContainText('Not at home');
    await expect(history.getByTestId('contact-entry').first()).toContainText('Rahul Chavan · Call');
    await expect(history.getByTestId('contact-entry').first()).toContainText('Issues: Water');
    await expect(history.getByTestId('contact-entry').last()).toContainText('Strong supporter');
    await expectNoSidewaysScroll(page);
  });
});

test('should let an Admin confirm a Karyakarta\'s deceased report and find the voter as deceased', async ({ page, request }) => {
  const suffix = Date.now().toString().slice(-6);
  const name = `Flagged Voter ${suffix}`;
  const adminToken = await apiToken(request, E2E_USERS.admin);
  const id = await createVoterViaApi(request, adminToken, { voter_no: '32', voter_id: `FL${suffix}A`, full_name: name, booth: 'Booth-01' });
  const workerToken = await apiToken(request, E2E_USERS.karyakarta);
  const reported = await request.post(`/api/voters/${id}/contacts`, { headers: { authorization: `Bearer ${workerToken}` }, data: { channel: 'visit', outcome: 'deceased', note: 'Neighbours say he passed in October' } });
  expect(reported.status()).toBe(201);

  await signIn(page, E2E_USERS.admin);
  await page.getByRole('link', { name: 'Availability Reports' }).click();
  await expect(page).toHaveURL(/\/voter-flags$/);
  const flag = page.getByTestId('voter-flag').filter({ hasText: name });
  await expect(flag).toContainText('Deceased');
  await expect(flag).toContainText('Reported by Rahul Chavan');
  await expect(flag).toContainText("Worker's note: Neighbours say he passed in October");

  // Nothing changes until the office confirms, after a second look.
  await flag.getByRole('button', { name: `Confirm: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm report' });
  await expect(confirm).toContainText(`Mark ${name} (FL${suffix}A) as deceased?`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Report confirmed: the voter is updated')).toBeVisible();
  await expect(flag).toHaveCount(0);
  await page.getByRole('tab', { name: 'Confirmed' }).click();
  await expect(page.getByTestId('voter-flag').filter({ hasText: name })).toContainText('Confirmed by Vikas Jadhav');

  await page.goto(`/voters?tab=search&voter_status=deceased&search=${encodeURIComponent(name)}`);
  const row = page.getByTestId('voter-row').filter({ hasText: name });
  await expect(row.getByTestId('voter-status')).toHaveText('Deceased');
  await expect(page.getByLabel('Deceased / shifted / missing')).toHaveValue('deceased');
  const stored = (await (await request.get(`/api/voters/${id}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { is_dead: boolean; version: number };
  expect(stored).toMatchObject({ is_dead: true, version: 2 });
});

test('should offer the issues the office lists in Settings when a contact is recorded', async ({ page, request }) => {
  const suffix = Date.now().toString().slice(-6);
  const name = `Issue Voter ${suffix}`;
  const adminToken = await apiToken(request, E2E_USERS.admin);
  await createVoterViaApi(request, adminToken, { voter_no: '33', voter_id: `IS${suffix}A`, full_name: name, booth: 'Booth-02' });
  const headers = { authorization: `Bearer ${adminToken}` };
  const before = (await (await request.get('/api/settings', { headers })).json()) as { contact_issues: string };

  try {
    await signIn(page, E2E_USERS.admin);
    await page.goto('/settings?tab=field');
    const list = page.getByLabel('Issues voters raise');
    await expect(list).toHaveValue(before.contact_issues);
    await list.fill(`${before.contact_issues}\n\n  Drainage  `);
    await saveSettingsAndWaitForReload(page, () => page.getByRole('button', { name: 'Save Changes' }).click());
    await expect.poll(async () => ((await (await request.get('/api/settings', { headers })).json()) as { contact_issues: string }).contact_issues).toBe(`${before.contact_issues}\nDrainage`);

    await page.goto(`/voters?tab=entry&search=${encodeURIComponent(name)}`);
    const row = page.getByTestId('voter-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Record contact: ${name}` }).click();
    const sheet = page.getByRole('dialog', { name: `Record contact: ${name}` });
    await sheet.getByRole('button', { name: 'Drainage' }).click();
    await sheet.getByRole('button', { name: 'Undecided' }).click();
    await expect(page.getByText('Contact saved: Undecided')).toBeVisible();
    await expect(row.getByTestId('support-level')).toHaveText('Support: Undecided');
    await page.getByRole('link', { name: 'Search & Filter' }).click();
    await page.getByLabel('Support', { exact: true }).selectOption('undecided');
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page.getByTestId('voter-row').filter({ hasText: name })).toBeVisible();
    await expect(page.getByTestId('found-count')).toHaveText('Found 1 voter');
  } finally {
    await request.put('/api/settings', { headers, data: { contact_issues: before.contact_issues } });
  }
});
