import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfPagesText } from '../server/src/features/slips/pdf-reading';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 61, voter availability (docs/decisions/086-voter-availability.md): a Karyakarta reports
// one supporter deceased and another out of town from the voter cards on a phone; their
// Supervisor confirms both in the availability reports; the chase list leaves the deceased out
// and marks the other, and the slips print none for the deceased and say so.

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('should take a worker\'s reports from the card to the office and on to the chase list and the slips', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-6).toUpperCase();
  const gone = `Gone Voter ${suffix}`;
  const away = `Away Voter ${suffix}`;
  const admin = await apiToken(request, E2E_USERS.admin);
  const worker = await apiToken(request, E2E_USERS.karyakarta);
  const ids: number[] = [];
  for (const [index, name] of [gone, away].entries()) {
    const id = await createVoterViaApi(request, admin, { voter_no: String(60 + index), voter_id: `AV${suffix}${index}`, full_name: name, booth: 'Booth-01', part_serial: String(900 + index), mobile_number: `982200440${index}` });
    ids.push(id);
    // Both are supporters, so both are on poll day's chase list.
    const contact = await request.post(`/api/voters/${id}/contacts`, { headers: { authorization: `Bearer ${worker}` }, data: { channel: 'visit', outcome: 'strong_supporter' } });
    expect(contact.status()).toBe(201);
  }

  // The worker, on a phone: the voter card's Report, what was found, why, send.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_USERS.karyakarta);
  await page.goto('/voters?tab=entry');
  for (const [name, kind, reason] of [
    [gone, 'Deceased', 'Funeral was last Sunday, his son told me'],
    [away, 'Out of town', 'Works in Pune, comes home for Diwali'],
  ] as const) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const card = page.getByTestId('voter-card').filter({ hasText: name });
    await card.getByRole('button', { name: `Report availability: ${name}` }).click();
    const sheet = page.getByRole('dialog', { name: `Report availability: ${name}` });
    const send = sheet.getByRole('button', { name: 'Send to the office' });
    await sheet.getByRole('radio', { name: new RegExp(`^${kind}`) }).click();
    // A reason is required before anything is sent.
    await expect(send).toBeDisabled();
    await sheet.getByLabel('Reason').fill(reason);
    await expectNoSidewaysScroll(page);
    await send.click();
    await expect(page.getByText('Report sent: the office will confirm it')).toBeVisible();
    await expect(sheet).toBeHidden();
  }
  // Nothing changes on the roll until the office confirms.
  const before = (await (await request.get(`/api/voters/${ids[0]}`, { headers: { authorization: `Bearer ${admin}` } })).json()) as { is_dead: boolean };
  expect(before.is_dead).toBe(false);

  // The Supervisor of the booth: the reports of their booths, filtered, each confirmed after a second look.
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_USERS.supervisor);
  await page.getByRole('link', { name: 'Availability Reports' }).click();
  await expect(page).toHaveURL(/\/voter-flags$/);
  await page.getByLabel('Kind').selectOption({ label: 'Deceased' });
  await expect(page).toHaveURL(/kind=deceased/);
  const goneReport = page.getByTestId('voter-flag').filter({ hasText: gone });
  await expect(goneReport).toContainText('Reason: Funeral was last Sunday, his son told me');
  await expect(goneReport).toContainText('Reported by Rahul Chavan');
  await expect(page.getByTestId('voter-flag').filter({ hasText: away })).toHaveCount(0);
  await goneReport.getByRole('button', { name: `Confirm: ${gone}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm report' });
  await expect(confirm).toContainText(`Mark ${gone} (AV${suffix}0) as deceased?`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Report confirmed: the voter is updated')).toBeVisible();
  await expect(goneReport).toHaveCount(0);

  await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
  const awayReport = page.getByTestId('voter-flag').filter({ hasText: away });
  await expect(awayReport).toContainText('Out of town');
  await awayReport.getByRole('button', { name: `Confirm: ${away}` }).click();
  await expect(confirm).toContainText('Their slip carries a note');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Report confirmed: the voter is updated')).toBeVisible();
  await page.getByRole('tab', { name: 'Confirmed' }).click();
  await expect(page.getByTestId('voter-flag').filter({ hasText: gone })).toContainText('Confirmed by Sunil Rathod');

  // Poll day's chase list of the booth: the deceased left out, the other marked out of town.
  await page.goto('/poll/chase?booth=1');
  await expect(page.getByText(away)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: away }).getByTestId('chase-availability')).toHaveText('Out of town');
  await expect(page.getByText(gone)).toHaveCount(0);

  // The slips of the two: one printed with its note, the deceased left out and counted.
  await page.goto(`/voters?tab=search&search=${encodeURIComponent(suffix)}`);
  await expect(page.getByTestId('voter-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Voter slips' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print voter slips' });
  await dialog.getByLabel('Slip language').selectOption('en');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  await expect(page.getByText('Slips downloaded. 1 deceased voter left out: no slip for them')).toBeVisible();
  const text = (await pdfPagesText(await readFile(await download.path()))).join(' ');
  expect(text).toContain(`AV${suffix}1`);
  expect(text).not.toContain(`AV${suffix}0`);
  expect(text).toContain('Out of town: remind them to come and vote');
});
