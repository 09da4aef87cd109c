import { expect, type APIRequestContext, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 20, on a phone: a Supervisor's coverage view on their home screen (Booths › Coverage), in
// Marathi, and My voters grouped by confirmed households. Booths 361–364 are this file's own; its
// Supervisors and Karyakartas are new users (the seeded ones keep their language and booths for
// the other specs).
async function createUser(request: APIRequestContext, token: string, user: { username: string; full_name: string; role: string; booth_access: string[] }) {
  const created = await request.post('/api/users', { headers: { authorization: `Bearer ${token}` }, data: { ...user, password: 'Field-Pass-42!', mobile: '9876543210' } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should show a Supervisor in Marathi their booths’ classes, coverage by booth and by worker, and support, and nothing of other booths', async ({ page, request }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const token = await apiToken(request, E2E_USERS.admin);
    const headers = { authorization: `Bearer ${token}` };
    const supervisor = { username: `cov_sup_${suffix}`, full_name: `Kavita Supervisor ${suffix}`, role: 'Supervisor', booth_access: ['Booth-361', 'Booth-362'] };
    const workerName = `Nitin Worker ${suffix}`;
    await createUser(request, token, supervisor);
    const workerId = await createUser(request, token, { username: `cov_kk_${suffix}`, full_name: workerName, role: 'Karyakarta', booth_access: ['Booth-361'] });
    const ids: number[] = [];
    for (const serial of ['1', '2', '3']) ids.push(await createVoterViaApi(request, token, { voter_no: serial, voter_id: `CO${suffix.toUpperCase()}${serial}`, full_name: `Coverage Voter ${serial} ${suffix}`, booth: 'Booth-361', part_serial: serial }));
    await createVoterViaApi(request, token, { voter_no: '1', voter_id: `CO${suffix.toUpperCase()}X`, full_name: `Other Booth ${suffix}`, booth: 'Booth-363' });
    expect((await request.put('/api/booths/361/assignments', { headers, data: { user_id: workerId, pages: { from: 1, to: 1 } } })).status()).toBe(200);
    const contact = await request.post(`/api/voters/${ids[0]}/contacts`, { headers, data: { channel: 'visit', outcome: 'strong_supporter' } });
    expect(contact.status(), await contact.text()).toBe(201);

    await page.goto('/login');
    await page.getByLabel('Display language').selectOption({ label: 'मराठी' });
    await page.getByLabel('वापरकर्तानाव').fill(supervisor.username);
    await page.getByLabel('पासवर्ड', { exact: true }).fill('Field-Pass-42!');
    await page.getByRole('button', { name: 'लॉग इन' }).click();
    // A Supervisor's home screen is Booths; the coverage view is a tab of it.
    await expect(page).toHaveURL(/\/booths$/);
    await page.getByRole('tab', { name: 'संपर्क स्थिती' }).click();
    await expect(page).toHaveURL(/\/booths\?view=coverage$/);

    const view = page.getByTestId('booth-analytics');
    await expect(view.getByRole('heading', { name: 'वर्ग व संपर्क' })).toBeVisible();
    const cards = view.getByTestId('coverage-booth-card');
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ hasText: 'Booth-361' });
    await expect(card).toContainText('1 (33.3%)');
    await expect(card.getByTestId('booth-class')).toHaveText('वर्ग A');
    await expect(view.getByText('Booth-363')).toHaveCount(0);
    await expect(view.getByTestId('class-count-A')).toContainText('1');
    await expect(view.getByTestId('booth-support')).toContainText('1');

    const worker = view.getByTestId('coverage-worker-card').filter({ hasText: workerName });
    await expect(worker).toContainText('3 पैकी 1 मतदारांशी संपर्क (33.3%)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Each booth card opens the booth page; the list tab is one tap back.
    await card.click();
    await expect(page).toHaveURL(/\/booths\/361$/);
    await page.goBack();
    await page.getByRole('tab', { name: 'बूथ' }).click();
    await expect(page).toHaveURL(/\/booths$/);
    await expect(page.getByTestId('booth-card')).toHaveCount(2);
  });

  test('should show a Karyakarta on My voters a confirmed household with its head first, and the other voters of the house by house number', async ({ page, request }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const token = await apiToken(request, E2E_USERS.admin);
    const headers = { authorization: `Bearer ${token}` };
    const worker = { username: `hh_kk_${suffix}`, full_name: `Sachin Worker ${suffix}`, role: 'Karyakarta', booth_access: ['Booth-364'] };
    const workerId = await createUser(request, token, worker);
    const id = (letter: string) => `HH${suffix.toUpperCase()}${letter}`;
    // Serial order puts the son first; the household record makes the father its head.
    await createVoterViaApi(request, token, { voter_no: '1', voter_id: id('A'), full_name: `Amol Kale ${suffix}`, father_husband_name: `Shivaji Kale ${suffix}`, booth: 'Booth-364', part_serial: '1', house_no: '12', age: '30', gender: 'Male' });
    const father = await createVoterViaApi(request, token, { voter_no: '2', voter_id: id('B'), full_name: `Shivaji Kale ${suffix}`, booth: 'Booth-364', part_serial: '2', house_no: '12', age: '62', gender: 'Male' });
    const proposed = await request.post('/api/households/propose', { headers, data: { booth: 'Booth-364' } });
    expect(proposed.status(), await proposed.text()).toBe(200);
    const list = (await (await request.get('/api/households?booth=Booth-364', { headers })).json()) as { households: { id: number; version: number; house_no: string }[] };
    const household = list.households.find((row) => row.house_no === '12')!;
    const confirmed = await request.post(`/api/households/${household.id}/confirm`, { headers, data: { version: household.version, head_voter_id: father } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    // A voter of the same house outside the household stays grouped by its house number.
    await createVoterViaApi(request, token, { voter_no: '3', voter_id: id('C'), full_name: `Ravi Jadhav ${suffix}`, booth: 'Booth-364', part_serial: '3', house_no: '12', age: '41', gender: 'Male' });
    expect((await request.put('/api/booths/364/assignments', { headers, data: { user_id: workerId, pages: { from: 1, to: 1 } } })).status()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Username').fill(worker.username);
    await page.getByLabel('Password', { exact: true }).fill('Field-Pass-42!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/my-voters$/);
    const households = page.getByTestId('my-household');
    await expect(households).toHaveCount(2);
    const family = households.filter({ has: page.getByTestId('confirmed-household') });
    await expect(family.getByTestId('confirmed-household')).toHaveText('Confirmed household');
    await expect(family.getByTestId('my-voter').first()).toContainText(`Shivaji Kale ${suffix}`);
    await expect(family.getByTestId('my-voter').first().getByTestId('household-head')).toHaveText('Head of household');
    await expect(family.getByTestId('my-voter')).toHaveCount(2);
    const rest = households.filter({ hasNot: page.getByTestId('confirmed-household') });
    await expect(rest.getByTestId('my-voter')).toHaveText([new RegExp(`Ravi Jadhav ${suffix}`)]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

// Issue 20: two people giving out the same pages at once. Booth-365 is this test's own.
test('should show an Admin who holds the pages now when someone else took them meanwhile, and assign once confirmed', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-6);
  const token = await apiToken(request, E2E_USERS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const mine = `Meera Page ${suffix}`;
  const theirs = `Omkar Page ${suffix}`;
  await createUser(request, token, { username: `as_a_${suffix}`, full_name: mine, role: 'Karyakarta', booth_access: ['Booth-365'] });
  const otherId = await createUser(request, token, { username: `as_b_${suffix}`, full_name: theirs, role: 'Karyakarta', booth_access: ['Booth-365'] });
  await createVoterViaApi(request, token, { voter_no: '75', voter_id: `AS${suffix.toUpperCase()}A`, full_name: `Assign Voter ${suffix}`, booth: 'Booth-365', part_serial: '75' });

  await signIn(page, E2E_USERS.admin);
  await page.goto('/booths/365');
  const form = page.getByRole('form', { name: 'Assign Pages' });
  await form.getByLabel('From Page').fill('1');
  await form.getByLabel('To Page').fill('3');
  await form.getByLabel('Karyakarta').selectOption({ label: mine });
  // Meanwhile someone else gives pages 2-3 to Omkar: this page still shows them free.
  expect((await request.put('/api/booths/365/assignments', { headers, data: { user_id: otherId, pages: { from: 2, to: 3 } } })).status()).toBe(200);

  await form.getByRole('button', { name: 'Assign', exact: true }).click();
  const conflict = form.getByTestId('assign-conflict');
  await expect(conflict).toContainText('Someone else now holds some of these');
  await expect(conflict).toContainText(`${theirs}: Pages 2–3`);
  await expect(page.getByTestId('booth-worker').filter({ hasText: mine })).toHaveCount(0);

  await conflict.getByRole('button', { name: 'Assign anyway' }).click();
  await expect(page.getByText(`Pages 1–3 of Booth-365 assigned to ${mine}`)).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByTestId('booth-worker').filter({ hasText: mine })).toContainText('Pages 1–3');
  await expect(page.getByTestId('booth-worker').filter({ hasText: theirs })).toHaveCount(0);
});
