import { expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 20: booths and roll pages. An Admin gives a Karyakarta a range of pages from the booth
// page at desktop width; a Karyakarta works their voters from a phone. Both use the seeded
// Karyakarta (Booth-01) rather than new users: other specs count the users. The tests of this
// file run one after the other, and only they give Booth-01's voters serial numbers.
const worker = E2E_USERS.karyakarta;

test('should let an Admin open a booth from the voter table and assign pages 3 to 9 to a Karyakarta in one go', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-6);
  const token = await apiToken(request, E2E_USERS.admin);
  const voterName = `Roll Voter ${suffix}`;
  await createVoterViaApi(request, token, { voter_no: '75', voter_id: `PG${suffix.toUpperCase()}A`, full_name: voterName, booth: 'Booth-01', part_serial: '75', house_no: '21' });
  await createVoterViaApi(request, token, { voter_no: '260', voter_id: `PG${suffix.toUpperCase()}B`, full_name: `Last Page ${suffix}`, booth: 'Booth-01', part_serial: '260' });

  await signIn(page, E2E_USERS.admin);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Booths' }).click();
  await expect(page).toHaveURL(/\/booths$/);
  await expect(page.getByTestId('booth-row')).toHaveCount(396);
  await page.getByRole('searchbox', { name: 'Find a booth' }).fill('396');
  await expect(page.getByTestId('booth-row')).toHaveText([/Booth-396/]);

  // The voter table's Location column links the booth label to the booth page.
  await page.goto(`/voters?tab=search&search=${encodeURIComponent(voterName)}`);
  const row = page.getByTestId('voter-row').filter({ hasText: voterName });
  await row.getByRole('link', { name: 'Booth-01' }).click();
  await expect(page).toHaveURL(/\/booths\/1$/);
  await expect(page.getByRole('heading', { name: 'Booth-01' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Assign Pages' });
  await form.getByLabel('From Page').fill('3');
  await form.getByLabel('To Page').fill('9');
  await expect(form.getByText('7 pages: serials 61–270')).toBeVisible();
  await form.getByLabel('Karyakarta').selectOption({ label: worker.full_name });
  await form.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`Pages 3–9 of Booth-01 assigned to ${worker.full_name}`)).toBeVisible();
  const workerEntry = page.getByTestId('booth-worker').filter({ hasText: worker.full_name });
  await expect(workerEntry).toContainText('Pages 3–9');

  // The roll, a page at a time: page 3 holds serial 75 and names its worker.
  const roll = page.getByRole('region', { name: 'Voters in Roll Order' });
  await roll.getByLabel('Roll page').selectOption({ label: 'Page 3' });
  await expect(roll.getByTestId('roll-page-summary')).toHaveText(`Serials 61–90 · Held by ${worker.full_name}`);
  await expect(roll.getByTestId('roll-voter').filter({ hasText: voterName })).toBeVisible();
  await roll.getByRole('button', { name: 'Previous page' }).click();
  await expect(roll.getByTestId('roll-page-summary')).toHaveText('Serials 31–60 · No worker on this page yet');

  // Taking one page back leaves the rest with the worker; then the rest go back too.
  await form.getByLabel('From Page').fill('9');
  await form.getByLabel('To Page').fill('9');
  await form.getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByText('Page 9 of Booth-01 unassigned')).toBeVisible();
  await expect(workerEntry).toContainText('Pages 3–8');
  await form.getByLabel('From Page').fill('3');
  await form.getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByText('Pages 3–9 of Booth-01 unassigned')).toBeVisible();
  await expect(workerEntry).toHaveCount(0);
});

// Booth classes and coverage (issue 20, decision 028): Booth-377 is this test's own.
test('should show a booth page its coverage, support and class, and let an Admin set the class with a reason', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-6);
  const token = await apiToken(request, E2E_USERS.admin);
  const ids: number[] = [];
  for (const letter of ['A', 'B', 'C']) ids.push(await createVoterViaApi(request, token, { voter_no: '1', voter_id: `BC${suffix.toUpperCase()}${letter}`, full_name: `Class Voter ${letter} ${suffix}`, booth: 'Booth-377' }));
  for (const [index, outcome] of ['strong_supporter', 'opposed'].entries()) {
    const recorded = await request.post(`/api/voters/${ids[index]}/contacts`, { headers: { authorization: `Bearer ${token}` }, data: { channel: 'visit', outcome } });
    expect(recorded.status(), await recorded.text()).toBe(201);
  }

  await signIn(page, E2E_USERS.admin);
  await page.goto('/booths/377');
  const section = page.getByRole('region', { name: 'Coverage and support' });
  await expect(section.getByTestId('booth-coverage')).toHaveText('2 of 3 voters contacted (66.7%)');
  await expect(section.getByTestId('booth-support')).toHaveText('1 supporters: 50% of contacted voters');
  // 50 % support: below class A (60) and at least class B (40).
  await expect(section.getByTestId('booth-class')).toHaveText('Class B');

  await section.getByLabel('Class', { exact: true }).selectOption('A');
  await section.getByLabel('Reason').fill('New colony of our families');
  await section.getByRole('button', { name: 'Save class' }).click();
  await expect(section.getByText('Class saved')).toBeVisible();
  await expect(section.getByTestId('booth-class')).toHaveText('Class A');
  await expect(section.getByTestId('booth-class-override')).toHaveText(`Set by ${E2E_USERS.admin.full_name}: New colony of our families · computed: class B`);

  await page.goto('/booths');
  await page.getByRole('searchbox', { name: 'Find a booth' }).fill('377');
  await expect(page.getByTestId('booth-row').filter({ hasText: 'Booth-377' }).getByTestId('booth-class')).toHaveText('Class A');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("should land a Karyakarta on My voters with their page's voters by house and one tap to call or WhatsApp", async ({ page, request }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const token = await apiToken(request, E2E_USERS.admin);
    const id = (letter: string) => `MV${suffix.toUpperCase()}${letter}`;
    await createVoterViaApi(request, token, { voter_no: '1', voter_id: id('A'), full_name: `Sunita Pawar ${suffix}`, booth: 'Booth-01', part_serial: '1', house_no: '7', mobile_number: '9822001101' });
    await createVoterViaApi(request, token, { voter_no: '2', voter_id: id('B'), full_name: `Ramesh Pawar ${suffix}`, booth: 'Booth-01', part_serial: '2', house_no: '7', mobile_number: '9822001102', whatsapp_number: '9822001199' });
    await createVoterViaApi(request, token, { voter_no: '3', voter_id: id('C'), full_name: `Meena Kale ${suffix}`, booth: 'Booth-01', part_serial: '3', house_no: '8' });
    await createVoterViaApi(request, token, { voter_no: '31', voter_id: id('D'), full_name: `Next Page ${suffix}`, booth: 'Booth-01', part_serial: '31', house_no: '9', mobile_number: '9822001131' });
    const users = (await (await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; username: string }[];
    const workerId = users.find((user) => user.username === worker.username)?.id;
    const assigned = await request.put('/api/booths/1/assignments', { headers: { authorization: `Bearer ${token}` }, data: { user_id: workerId, pages: { from: 1, to: 1 } } });
    expect(assigned.status(), await assigned.text()).toBe(200);

    await signIn(page, worker);
    await expect(page).toHaveURL(/\/my-voters$/);
    await expect(page.getByRole('heading', { name: 'My voters' })).toBeVisible();
    await expect(page.getByTestId('my-pages')).toContainText('Booth-01');
    await expect(page.getByTestId('my-pages')).toContainText('Page 1');
    await expect(page.getByTestId('my-voters-summary')).toHaveText('3 voters in 2 households');

    const households = page.getByTestId('my-household');
    await expect(households).toHaveCount(2);
    const house7 = page.getByRole('region', { name: 'House 7' });
    await expect(house7.getByTestId('my-voter')).toHaveCount(2);
    await expect(page.getByText(`Next Page ${suffix}`)).toHaveCount(0);

    const call = house7.getByRole('link', { name: `Call Sunita Pawar ${suffix}` });
    await expect(call).toHaveAttribute('href', 'tel:+919822001101');
    await expect(house7.getByRole('link', { name: `WhatsApp Sunita Pawar ${suffix}` })).toHaveAttribute('href', 'https://wa.me/919822001101');
    // WhatsApp goes to the WhatsApp number when the voter has one.
    await expect(house7.getByRole('link', { name: `WhatsApp Ramesh Pawar ${suffix}` })).toHaveAttribute('href', 'https://wa.me/919822001199');
    await expect(page.getByRole('region', { name: 'House 8' }).getByText('No mobile number')).toBeVisible();

    // Thumb-sized targets, and nothing wider than the phone.
    const box = await call.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(120);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The booth is one tap away, and shows the same page in roll order.
    await page.getByRole('link', { name: 'Booth-01' }).click();
    await expect(page).toHaveURL(/\/booths\/1$/);
    await expect(page.getByRole('form', { name: 'Assign Pages' })).toHaveCount(0);
    await expect(page.getByTestId('roll-page-summary')).toHaveText(`Serials 1–30 · Held by ${worker.full_name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  test('should show a Karyakarta on My voters who is contacted, and record a contact there', async ({ page, request }) => {
    const suffix = Date.now().toString(36).slice(-6);
    const token = await apiToken(request, E2E_USERS.admin);
    const headers = { authorization: `Bearer ${token}` };
    // Page 10 of Booth-01 (serials 271-300), given back at the end.
    const first = `Tara Shinde ${suffix}`;
    const second = `Vilas Shinde ${suffix}`;
    await createVoterViaApi(request, token, { voter_no: '271', voter_id: `CV${suffix.toUpperCase()}A`, full_name: first, booth: 'Booth-01', part_serial: '271', house_no: '40' });
    await createVoterViaApi(request, token, { voter_no: '272', voter_id: `CV${suffix.toUpperCase()}B`, full_name: second, booth: 'Booth-01', part_serial: '272', house_no: '40' });
    const users = (await (await request.get('/api/users', { headers })).json()) as { id: number; username: string }[];
    const workerId = users.find((user) => user.username === worker.username)?.id;
    expect((await request.put('/api/booths/1/assignments', { headers, data: { user_id: workerId, pages: { from: 10, to: 10 } } })).status()).toBe(200);
    try {
      await signIn(page, worker);
      await expect(page).toHaveURL(/\/my-voters$/);
      const house = page.getByRole('region', { name: 'House 40' });
      const card = (name: string) => house.getByTestId('my-voter').filter({ hasText: name });
      await expect(card(first).getByTestId('contact-state')).toHaveText('Not contacted');
      await expect(card(second).getByTestId('contact-state')).toHaveText('Not contacted');

      await card(first).getByRole('button', { name: `Record contact: ${first}` }).click();
      await page.getByRole('dialog', { name: `Record contact: ${first}` }).getByRole('button', { name: 'Strong supporter' }).click();
      await expect(page.getByText('Contact saved: Strong supporter')).toBeVisible();
      await expect(card(first).getByTestId('contact-state')).toHaveText('Contacted');
      await expect(card(first).getByTestId('support-level')).toHaveText('Support: Strong supporter');
      await expect(card(second).getByTestId('contact-state')).toHaveText('Not contacted');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await request.put('/api/booths/1/assignments', { headers, data: { user_id: null, pages: { from: 10, to: 10 }, expected_holders: [workerId] } });
    }
  });
});
