import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E_USERS, type E2eUser } from './support/e2e-users';
import { signIn } from './support/session';

async function apiToken(page: Page, user: E2eUser): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { username: user.username, password: user.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('should import a CSV, show the rows it refused and the values it could not place, and offer both as downloads', async ({ page }, testInfo) => {
  const suffix = Date.now().toString().slice(-6);
  const csv = [
    'Voter Number,Full Name,Voter ID,Mobile Number,Booth,Shoe Size,व्यवसाय',
    `1,Imported One ${suffix},IE${suffix}A,9876543210,Booth-31,9,Housewife`,
    `2,Imported Two ${suffix},IE${suffix}B,,31,8,Astronaut`,
    `3,Bad Mobile ${suffix},IE${suffix}C,12345,Booth-31,7,farmer`,
  ].join('\n');
  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=import');
  await expect(page.getByRole('heading', { name: 'Import/Export' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'voters.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  // Rows were saved, one refused and one value left out: a toast that is not a plain success.
  const partial = page.locator('[data-toast-type]').filter({ hasText: 'Import completed! 2 voters imported, 1 warning, 1 error' });
  await expect(partial).toBeVisible({ timeout: 20_000 });
  await expect(partial).toHaveAttribute('data-toast-type', 'blank');
  await expect(page.getByText('2 voters imported, 0 updated, 1 warning, 1 error', { exact: true })).toBeVisible();
  await expect(page.getByText('Columns not recognised (ignored): Shoe Size')).toBeVisible();
  const table = page.getByRole('table', { name: 'Rows not imported' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(['4', 'Mobile Number', 'Mobile Number must be 10 digits'].join(''));
  const warnings = page.getByRole('table', { name: 'Values not placed' });
  await expect(warnings.getByRole('row')).toHaveCount(2);
  await expect(warnings.getByRole('row').nth(1)).toContainText(['3', 'व्यवसाय', 'Astronaut', 'Not in its list', 'Other'].join(''));
  await page.screenshot({ path: testInfo.outputPath('import-desktop.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download errors' }).click()]);
  expect(download.suggestedFilename()).toBe('voter_import_errors.csv');
  const text = await readFile(await download.path(), 'utf8');
  expect(text).toContain('"4","Mobile Number","Mobile Number must be 10 digits"');
  const [warningsDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download warnings' }).click()]);
  expect(warningsDownload.suggestedFilename()).toBe('voter_import_warnings.csv');
  const warningsText = await readFile(await warningsDownload.path(), 'utf8');
  expect(warningsText).toContain('"Row","Column","Value in the file","Problem","Saved as"');
  expect(warningsText).toContain('"3","व्यवसाय","Astronaut","Not in its list","Other"');

  // Importing the same file again reports the voter IDs as existing: nothing saved, so not a success.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const nothing = page.locator('[data-toast-type]').filter({ hasText: 'Import completed! 0 voters imported, 3 errors' });
  await expect(nothing).toBeVisible({ timeout: 20_000 });
  await expect(nothing).toHaveAttribute('data-toast-type', 'error');
  await expect(page.getByRole('table', { name: 'Values not placed' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('import-phone.png'), fullPage: true });
});

test('should say a damaged .xlsx could not be read as a spreadsheet, and a wrong type is unsupported', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=import');
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'voters.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('not a zip: a damaged workbook') });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This file could not be read as an Excel spreadsheet. It may be damaged or password-protected' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Unsupported file type')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('import-damaged.png') });

  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'voters.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unsupported file type: use .xlsx, .xls or .csv' })).toBeVisible({ timeout: 20_000 });
});

test('should export the filtered voters of the search tab as an Excel file', async ({ page }) => {
  const suffix = Date.now().toString().slice(-6);
  const token = await apiToken(page, E2E_USERS.admin);
  const csv = ['Voter Number,Full Name,Voter ID,Booth,Gender', `1,Export Woman ${suffix},EX${suffix}A,Booth-32,Female`, `2,Export Man ${suffix},EX${suffix}B,Booth-32,Male`].join('\n');
  const imported = await page.request.post('/api/voters/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'seed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(await imported.json()).toMatchObject({ imported: 2, errors: 0 });

  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=search&booth=Booth-32&gender=Female');
  await expect(page.getByTestId('found-count')).toHaveText('Found 1 voter', { timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
  await expect(page.getByText('Export completed successfully')).toBeVisible({ timeout: 20_000 });
  expect(download.suggestedFilename()).toMatch(/^voters_export_\d{4}-\d{2}-\d{2}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]?.slice(0, 3)).toEqual(['Voter Number', 'Full Name', 'Voter ID']);
  expect(rows.slice(1).map((row) => row[1])).toEqual([`Export Woman ${suffix}`]);
});
