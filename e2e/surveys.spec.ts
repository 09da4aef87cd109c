import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { setOfflinePin } from './support/offline-pin';
import { signIn } from './support/session';

// Issue 61, surveys (on both databases): the office writes a household survey for a booth and opens it; a Karyakarta
// on a 390 px phone takes it for a household while offline, and it reaches the server once when
// the connection returns; the office sees the results. Booth-381 is this file's own; its
// Karyakarta is a new user (the seeded ones keep their booths for the other specs).
const BOOTH = 'Booth-381';

async function createUser(request: APIRequestContext, token: string, user: { username: string; full_name: string; role: string; booth_access: string[] }) {
  const created = await request.post('/api/users', { headers: { authorization: `Bearer ${token}` }, data: { ...user, password: 'Field-Pass-42!', mobile: '9876543210' } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

// Through the phone's menu (a slide-over): the screen changes without a reload, so the PIN's key
// stays in memory and what the screen fetches is kept on the phone.
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name }).click();
}

test('should let the office open a household survey, a Karyakarta take it offline on a phone, and the office read the results', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36).slice(-6);
  const token = await apiToken(request, E2E_USERS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const worker = { username: `sv_kk_${suffix}`, full_name: `Survey Worker ${suffix}`, role: 'Karyakarta', booth_access: [BOOTH] };
  const workerId = await createUser(request, token, worker);
  const names = ['Sunita', 'Ramesh', 'Kavita'].map((name) => `${name} Pawar ${suffix}`);
  const voterIds: number[] = [];
  for (const [index, name] of names.entries()) {
    voterIds.push(await createVoterViaApi(request, token, { voter_no: String(index + 1), voter_id: `SV${suffix.toUpperCase()}${index}`, full_name: name, booth: BOOTH, part_serial: String(index + 1), house_no: '21', age: String(30 + index * 20) }));
  }
  expect((await request.put('/api/booths/381/assignments', { headers, data: { user_id: workerId, pages: { from: 1, to: 1 } } })).status()).toBe(200);

  // The office writes the survey: of each household, in Booth-381; the second question only
  // when the first is answered No.
  const title = `Water survey ${suffix}`;
  await signIn(page, E2E_USERS.admin);
  await page.goto('/surveys');
  await page.getByRole('button', { name: 'New survey' }).click();
  const form = page.getByRole('dialog', { name: 'New survey' });
  await form.getByLabel('Asked of').selectOption({ label: 'Each household' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Add a booth').selectOption(BOOTH);
  const first = form.getByRole('region', { name: 'Question 1' });
  await first.getByRole('textbox', { name: 'Question', exact: true }).fill('Tap water at home?');
  await first.getByLabel('An answer is required').check();
  await first.getByRole('textbox', { name: 'Option 1' }).fill('Yes');
  await first.getByRole('textbox', { name: 'Option 2' }).fill('No');
  await form.getByRole('button', { name: 'Add a question' }).click();
  const second = form.getByRole('region', { name: 'Question 2' });
  await second.getByRole('textbox', { name: 'Question', exact: true }).fill('Tanker days a week');
  await second.getByLabel('Kind of answer').selectOption({ label: 'Number' });
  await second.getByLabel('Highest').fill('7');
  await second.getByLabel('Show only if').selectOption({ label: 'Question 1: Tap water at home?' });
  await second.getByLabel('is answered').selectOption({ label: 'No' });
  await page.getByRole('button', { name: 'Save survey' }).click();
  await expect(page).toHaveURL(/\/surveys\/\d+$/);
  const surveyId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Shown if “Tap water at home?” is answered “No”')).toBeVisible();
  await page.getByRole('button', { name: 'Open survey' }).click();
  await page.getByRole('dialog', { name: 'Open this survey?' }).getByRole('button', { name: 'Open survey' }).click();
  await expect(page.getByText('Survey opened: the field workers of its booths can answer it')).toBeVisible();

  // The Karyakarta, on a phone: their copy of the booth kept under a PIN, then My voters.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const worker390 = await phone.newPage();
  await signIn(worker390, { ...worker, password: 'Field-Pass-42!' });
  await setOfflinePin(worker390);
  await openFromMenu(worker390, 'My voters');
  await expect(worker390).toHaveURL(/\/my-voters$/);
  const household = worker390.getByTestId('my-household').filter({ hasText: 'House 21' });
  const surveyButton = household.getByRole('button', { name: new RegExp(`Survey: ${title}`) });
  await expect(surveyButton).toContainText('Not answered');

  // No connection in the village: the answers wait on the phone.
  await phone.setOffline(true);
  await expect(worker390.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await surveyButton.click();
  const sheet = worker390.getByRole('dialog', { name: `${title} · House 21` });
  await expect(sheet.getByTestId('survey-for')).toContainText('The answers are kept for 3 members');
  // The tanker question shows only once the first answer is No.
  await expect(sheet.getByRole('group', { name: 'Tanker days a week' })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Save answers' }).click();
  await expect(sheet.getByText('Answer this question')).toBeVisible();
  await sheet.getByRole('radio', { name: 'No' }).check();
  await sheet.getByRole('spinbutton', { name: 'Tanker days a week' }).fill('3');
  await worker390.screenshot({ path: test.info().outputPath('survey-sheet-390.png') });
  await sheet.getByRole('button', { name: 'Save answers' }).click();
  await expect(sheet).toBeHidden();
  await expect(worker390.getByText('Saved on this phone. It will be sent when the connection returns.')).toBeVisible();
  await expect(surveyButton).toContainText('Saved on this phone');
  await expect(worker390.getByRole('button', { name: 'waiting to send (1)' })).toBeVisible();
  expect(await worker390.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const stored = async () => ((await (await request.get(`/api/surveys/${surveyId}`, { headers })).json()) as { response_count: number; household_count: number });
  expect(await stored()).toMatchObject({ response_count: 0 });

  // Back online: sent once, kept for each member of the house.
  await phone.setOffline(false);
  await expect(worker390.getByRole('button', { name: /waiting to send/ })).toHaveCount(0, { timeout: 30_000 });
  expect(await stored()).toMatchObject({ response_count: 3, household_count: 1 });
  const card = (await (await request.get(`/api/voters/${voterIds[1]}/surveys`, { headers })).json()) as { answered: { response: { answers: Record<string, unknown>; answered_by_name: string } }[] };
  expect(card.answered[0]?.response).toMatchObject({ answers: { q1: 'o2', q2: 3 }, answered_by_name: worker.full_name });
  await phone.close();

  // The office reads the results, by support level and by age band.
  await page.reload();
  await expect(page.getByTestId('survey-results-totals')).toHaveText('3 voters answered for, in 1 household');
  const tap = page.getByRole('article', { name: 'Tap water at home?' });
  await expect(tap.getByTestId('survey-option-result').filter({ hasText: 'No' })).toContainText('3 (100%)');
  await page.getByLabel('Break down by').selectOption({ label: 'Age band' });
  await expect(tap.getByRole('columnheader')).toHaveText(['Answer', 'Total', '26-35', '46-55', '66+']);
  await expect(page.getByRole('article', { name: 'Tanker days a week' })).toContainText('3');
  await page.screenshot({ path: test.info().outputPath('survey-results.png'), fullPage: true });
});
