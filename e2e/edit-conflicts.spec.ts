import { expect, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 17, finding 1: an edit form that meets someone else's newer save keeps what the user
// typed, shows what they changed, and lets the user put their change on top or take theirs
// (docs/decisions/015-record-versions.md). On a phone's width, as a Karyakarta works.
test.use({ viewport: { width: 390, height: 844 } });

async function openVoter(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = page.getByTestId('voter-card').filter({ hasText: name });
  await row.getByRole('button', { name: /^Edit/ }).click();
  return page.getByRole('dialog', { name: 'Edit Voter' });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('should keep a Karyakarta\'s typing, show the Admin\'s changes and save on top of them when the voter changed while the form was open', async ({ page, request }) => {
  const suffix = Date.now().toString().slice(-6);
  const name = `Conflict Voter ${suffix}`;
  const adminToken = await apiToken(request, E2E_USERS.admin);
  const id = await createVoterViaApi(request, adminToken, { voter_no: '12', voter_id: `CF${suffix}A`, full_name: name, booth: 'Booth-01', mobile_number: '9822000001' });
  const adminEdit = (fields: Record<string, string | number>) => request.put(`/api/voters/${id}`, { headers: { authorization: `Bearer ${adminToken}` }, data: fields });
  const stored = async () => (await (await request.get(`/api/voters/${id}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as Record<string, unknown>;

  await signIn(page, E2E_USERS.karyakarta);
  await page.goto('/voters?tab=entry');
  let dialog = await openVoter(page, name);
  await dialog.getByLabel('Mobile Number').fill('9822000002');
  // On a phone the form folds all but its main details (issue 21): the comment is under Other.
  await dialog.getByRole('button', { name: 'Other', exact: true }).click();
  await dialog.getByLabel('Comment').fill('Met at the door');

  // Meanwhile the Admin corrects the name and adds a WhatsApp number.
  expect((await adminEdit({ full_name: `${name} Patil`, whatsapp_number: '9822000003' })).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const panel = dialog.getByRole('alert').filter({ hasText: 'Someone else saved this while you were editing' });
  await expect(panel).toBeVisible();
  const changes = panel.getByRole('list', { name: 'Fields changed by someone else' }).getByRole('listitem');
  await expect(changes).toHaveCount(2);
  await expect(changes.filter({ hasText: 'Full Name' })).toContainText(`Saved now: ${name} Patil`);
  await expect(changes.filter({ hasText: 'Full Name' })).toContainText(`In your form: ${name}`);
  await expect(changes.filter({ hasText: 'WhatsApp Number' })).toContainText('Saved now: 9822000003');
  await expect(changes.filter({ hasText: 'WhatsApp Number' })).toContainText('In your form: (empty)');
  // Nothing typed was lost.
  await expect(dialog.getByLabel('Mobile Number')).toHaveValue('9822000002');
  await expect(dialog.getByLabel('Comment')).toHaveValue('Met at the door');
  await expectNoSidewaysScroll(page);

  await panel.getByRole('button', { name: 'Save my changes on top of theirs' }).click();
  await expect(page.getByText('Voter updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await stored()).toMatchObject({ full_name: `${name} Patil`, whatsapp_number: '9822000003', mobile_number: '9822000002', comment: 'Met at the door', version: 3 });

  // Again, and this time the Karyakarta takes the Admin's record as it is.
  dialog = await openVoter(page, name);
  await dialog.getByRole('button', { name: 'Other', exact: true }).click();
  await dialog.getByLabel('Comment').fill('Typed, then dropped');
  expect((await adminEdit({ comment: 'Admin note', version: 3 })).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Someone else saved this' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Comment' })).toContainText('you changed it too');
  await dialog.getByRole('button', { name: 'Discard mine and load theirs' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByLabel('Comment')).toHaveValue('Admin note');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await stored()).toMatchObject({ comment: 'Admin note', mobile_number: '9822000002', version: 5 });
});
