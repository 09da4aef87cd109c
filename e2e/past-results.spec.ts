import { expect, type Page, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 61 (decision 076): the office imports a Form-20 sheet under Voter Import and sees each
// booth's past results on its page, in English on a desktop and in Marathi on a phone. Booths
// 371 and 372 are this file's own.
const FORM_20 = [
  'Part No,Ramesh Patil (BJP),Sunil More - Congress,Asha Jadhav,NOTA,Total Electors,Votes Polled',
  '371,412,305,48,9,1020,790',
  '372,120,488,22,4,905,650',
  'Total,532,793,70,13,1925,1440',
].join('\n');
const REFUSED = ['Booth,BJP,Congress,Total Electors,Votes Polled', '371,400,500,1000,800', 'Booth-999,1,1,10,5'].join('\n');

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test('should import a results sheet, refuse a wrong one with its rows, and show the results on the booth page', async ({ page }, testInfo) => {
  const year = String(1990 + (Date.now() % 30));
  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=import');
  const panel = page.getByTestId('results-import');
  await expect(panel.getByRole('heading', { name: 'Past election results (Form 20)' })).toBeVisible();

  // A wrong sheet: its rows and reasons, nothing saved.
  await panel.getByLabel('Results file (.xlsx, .xls or .csv)').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from(REFUSED) });
  await panel.getByLabel('Election', { exact: true }).fill('Digras Vidhan Sabha');
  await panel.getByLabel('Year', { exact: true }).fill(year);
  await panel.getByRole('button', { name: 'Import results' }).click();
  await expect(panel.getByTestId('results-answer')).toContainText('2 rows refused; nothing was saved.');
  await expect(panel.getByTestId('refused-row').first()).toContainText("The candidates' votes (900) are more than the votes polled (800)");
  await expect(panel.getByTestId('refused-row').nth(1)).toContainText('"Booth-999" is not a booth');

  // The right sheet: checked first, then imported.
  await panel.getByLabel('Results file (.xlsx, .xls or .csv)').setInputFiles({ name: 'form20.csv', mimeType: 'text/csv', buffer: Buffer.from(FORM_20) });
  await panel.getByRole('button', { name: 'Check the file' }).click();
  await expect(panel.getByTestId('results-answer')).toContainText('2 booths and 4 candidates read. Nothing is saved yet.');
  await expect(panel.getByTestId('results-answer')).toContainText('BJP · Ramesh Patil');
  await panel.getByRole('button', { name: 'Import results' }).click();
  await expect(panel.getByTestId('results-answer')).toContainText('Results of 2 booths imported');
  await expect(panel.getByTestId('imported-elections')).toContainText(`Digras Vidhan Sabha · Assembly ${year} · 2 booths`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.screenshot({ path: testInfo.outputPath('past-results-import-en-1280.png') });

  await page.goto('/booths/371');
  const section = page.getByTestId('booth-past-results');
  await expect(section.getByRole('heading', { name: 'Past results' })).toBeVisible();
  const table = section.getByTestId('past-result').filter({ hasText: year });
  await expect(table).toContainText('Turnout 77.5% (790 of 1,020 electors)');
  await expect(table.getByRole('row').nth(1)).toContainText('BJP');
  await expect(table.getByRole('row').nth(1)).toContainText('412');
  await expect(table.getByRole('row').nth(1)).toContainText('52.2%');
  await section.screenshot({ path: testInfo.outputPath('past-results-booth-en-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideScroll(page);
  await section.screenshot({ path: testInfo.outputPath('past-results-booth-en-390.png') });

});

test.describe('on a phone in Marathi', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should show an office user the past results and the import screen in Marathi without sideways scrolling', async ({ page, request }, testInfo) => {
    const suffix = Date.now().toString(36).slice(-6);
    const token = await apiToken(request, E2E_USERS.superAdmin);
    const headers = { authorization: `Bearer ${token}` };
    const admin = { username: `pr_admin_${suffix}`, full_name: `Meena Office ${suffix}`, role: 'Admin', booth_access: ['Admin'] };
    const created = await request.post('/api/users', { headers, data: { ...admin, password: 'Office-Pass-42!', mobile: '9876543210' } });
    expect(created.status(), await created.text()).toBe(201);
    const form = { name: `Yavatmal-Washim ${suffix}`, year: '2024', kind: 'lok_sabha', replace: 'true' };
    const imported = await request.post('/api/election-results/import', {
      headers,
      multipart: { ...form, file: { name: 'form20.csv', mimeType: 'text/csv', buffer: Buffer.from(FORM_20) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Display language').selectOption({ label: 'मराठी' });
    await page.getByLabel('वापरकर्तानाव').fill(admin.username);
    await page.getByLabel('पासवर्ड', { exact: true }).fill('Office-Pass-42!');
    await page.getByRole('button', { name: 'लॉग इन' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/booths/372');
    const section = page.getByTestId('booth-past-results');
    await expect(section.getByRole('heading', { name: 'मागील निकाल' })).toBeVisible();
    const table = section.getByTestId('past-result').filter({ hasText: form.name });
    await expect(table).toContainText('लोकसभा 2024');
    await expect(table).toContainText('मतदान 71.8% (905 मतदारांपैकी 650)');
    await expect(table.getByRole('row').nth(1)).toContainText('काँग्रेस');
    await noSideScroll(page);
    await section.screenshot({ path: testInfo.outputPath('past-results-booth-mr-390.png') });
    await expect(page.getByTestId('booth-class-rule')).toContainText('लागू नियम');

    await page.goto('/voters?tab=import');
    const panel = page.getByTestId('results-import');
    await expect(panel.getByRole('heading', { name: 'मागील निवडणुकांचे निकाल (फॉर्म 20)' })).toBeVisible();
    await expect(panel.getByTestId('imported-elections')).toContainText(form.name);
    await noSideScroll(page);
    await panel.screenshot({ path: testInfo.outputPath('past-results-import-mr-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/booths/372');
    await expect(page.getByTestId('booth-past-results').getByRole('heading', { name: 'मागील निकाल' })).toBeVisible();
    await page.getByTestId('booth-past-results').screenshot({ path: testInfo.outputPath('past-results-booth-mr-1280.png') });
  });
});
