import { expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 18: a name typed in Latin letters finds it written in Devanagari, in the quick search
// and in the search tab (decision 021).
test('should find पाटील when a Karyakarta types "patil", and a Devanagari father/husband name from Latin in the search tab', async ({ page }) => {
  const suffix = Date.now().toString().slice(-6);
  const token = await apiToken(page.request, E2E_USERS.admin);
  const fullName = `सुनीता विठ्ठल पाटील ${suffix}`;
  await createVoterViaApi(page.request, token, {
    voter_no: 'B1-88',
    voter_id: `XS${suffix}A`,
    full_name: fullName,
    father_husband_name: 'विठ्ठल देशमुख',
    booth: 'Booth-01',
  });

  await signIn(page, E2E_USERS.karyakarta);
  // A Karyakarta lands on My voters; the searchable list is Voter Data Entry.
  await expect(page).toHaveURL(/\/my-voters$/);
  await page.goto('/voters?tab=entry');
  await page.getByRole('searchbox', { name: 'Search' }).fill('patil');
  await expect(page).toHaveURL(/search=patil/);
  await expect(page.getByTestId('voter-row').filter({ hasText: fullName })).toBeVisible();
  // A spelling people type finds the same voter.
  await page.getByRole('searchbox', { name: 'Search' }).fill('sunita paatil');
  await expect(page.getByTestId('voter-row').filter({ hasText: fullName })).toBeVisible();
  // A comma typed after the name is not part of it (decision 051); digits look for a voter ID.
  await page.getByRole('searchbox', { name: 'Search' }).fill('sunita patil,');
  await expect(page.getByTestId('voter-row').filter({ hasText: fullName })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`s${suffix}`);
  await expect(page.getByTestId('voter-row').filter({ hasText: fullName })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=search');
  await expect(page.getByRole('heading', { name: 'Search & Filter' })).toBeVisible();
  await page.getByLabel('Father/Husband Name').fill('deshmukh');
  await expect(page).toHaveURL(/father_husband_name=deshmukh/);
  await expect(page.getByTestId('voter-row').filter({ hasText: fullName })).toBeVisible();
});
