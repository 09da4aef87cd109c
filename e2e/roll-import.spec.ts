import { expect, type Page, test } from '@playwright/test';
import { box, cover, fakeRollPdf, rollOfBoxes } from '../server/test/rolls/fake-roll-reader';
import { apiToken, createVoterViaApi } from './support/api';
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
  await expect(page.getByLabel('Which booth do these voters go to?')).toHaveValue('Booth-44');
  await expect(page.getByText('Booth-44 records part 44')).toBeVisible();
  await page.getByRole('button', { name: 'Save to voter records' }).click();
  // Saving a whole roll asks first, with the count (issue 54).
  const dialog = page.getByRole('dialog', { name: 'Save this roll to the voter records?' });
  await expect(dialog.getByText('Into Booth-44: 3 new, 0 changed, 0 deleted — 3 voters in all.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
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
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
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
  await expect(page.getByRole('dialog').getByText('Into Booth-45: 1 new, 1 changed, 1 deleted — 3 voters in all.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: 1 new, 1 updated, 1 unchanged, 1 deleted, 0 not applied').first()).toBeVisible();
});

test('should ask which booth a roll of a part no booth records goes to, and save it there only once the difference is confirmed', async ({ page }, testInfo) => {
  const id = suffix();
  const epic = (serial: number) => `RIB${id}${serial}`;
  // Part 900: no booth records it (booths hold parts 1 to 396), as a ward list's part 128 of ward 15.
  const roll = rollOfBoxes(
    [1, 2].map((serial) => box(serial, { partNo: 900, epic: epic(serial), fullName: `दुसरा भाग ${serial} ${id}` })),
    cover({ partNo: 900, pollingStationNumber: 12, pollingStationName: 'नगर परिषद शाळा क्र. 3' }),
  );
  await signIn(page, E2E_USERS.admin);
  const item = await uploadRoll(page, `part-900-${id}.pdf`, fakeRollPdf(roll));
  await expect(item.getByText('Ready for review')).toBeVisible({ timeout: 20_000 });
  await item.getByRole('link', { name: 'Review' }).click();

  // What the roll says, and the question.
  await expect(page.getByRole('heading', { name: 'What the roll says' })).toBeVisible();
  await expect(page.getByText('12 - नगर परिषद शाळा क्र. 3')).toBeVisible();
  await expect(page.getByText('No booth records part 900. Choose the booth these voters go to.')).toBeVisible();
  await expect(page.getByText('Choose the booth to see its voters the roll does not list.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to voter records' })).toBeDisabled();

  await page.getByLabel('Which booth do these voters go to?').selectOption('Booth-47');
  await expect(page.getByText('Booth chosen: the review now compares with Booth-47')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This roll is not of Booth-47' })).toContainText('The roll is part 900; Booth-47 is part 47.');

  // The save line follows unticking.
  await expect(page.getByText('2 new and 0 changed voters')).toBeVisible();
  await page.getByRole('form', { name: 'Entry 2' }).getByRole('checkbox', { name: 'Apply to voter records' }).uncheck();
  await expect(page.getByText('1 new and 0 changed voters')).toBeVisible();

  await page.getByRole('button', { name: 'Save to voter records' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this roll to the voter records?' });
  await expect(dialog.getByText('Into Booth-47: 1 new, 0 changed, 0 deleted — 1 voter in all.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Record part 900 as the part number of Booth-47' })).not.toBeChecked();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I have checked: save this roll into Booth-47 all the same' }).check();
  await page.screenshot({ path: testInfo.outputPath('roll-booth-difference.png'), fullPage: true });
  await save.click();
  await expect(page.getByText('Saved: 1 new, 0 updated, 0 unchanged, 0 deleted, 1 not applied').first()).toBeVisible();
  await page.goto(`/voters?tab=search&search=${epic(1)}`);
  await expect(page.getByText(`दुसरा भाग 1 ${id}`).first()).toBeVisible();
});

test("should mark a voter deleted on purpose and unticked, and keep a colleague's later edit, showing it again", async ({ page, request }) => {
  const id = suffix();
  const epic = (serial: number) => `RIC${id}${serial}`;
  // A colleague's voters of Booth-49 (part 49): one deleted on purpose, one renamed after the review opens.
  const token = await apiToken(request, E2E_USERS.superAdmin);
  const deletedId = await createVoterViaApi(request, token, { voter_no: '1', full_name: `वगळलेला ${id}`, voter_id: epic(1), booth: 'Booth-49', part_serial: '1' });
  expect((await request.delete(`/api/voters/${deletedId}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  const keptId = await createVoterViaApi(request, token, { voter_no: '2', full_name: `मतदार दोन ${id}`, voter_id: epic(2), booth: 'Booth-49', part_serial: '2', age: '32', gender: 'Male', house_no: '2', father_husband_name: 'वडील नाव', relation_type: 'Father' });
  const roll = rollOfBoxes([box(1, { partNo: 49, epic: epic(1), fullName: `वगळलेला ${id}` }), box(2, { partNo: 49, epic: epic(2), fullName: `मतदार दोन ${id}` })], cover({ partNo: 49 }));

  await signIn(page, E2E_USERS.admin);
  const item = await uploadRoll(page, `part-49-${id}.pdf`, fakeRollPdf(roll));
  await expect(item.getByText('Ready for review')).toBeVisible({ timeout: 20_000 });
  await item.getByRole('link', { name: 'Review' }).click();
  const deletedEntry = page.getByRole('listitem').filter({ has: page.getByRole('form', { name: 'Entry 1' }) });
  await expect(deletedEntry.getByText('Deleted on purpose', { exact: true })).toBeVisible();
  await expect(deletedEntry.getByRole('checkbox', { name: 'Apply to voter records' })).not.toBeChecked();

  // The colleague renames voter 2 after the review showed it.
  const current = await request.get(`/api/voters/${keptId}`, { headers: { authorization: `Bearer ${token}` } });
  const version = ((await current.json()) as { version: number }).version;
  expect((await request.put(`/api/voters/${keptId}`, { headers: { authorization: `Bearer ${token}` }, data: { full_name: `बदललेले नाव ${id}`, version } })).ok()).toBe(true);

  await page.getByRole('button', { name: 'Save to voter records' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('1 entry not saved: changed by someone else after the review')).toBeVisible();
  await expect(page.getByText('Some voters were changed by someone else after the review and were not saved; check them and save again')).toBeVisible();
  await page.getByRole('button', { name: 'Changed by someone since (1)' }).click();
  await expect(page.getByText(`Full Name: बदललेले नाव ${id} → मतदार दोन ${id}`)).toBeVisible();
  await expect(page.getByText('Changed by someone else after this review: the save leaves it.', { exact: false })).toBeVisible();
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
  await expect(page.getByLabel('Which booth do these voters go to?')).toHaveValue('Booth-46');
  const entry = page.getByRole('form', { name: 'Entry 3' });
  await entry.getByLabel(/^House No/).fill('14A');
  await entry.getByLabel(/^House No/).press('Enter');
  await expect(page.getByText('Entry saved')).toBeVisible();
  await page.getByRole('button', { name: 'Save to voter records' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: 3 new').first()).toBeVisible();
  await page.goto(`/voters?tab=search&search=${luhnEpic('TXT', id)}`);
  await expect(page.getByText('Ganesh Jadhav').first()).toBeVisible();
});
