import { expect, type Page, test } from '@playwright/test';
import { box, cover, fakeRollPdf, rollOfBoxes } from '../server/test/rolls/fake-roll-reader';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';
import { textRollPdf } from './support/text-roll-pdf';

// Issue 19, the roll import on the Import/Export tab: upload, progress, review with the box's
// image beside its text, a correction saved with Enter, commit, and the voter found afterwards.

const suffix = () => Date.now().toString().slice(-6);

async function uploadRoll(page: Page, name: string, buffer: Buffer) {
  await page.goto('/voters?tab=import');
  await expect(page.getByRole('heading', { name: 'Import an electoral roll (PDF)' })).toBeVisible();
  await page.getByLabel('Roll PDF files').setInputFiles({ name, mimeType: 'application/pdf', buffer });
  await page.getByRole('button', { name: 'Upload and read' }).click();
  await expect(page.getByText('Uploaded: the roll is being read')).toBeVisible();
  return page.getByRole('listitem').filter({ hasText: name });
}

test('should read a roll, show the entry to check beside its image, save a correction with Enter, commit, and find the voter', async ({ page }, testInfo) => {
  const id = suffix();
  const epic = (serial: number) => `RIE${id}${serial}`;
  // Reading here is the API tests' test double (the file carries its pages): this spec is about the screens.
  const roll = rollOfBoxes(
    [
      box(1, { partNo: 44, epic: epic(1), fullName: `सुनील पाटील ${id}`, relativeName: 'रामराव पाटील', age: 41 }),
      box(2, { partNo: 44, epic: epic(2), fullName: `सुनीता पाटील ${id}`, relation: 'husband', relativeName: `सुनील पाटील ${id}`, gender: 'Female', age: 37 }),
      box(3, { partNo: 44, epic: epic(3), fullName: 'गणेष', confidence: { ...box(3).confidence, fullName: 0.41 } }),
    ],
    cover({ partNo: 44, pollingStationNumber: 44, totals: { male: 2, female: 1, third: 0, total: 3 } }),
    250,
  );
  const name = `part-44-${id}.pdf`;

  await signIn(page, E2E_USERS.admin);
  const item = await uploadRoll(page, name, fakeRollPdf(roll));
  await expect(item.getByText('Ready for review')).toBeVisible({ timeout: 20_000 });
  await item.getByRole('link', { name: 'Review' }).click();

  await expect(page.getByRole('heading', { name: `Review: ${name}` })).toBeVisible();
  await expect(page.getByText('The count matches the printed total')).toBeVisible();
  await page.getByRole('button', { name: 'To check (1)' }).click();
  await expect(page).toHaveURL(/rollFilter=flagged/);
  const entry = page.getByRole('form', { name: 'Entry 3' });
  await expect(entry).toBeVisible();
  await expect(page.getByRole('img', { name: 'The entry as printed on the roll' })).toBeVisible();
  const nameField = entry.getByLabel('Full Name · 41% sure');
  await nameField.fill(`गणेश शिंदे ${id}`);
  await page.screenshot({ path: testInfo.outputPath('roll-review-desktop.png'), fullPage: true });
  await nameField.press('Enter');
  await expect(page.getByText('Entry saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'To check (0)' })).toBeVisible();

  await page.getByRole('button', { name: 'All (3)' }).click();
  await expect(page.getByLabel('Booth')).toHaveValue('Booth-44');
  await page.getByRole('button', { name: 'Save to voter records' }).click();
  await expect(page.getByText('Saved: 3 new, 0 updated, 0 unchanged, 0 deleted, 0 not applied').first()).toBeVisible();
  await page.getByRole('link', { name: 'See the voters of Booth-44' }).click();
  await expect(page.getByText(`गणेश शिंदे ${id}`).first()).toBeVisible();
  await expect(page.getByText(`सुनीता पाटील ${id}`).first()).toBeVisible();
});

test('should show a revision against the stored voters on a phone and delete only the ticked voter', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = suffix();
  const epic = (serial: number) => `RIR${id}${serial}`;
  const first = rollOfBoxes(
    [1, 2, 3].map((serial) => box(serial, { partNo: 45, epic: epic(serial), fullName: `जुना मतदार ${serial} ${id}`, age: 50 })),
    cover({ partNo: 45 }),
  );
  await signIn(page, E2E_USERS.admin);
  let item = await uploadRoll(page, `part-45-a-${id}.pdf`, fakeRollPdf(first));
  await expect(item.getByText('Ready for review')).toBeVisible({ timeout: 20_000 });
  await item.getByRole('link', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Save to voter records' }).click();
  await expect(page.getByText('Saved: 3 new').first()).toBeVisible();

  // The next revision: voter 2 is a year older, voter 3 is gone, voter 4 is new.
  const next = rollOfBoxes(
    [
      box(1, { partNo: 45, epic: epic(1), fullName: `जुना मतदार 1 ${id}`, age: 50 }),
      box(2, { partNo: 45, epic: epic(2), fullName: `जुना मतदार 2 ${id}`, age: 51 }),
      box(4, { partNo: 45, epic: epic(4), fullName: `नवीन मतदार ${id}`, age: 19 }),
    ],
    cover({ partNo: 45 }),
  );
  item = await uploadRoll(page, `part-45-b-${id}.pdf`, fakeRollPdf(next));
  await expect(item.getByText('Ready for review')).toBeVisible({ timeout: 20_000 });
  await item.getByRole('link', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Changed (1)' }).click();
  await expect(page.getByText('Age: 50 → 51')).toBeVisible();
  await expect(page.getByText('Voters no longer on the roll')).toBeVisible();
  const gone = page.getByRole('checkbox', { name: `जुना मतदार 3 ${id}` });
  await expect(gone).not.toBeChecked();
  await gone.check();
  await page.screenshot({ path: testInfo.outputPath('roll-revision-phone.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Save to voter records' }).click();
  await expect(page.getByText('Saved: 1 new, 1 updated, 1 unchanged, 1 deleted, 0 not applied').first()).toBeVisible();
});

// Needs the roll reader (branch rollread): a generated English roll with a text layer goes
// through the real reader, the screens and the commit.
test('should import a generated English text-layer roll through the real reader', async ({ page }) => {
  test.setTimeout(120_000);
  const id = suffix();
  const luhnEpic = (prefix: string, six: string) => {
    const digits = [...six].map(Number);
    let sum = 0;
    for (let index = 0; index < digits.length; index += 1) {
      let digit = digits[digits.length - 1 - index]!;
      if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return `${prefix}${six}${(10 - (sum % 10)) % 10}`;
  };
  const pdf = textRollPdf({
    constituency: '77 - Digras',
    part: 46,
    pollingStation: 'Zilla Parishad School Room 1',
    voters: [
      { serial: 1, epic: luhnEpic('TXR', id), name: `Ramesh Patil`, relation: 'Father', relative: 'Shivaji Patil', house: '12', age: 41, gender: 'Male' },
      { serial: 2, epic: luhnEpic('TXS', id), name: `Sunita Patil`, relation: 'Husband', relative: 'Ramesh Patil', house: '12', age: 37, gender: 'Female' },
      { serial: 3, epic: luhnEpic('TXT', id), name: `Ganesh Jadhav`, relation: 'Father', relative: 'Baburao Jadhav', house: '14', age: 29, gender: 'Male' },
    ],
  });
  await signIn(page, E2E_USERS.admin);
  const item = await uploadRoll(page, `text-roll-${id}.pdf`, pdf);
  // Ends one way or the other; a failure shows the reader's message here.
  await expect(item.getByText(/^(Ready for review|Failed)$/)).toBeVisible({ timeout: 90_000 });
  await expect(item).not.toContainText('Failed');
  await expect(item.getByText('Ready for review')).toBeVisible();
  await item.getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('button', { name: 'All (3)' })).toBeVisible();
  await expect(page.getByLabel('Booth')).toHaveValue('Booth-46');
  const entry = page.getByRole('form', { name: 'Entry 3' });
  await entry.getByLabel(/^House No/).fill('14A');
  await entry.getByLabel(/^House No/).press('Enter');
  await expect(page.getByText('Entry saved')).toBeVisible();
  await page.getByRole('button', { name: 'Save to voter records' }).click();
  await expect(page.getByText('Saved: 3 new').first()).toBeVisible();
  await page.goto(`/voters?tab=search&search=${luhnEpic('TXT', id)}`);
  await expect(page.getByText('Ganesh Jadhav').first()).toBeVisible();
});
