import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 20 in the browser: confirming a household and reviewing a duplicate pair, on a desktop
// and on a phone. Household proposals and scans change a booth or the whole roll, so these run
// one after another.
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };

async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

// A family and a tenant under one house number: two households to propose.
async function seedHouse(request: APIRequestContext, token: string, booth: string, house: string, suffix: string) {
  const voter = (number: string, fields: Record<string, string>) => createVoterViaApi(request, token, { voter_no: number, voter_id: `HH${suffix}${number}`, booth, house_no: house, ...fields });
  await voter('1', { full_name: `शिवाजी रामराव चव्हाण ${suffix}`, father_husband_name: 'रामराव चव्हाण', relation_type: 'Father', gender: 'Male', age: '62' });
  await voter('2', { full_name: `राहुल शिवाजी चव्हाण ${suffix}`, father_husband_name: `शिवाजी चव्हाण ${suffix}`, relation_type: 'Father', gender: 'Male', age: '34' });
  await voter('3', { full_name: `सलीम इम्रान पठाण ${suffix}`, father_husband_name: 'इम्रान पठाण', relation_type: 'Father', gender: 'Male', age: '38' });
}

// Starts a scan as the Admin (waiting for another to end first) and waits for it to finish.
async function scanViaApi(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, E2E_USERS.admin)}` };
  await expect
    .poll(async () => (await request.post('/api/duplicates/scan', { headers })).status(), { timeout: 20_000 })
    .toBe(202);
  await expect
    .poll(async () => ((await (await request.get('/api/duplicates/scan', { headers })).json()) as { scan: { status: string } }).scan.status, { timeout: 20_000 })
    .toBe('finished');
}

test('should let an Admin propose a booth’s households and confirm one from the voter search on a desktop', async ({ page, request }) => {
  const suffix = Date.now().toString().slice(-6);
  const house = `7-${suffix}`;
  await seedHouse(request, await apiToken(request, E2E_USERS.admin), 'Booth-377', house, suffix);
  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=search&booth=Booth-377');
  await page.getByRole('link', { name: 'Households' }).click();
  await expect(page).toHaveURL(/\/households\?booth=Booth-377/);
  await expect(page.getByRole('heading', { name: 'Households' })).toBeVisible();

  await page.getByRole('button', { name: 'Propose households' }).click();
  await expect(page.getByText('Proposed 2 households in Booth-377')).toBeVisible();
  const family = page.getByTestId('household-card').filter({ hasText: `राहुल शिवाजी चव्हाण ${suffix}` });
  await expect(family.getByRole('heading', { name: `House ${house} · शिवाजी रामराव चव्हाण ${suffix}` })).toBeVisible();
  await expect(family.getByText('2 members')).toBeVisible();
  await expect(family.getByText('Proposed', { exact: true })).toBeVisible();
  // The tenant is a household of his own.
  await expect(page.getByTestId('household-card').filter({ hasText: `सलीम इम्रान पठाण ${suffix}` }).getByText('1 member')).toBeVisible();

  await family.getByRole('button', { name: 'Confirm household' }).click();
  await expect(page.getByText('Household confirmed')).toBeVisible();
  await expect(family.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(family.getByText(`Confirmed by ${E2E_USERS.admin.full_name}`)).toBeVisible();
  await expect(family.getByRole('button', { name: 'Confirm household' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('should keep a Karyakarta’s confirmation as a suggestion that their Supervisor then confirms', async ({ page, request, browser }) => {
    const suffix = Date.now().toString().slice(-6);
    const house = `9-${suffix}`;
    const token = await apiToken(request, E2E_USERS.admin);
    await seedHouse(request, token, 'Booth-01', house, suffix);
    expect((await request.post('/api/households/propose', { headers: { authorization: `Bearer ${token}` }, data: { booth: 'Booth-01' } })).ok()).toBe(true);

    await signIn(page, E2E_USERS.karyakarta);
    // A Karyakarta lands on My voters; the Households link is on Voter Data Entry.
    await page.goto('/voters?tab=entry');
    await page.getByRole('link', { name: 'Households' }).click();
    // The Karyakarta's one booth is chosen for them.
    await expect(page).toHaveURL(/booth=Booth-01/);
    await expect(page.getByRole('button', { name: 'Propose households' })).toHaveCount(0);
    const family = page.getByTestId('household-card').filter({ hasText: `राहुल शिवाजी चव्हाण ${suffix}` });
    await expect(family.getByRole('button', { name: 'Split' })).toHaveCount(0);
    await family.getByRole('button', { name: 'Suggest as correct' }).click();
    await expect(page.getByText('Suggestion sent for confirmation')).toBeVisible();
    await expect(family.getByText('Suggested', { exact: true })).toBeVisible();
    await expect(family.getByText(`Suggested by ${E2E_USERS.karyakarta.full_name}`)).toBeVisible();
    await fitsThePhone(page);

    const supervisorContext = await browser.newContext({ viewport: PHONE });
    const supervisorPage = await supervisorContext.newPage();
    try {
      await signIn(supervisorPage, E2E_USERS.supervisor);
      await supervisorPage.goto('/households?booth=Booth-01&status=suggested');
      const suggested = supervisorPage.getByTestId('household-card').filter({ hasText: `राहुल शिवाजी चव्हाण ${suffix}` });
      await suggested.getByRole('button', { name: 'Confirm household' }).click();
      await expect(supervisorPage.getByText('Household confirmed')).toBeVisible();
      // Confirmed, it leaves the suggestions.
      await expect(suggested).toHaveCount(0);
      await supervisorPage.getByLabel('Status').selectOption('confirmed');
      await expect(supervisorPage.getByTestId('household-card').filter({ hasText: `राहुल शिवाजी चव्हाण ${suffix}` }).getByText(`Confirmed by ${E2E_USERS.supervisor.full_name}`)).toBeVisible();
      await fitsThePhone(supervisorPage);
    } finally {
      await supervisorContext.close();
    }
  });

  test('should let a Supervisor dismiss a pair from two of their booths as two people', async ({ page, request }) => {
    const suffix = Date.now().toString().slice(-6);
    const name = `सविता अशोक मोरे ${suffix}`;
    const token = await apiToken(request, E2E_USERS.admin);
    await createVoterViaApi(request, token, { voter_no: '31', voter_id: `DP${suffix}A`, booth: 'Booth-01', full_name: name, father_husband_name: 'अशोक मोरे', age: '52' });
    await createVoterViaApi(request, token, { voter_no: '32', voter_id: `DP${suffix}B`, booth: 'Booth-02', full_name: name, father_husband_name: 'अशोक मोरे', age: '53' });
    await scanViaApi(request);

    await signIn(page, E2E_USERS.supervisor);
    // A Supervisor lands on Booths; the Duplicate entries link is on Voter Data Entry.
    await page.goto('/voters?tab=entry');
    await page.getByRole('link', { name: 'Duplicate entries' }).click();
    await expect(page.getByRole('heading', { name: 'Duplicate entries' })).toBeVisible();
    // Only office roles start a scan.
    await expect(page.getByRole('button', { name: 'Scan for duplicates' })).toHaveCount(0);
    const pair = page.getByTestId('duplicate-pair').filter({ hasText: name });
    await expect(pair.getByTestId('duplicate-entry')).toHaveCount(2);
    await fitsThePhone(page);
    await pair.getByRole('button', { name: 'Not the same person' }).click();
    await expect(page.getByText('Pair dismissed')).toBeVisible();
    await expect(pair).toHaveCount(0);
    await page.getByRole('tab', { name: 'Not duplicates' }).click();
    await expect(page.getByTestId('duplicate-pair').filter({ hasText: name }).getByText(`Reviewed by ${E2E_USERS.supervisor.full_name}`)).toBeVisible();
  });
});

test('should let an Admin scan the roll and mark one entry of a pair as the duplicate, which then leaves the voter search', async ({ page, request }) => {
  const suffix = Date.now().toString().slice(-6);
  const name = `Pandurang Bhimrao Ingle ${suffix}`;
  const token = await apiToken(request, E2E_USERS.admin);
  await createVoterViaApi(request, token, { voter_no: '51', voter_id: `DM${suffix}A`, booth: 'Booth-201', full_name: name, father_husband_name: 'Bhimrao Ingle', age: '70' });
  await createVoterViaApi(request, token, { voter_no: '52', voter_id: `DM${suffix}B`, booth: 'Booth-202', full_name: name, father_husband_name: 'Bhimrao Ingle', age: '71' });

  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=search');
  await page.getByRole('link', { name: 'Duplicate entries' }).click();
  await page.getByRole('button', { name: 'Scan for duplicates' }).click();
  await expect(page.getByText('Duplicate scan started')).toBeVisible();
  // The list is read again when the scan ends.
  const pair = page.getByTestId('duplicate-pair').filter({ hasText: name });
  await expect(pair.getByTestId('duplicate-entry')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('scan-state')).toContainText(`by ${E2E_USERS.admin.full_name}`);
  await pair.getByRole('button', { name: `Mark ${name} (DM${suffix}B) as the duplicate` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as duplicate?' });
  await expect(dialog.getByText(`${name} (DM${suffix}B) will be kept, but left out of voter lists, counts, exports and households.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as duplicate' }).click();
  await expect(page.getByText('Marked as duplicate', { exact: true })).toBeVisible();
  await expect(pair).toHaveCount(0);

  await page.getByRole('tab', { name: 'Marked duplicate' }).click();
  const reviewed = page.getByTestId('duplicate-pair').filter({ hasText: name });
  await expect(reviewed.getByText('Duplicate', { exact: true })).toBeVisible();
  await expect(reviewed.getByText('Kept', { exact: true })).toBeVisible();

  await page.goto(`/voters?tab=search&search=${encodeURIComponent(name)}`);
  await expect(page.getByTestId('found-count')).toHaveText('Found 1 voter');
});
