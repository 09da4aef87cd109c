import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { cachedIds } from './support/offline-copy';
import { setOfflinePin } from './support/offline-pin';
import { signIn } from './support/session';
import { encodeSmsMarks } from '../shared/poll/sms-marks';

// Issue 22, poll day (docs/poll-day.md). The E2E server starts with the poll date set
// (start-e2e-server.ts). Each test works in a booth of its own that no other spec uses, with a
// Karyakarta made for it, so counts are this file's alone.
const PHONE = { width: 390, height: 844 };

async function karyakartaFor(request: APIRequestContext, token: string, booth: string) {
  const suffix = Date.now().toString(36).slice(-6);
  const person = { username: `poll_${suffix}`, full_name: `Runner ${suffix}`, password: 'Field-Pass-42!', role: 'Karyakarta', booth_access: [booth], mobile: '9876543210' };
  const response = await request.post('/api/users', { headers: { authorization: `Bearer ${token}` }, data: person });
  if (!response.ok()) throw new Error(await response.text());
  return { ...person, id: ((await response.json()) as { id?: number; _id?: number }).id ?? ((await response.json()) as { _id: number })._id };
}

async function seedBooth(request: APIRequestContext, token: string, booth: string, serials: number, suffix: string, extra: (serial: number) => Record<string, string> = () => ({})) {
  const ids: number[] = [];
  for (let serial = 1; serial <= serials; serial += 1) {
    ids.push(await createVoterViaApi(request, token, { voter_no: String(serial), voter_id: `PD${suffix.toUpperCase()}${serial}`, full_name: `Poll Voter ${serial} ${suffix}`, booth, part_serial: String(serial), gender: serial % 2 ? 'Male' : 'Female', ...extra(serial) }));
  }
  return ids;
}

test('should let a runner mark serials from a phone, see the names first, and undo one', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  await seedBooth(request, token, 'Booth-221', 6, suffix);
  const runner = await karyakartaFor(request, token, 'Booth-221');

  await page.setViewportSize(PHONE);
  await signIn(page, runner);
  await page.goto('/poll/mark');
  await expect(page.getByRole('heading', { name: 'Mark who voted' })).toBeVisible();
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-221 · 0 of 6 voted (0.0%)');

  const serials = page.getByLabel('Serial numbers');
  await expect(serials).toHaveAttribute('inputmode', 'numeric');
  await serials.fill('1, 3-4');
  await page.getByRole('button', { name: 'Show names' }).click();
  for (const serial of [1, 3, 4]) await expect(page.getByText(`Poll Voter ${serial} ${suffix}`)).toBeVisible();
  await page.getByRole('button', { name: 'Mark 3 voters as voted' }).click();
  await expect(page.getByText('3 voters marked as voted')).toBeVisible();
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-221 · 3 of 6 voted (50.0%)');
  const recent = page.getByRole('list', { name: 'Latest marks' });
  await expect(recent.getByRole('listitem')).toHaveCount(3);

  // Typed again, an already marked serial says so and is not offered again.
  await serials.fill('3');
  await page.getByRole('button', { name: 'Show names' }).click();
  await expect(page.getByText('Already marked')).toBeVisible();
  await expect(page.getByRole('button', { name: /as voted$/ })).toHaveCount(0);

  // A typing mistake says how to write serials and takes the names away.
  await serials.fill('3-');
  await page.getByRole('button', { name: 'Show names' }).click();
  await expect(page.getByText('Type serial numbers like 12, 15, 18-22')).toBeVisible();
  await expect(page.getByText('Already marked')).toHaveCount(0);

  await recent.getByRole('button', { name: 'Undo the mark of serial no. 4' }).click();
  await expect(page.getByText('Mark of serial no. 4 undone')).toBeVisible();
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-221 · 2 of 6 voted (33.3%)');

  // Nothing on the page is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('should show the office the turnout of a booth on the live dashboard', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  await seedBooth(request, token, 'Booth-223', 4, suffix);
  const marked = await request.post('/api/poll/booths/223/marks', { headers: { authorization: `Bearer ${token}` }, data: { serials: [1, 2, 3] } });
  expect(marked.ok()).toBe(true);

  await signIn(page, E2E_USERS.admin);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Turnout' }).click();
  await expect(page).toHaveURL(/\/poll\/turnout$/);
  await expect(page.getByRole('heading', { name: 'Poll-day turnout' })).toBeVisible();
  await expect(page.getByText('Yavatmal By-election')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Booth-223', exact: true }) });
  await expect(row).toContainText('75.0%');
  await expect(row).toContainText('3 / 4');
  await expect(page.getByRole('figure', { name: 'Votes by hour' })).toBeVisible();
  // Booths with no voters on record are listed only on request (issue 56).
  const emptyBooth = page.getByRole('cell', { name: 'Booth-393', exact: true });
  await expect(emptyBooth).toHaveCount(0);
  await page.getByRole('button', { name: /^Show \d+ booths with no voters$/u }).click();
  await expect(emptyBooth).toBeVisible();
  await page.getByRole('button', { name: 'Hide booths with no voters' }).click();
  await expect(emptyBooth).toHaveCount(0);

  // A mark made elsewhere shows within the refresh (every 10 seconds).
  await request.post('/api/poll/booths/223/marks', { headers: { authorization: `Bearer ${token}` }, data: { serials: [4] } });
  await expect(row).toContainText('4 / 4', { timeout: 15_000 });
});

test('should give a worker their supporters who have not voted, with a call link and a chase mark', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  const ids = await seedBooth(request, token, 'Booth-224', 4, suffix, (serial) => ({ mobile_number: `98111000${String(serial).padStart(2, '0')}` }));
  const worker = await karyakartaFor(request, token, 'Booth-224');
  const headers = { authorization: `Bearer ${token}` };
  const assigned = await request.put('/api/booths/224/assignments', { headers, data: { user_id: worker.id, pages: { from: 1, to: 1 } } });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  // Serials 1-3 support us; 1 has voted.
  for (const id of ids.slice(0, 3)) {
    const contact = await request.post(`/api/voters/${id}/contacts`, { headers, data: { channel: 'visit', outcome: 'strong_supporter' } });
    expect(contact.ok(), await contact.text()).toBe(true);
  }
  await request.post('/api/poll/booths/224/marks', { headers, data: { serials: [1] } });

  await page.setViewportSize(PHONE);
  await signIn(page, worker);
  await page.goto('/poll/chase');
  await expect(page.getByText('2 supporters have not voted yet')).toBeVisible();
  const list = page.getByRole('list', { name: 'Supporters yet to vote' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText(`Poll Voter 1 ${suffix}`)).toHaveCount(0);
  await expect(list.getByRole('link', { name: `Call Poll Voter 2 ${suffix}` })).toHaveAttribute('href', 'tel:+919811100002');

  const second = list.getByRole('group', { name: `Poll Voter 2 ${suffix}` });
  await second.getByRole('button', { name: 'Coming' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Coming' })).toHaveAttribute('aria-pressed', 'true');
});

// Issue 21 with 22: a runner without signal marks from the phone's copy of the booth; the mark
// waits in the outbox and reaches the server once when the signal returns.
test('should mark a voter offline from the phone copy and send the mark when the signal returns', async ({ page, context, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  const ids = await seedBooth(request, token, 'Booth-225', 3, suffix);
  const runner = await karyakartaFor(request, token, 'Booth-225');
  const voted = async () => ((await (await request.get('/api/poll/booths/225/marks', { headers: { authorization: `Bearer ${token}` } })).json()) as { voted: number }).voted;

  await page.setViewportSize(PHONE);
  await signIn(page, runner);
  await page.goto('/poll/mark');
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-225 · 0 of 3 voted (0.0%)');
  // The copy of the runner's booth is taken at sign-in, stored once a PIN is set (issue 57).
  await setOfflinePin(page);
  const copied = async () => (await cachedIds(page)).length;
  await expect.poll(copied, { timeout: 20_000 }).toBe(ids.length);

  await context.setOffline(true);
  await page.getByLabel('Serial numbers').fill('2');
  await page.getByRole('button', { name: 'Show names' }).click();
  await expect(page.getByText(`Poll Voter 2 ${suffix}`)).toBeVisible();
  await page.getByRole('button', { name: 'Mark 1 voter as voted' }).click();
  await expect(page.getByRole('button', { name: 'waiting to send (1)' })).toBeVisible();
  expect(await voted()).toBe(0);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(voted).toBe(1);
});

// Issue 61: where mobile data fails, the runner's phone writes the typed serials into an SMS to
// the office's poll-day number; the office pastes what arrived and the voters are marked as that
// runner. Booth-226 is this test's own.
test('should compose the marks as an SMS on the phone and mark them when the office pastes it', async ({ page, browser, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const settings = (await (await request.get('/api/settings', { headers })).json()) as Record<string, string>;
  expect((await request.put('/api/settings', { headers, data: { ...settings, poll_sms_number: '9822000111' } })).ok()).toBe(true);
  await seedBooth(request, token, 'Booth-226', 4, suffix);
  const mobile = `97${Date.now().toString().slice(-8)}`;
  const runner = { username: `sms_${suffix}`, full_name: `SMS Runner ${suffix}`, password: 'Field-Pass-42!', role: 'Karyakarta', booth_access: ['Booth-226'], mobile };
  expect((await request.post('/api/users', { headers, data: runner })).ok()).toBe(true);

  await page.setViewportSize(PHONE);
  await signIn(page, runner);
  await page.goto('/poll/mark');
  await page.getByLabel('Serial numbers').fill('1-2, 4');
  const [message] = encodeSmsMarks(226, [1, 2, 4]);
  expect(message).toMatch(/^VM 226 1-2\.4 [0-9A-Z]{2}$/);
  await expect(page.getByRole('link', { name: 'No data? Send these serials by SMS' })).toHaveAttribute('href', `sms:+919822000111?body=${encodeURIComponent(message!)}`);

  // The office's phone got the SMS: pasted on the turnout page, the voters are marked.
  const office = await browser.newPage();
  await signIn(office, E2E_USERS.admin);
  await office.goto('/poll/turnout');
  const form = office.getByRole('form', { name: 'Marks received by SMS' });
  await form.getByLabel("Sender's mobile").fill(mobile);
  await form.getByLabel('Message').fill(message!.replace(/ \w\w$/, ' 00'));
  await form.getByRole('button', { name: 'Mark from SMS' }).click();
  await expect(office.getByText('This poll-day SMS is damaged (its check does not match): ask the worker to send it again')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue(message!.replace(/ \w\w$/, ' 00'));
  await form.getByLabel('Message').fill(message!);
  await form.getByRole('button', { name: 'Mark from SMS' }).click();
  await expect(office.getByText('3 voters marked in Booth-226')).toBeVisible();
  await office.close();

  await page.reload();
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-226 · 3 of 4 voted (75.0%)');
  await expect(page.getByRole('list', { name: 'Latest marks' }).getByText(`by SMS Runner ${suffix}`).first()).toBeVisible();
});
