import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_USERS, type E2eUser } from './support/e2e-users';
import { signIn } from './support/session';

async function apiToken(page: Page, user: E2eUser): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { username: user.username, password: user.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('should let a Karyakarta add a voter with a photo, find them by a Devanagari fragment, and edit only the free fields', async ({ page }) => {
  const suffix = Date.now().toString().slice(-6);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  await signIn(page, E2E_USERS.karyakarta);
  // A Karyakarta lands on My voters (issue 20); voter entry is one menu item away.
  await expect(page).toHaveURL(/\/my-voters$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Voter Data Entry' }).click();
  await expect(page).toHaveURL(/\/voters\?tab=entry$/);
  await expect(page.getByRole('heading', { name: 'Voter Data Entry' })).toBeVisible();
  // Advanced Search is for Super Admin and Admin only.
  await expect(page.getByRole('link', { name: 'Advanced Search' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Voter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Voter' });
  await expect(dialog.getByText('JPEG, PNG, GIF up to 5MB')).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Add Voter', exact: true });
  await expect(submit).toBeDisabled();

  await dialog.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: photo });
  await dialog.getByLabel('Voter Number').fill('B1-77');
  await dialog.getByLabel('Voter ID').fill(`KK${suffix}A`);
  await dialog.getByLabel('Full Name').fill(`सुनीता रमेश गायकवाड ${suffix}`);
  await expect(submit).toBeEnabled();
  await dialog.getByLabel('Age', { exact: true }).fill('42');
  await dialog.getByLabel('Gender').selectOption('Female');
  await dialog.getByLabel('Mobile Number').fill('9822001122');
  await expect(dialog.getByLabel('Booth')).toHaveValue('Booth-01');

  // Present City Name waits until the voter is marked as living away.
  await expect(dialog.getByLabel('Present City Name')).toBeDisabled();
  await dialog.getByLabel('Present in City').uncheck();
  await expect(dialog.getByLabel('Present City Name')).toBeEnabled();
  await dialog.getByLabel('Present City Name').fill('Pune');

  // The sub-caste follows the caste, and a new caste clears it.
  await expect(dialog.getByLabel('Sub-caste')).toBeDisabled();
  await dialog.getByLabel('Caste', { exact: true }).selectOption('Kunbi');
  await dialog.getByLabel('Sub-caste').selectOption('Khaire');
  await dialog.getByLabel('Caste', { exact: true }).selectOption('Mali');
  await expect(dialog.getByLabel('Sub-caste')).toHaveValue('');
  await dialog.getByLabel('Sub-caste').selectOption('Phulmali');
  await dialog.getByLabel('Political Preference').selectOption('Congress');

  await submit.click();
  await expect(page.getByText('Voter created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(`रमेश गाय`);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByTestId('voter-row').filter({ hasText: `सुनीता रमेश गायकवाड ${suffix}` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Congress')).toBeVisible();
  await expect(row.getByRole('img', { name: /Photo of/ })).toHaveAttribute('src', /^blob:/);
  // No delete icon for a Karyakarta.
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The search survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('रमेश गाय');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Voter' });
  for (const label of ['Full Name', 'Father/Husband Name', 'House No', 'Ward/Area', 'Village', 'Booth', 'District', 'Taluka', 'Voter ID']) {
    await expect(edit.getByLabel(label)).toBeDisabled();
  }
  await expect(edit.getByLabel('Age', { exact: true })).toBeDisabled();
  await expect(edit.getByLabel('Mobile Number')).toBeEnabled();
  await expect(edit.getByLabel('Sub-caste')).toHaveValue('Phulmali');
  await edit.getByLabel('Mobile Number').fill('9822003344');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Voter updated successfully')).toBeVisible();
  await expect(row.getByText('9822003344')).toBeVisible();
});

test('should let an Admin filter in the search tab, page through the results, and delete a voter', async ({ page }) => {
  // 33 voters are created through the API first: two pages of 30.
  test.setTimeout(90_000);
  const ward = `E2E Ward ${Date.now().toString().slice(-6)}`;
  const token = await apiToken(page, E2E_USERS.admin);
  const create = async (index: number) => {
    const response = await page.request.post('/api/voters', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        voter_no: `B5-${index}`,
        voter_id: `AD${ward.slice(-6)}${String(index).padStart(3, '0')}`,
        full_name: `Paging Voter ${String(index).padStart(2, '0')}`,
        ward_area: ward,
        booth: 'Booth-05',
        gender: index % 3 === 0 ? 'Female' : 'Male',
        political_preference: index % 2 === 0 ? 'BJP' : '',
        mobile_number: index % 4 === 0 ? '' : `98${String(index).padStart(8, '0')}`,
      },
    });
    expect(response.status()).toBe(201);
  };
  // In order, so "newest first" has a known order.
  for (let index = 1; index <= 33; index += 1) await create(index);

  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=entry');
  await page.getByRole('link', { name: 'Advanced Search' }).click();
  await expect(page).toHaveURL(/tab=search/);
  await expect(page.getByRole('heading', { name: 'Search & Filter' })).toBeVisible();

  await page.getByLabel('Area/Ward or House No').fill(ward);
  await expect(page.getByText('Found 33 voters')).toBeVisible();
  await expect(page.getByText('Showing page 1 of 2 (33 total voters)')).toBeVisible();
  await expect(page.getByTestId('voter-row')).toHaveCount(30);
  await expect(page.getByTestId('voter-row').first()).toContainText('Paging Voter 33');
  await expect(page.getByTestId('voter-row').filter({ hasText: 'Paging Voter 04' }).getByText('No mobile')).toBeVisible();
  await expect(page.getByTestId('voter-row').filter({ hasText: 'Paging Voter 05' }).getByText('Neutral')).toBeVisible();

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Showing page 2 of 2 (33 total voters)')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('voter-row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next 10' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous 10' }).click();
  await expect(page.getByText('Showing page 1 of 2 (33 total voters)')).toBeVisible();

  // Filters combine; a filter change returns to page 1.
  await page.getByLabel('Gender').selectOption('Female');
  await expect(page.getByText('Found 11 voters')).toBeVisible();
  await page.getByLabel('Political Preference').selectOption('BJP');
  await expect(page.getByText('Found 5 voters')).toBeVisible();
  await page.getByLabel('Mobile Status').selectOption('without_mobile');
  await expect(page.getByText('Found 2 voters')).toBeVisible();
  await expect(page).toHaveURL(/mobile_filter=without_mobile/);

  const row = page.getByTestId('voter-row').filter({ hasText: 'Paging Voter 24' });
  await row.getByRole('button', { name: 'Delete Paging Voter 24' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete voter' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Voter deleted successfully')).toBeVisible();
  await expect(page.getByText('Found 1 voter', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page.getByLabel('Area/Ward or House No')).toHaveValue('');
  await expect(page).not.toHaveURL(/mobile_filter/);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`should name a minimum age above the maximum at the age fields and not search when the filters ask for it (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, E2E_USERS.admin);
    await page.goto('/voters?tab=search');
    await expect(page.getByTestId('found-count')).toBeVisible();
    if (viewport.name === 'phone') await page.getByRole('button', { name: /^Filters/ }).click();

    // Every list request from here on is recorded.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/voters(\?|$)/.test(request.url())) listRequests.push(request.url());
    });
    await page.getByLabel('Min Age').fill('50');
    await page.getByLabel('Max Age').fill('30');
    await expect(page).toHaveURL(/age_max=30/);

    // The shared voter query schema's message, under the field it names.
    const maxAge = page.getByLabel('Max Age');
    await expect(maxAge).toHaveAttribute('aria-invalid', 'true');
    await expect(maxAge).toHaveAccessibleDescription('Maximum age must not be less than minimum age');
    await expect(page.getByTestId('found-count')).toHaveCount(0);
    await expect(page.getByText('No voters found')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Maximum age' })).toHaveCount(0);
    expect(listRequests.filter((url) => url.includes('age_min=50') && url.includes('age_max=30'))).toEqual([]);

    // Once the range is sound the search runs again and the error is gone.
    await page.getByLabel('Max Age').fill('60');
    await expect(page.getByTestId('found-count')).toBeVisible();
    await expect(maxAge).not.toHaveAttribute('aria-invalid', 'true');
    expect(listRequests.some((url) => url.includes('age_min=50') && url.includes('age_max=60'))).toBe(true);
  });
}
