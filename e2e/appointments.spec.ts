import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test('should book a walk-in into a free slot, confirm and settle it, and name who took a slot booked meanwhile', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A day of its own, far ahead, so reruns and other specs never share its slots.
  const day = `2099-${String((Date.now() % 11) + 1).padStart(2, '0')}-${String((Math.floor(Date.now() / 1000) % 27) + 1).padStart(2, '0')}`;
  const token = await apiToken(request, E2E_USERS.admin);

  await signIn(page, E2E_USERS.admin);
  await page.goto(`/appointment?date=${day}`);
  await expect(page.getByRole('heading', { name: 'Appointment' })).toBeVisible();
  await expect(page.getByText('Feature will be added in future')).toHaveCount(0);
  await expect(page.getByLabel('Day', { exact: true })).toHaveValue(day);

  await page.getByRole('button', { name: 'Book 10:30' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByLabel('Time')).toHaveValue('10:30');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog.getByText('Purpose is required')).toBeVisible();
  await dialog.getByLabel('Kind').selectOption({ label: 'Public hearing (Janata Darbar)' });
  await dialog.getByLabel('Visitor’s name').fill('Baban Shinde');
  await dialog.getByLabel('Mobile', { exact: true }).fill('9823045678');
  await dialog.getByLabel('Purpose').fill('Crop loss compensation');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText('Booked Baban Shinde at 10:30')).toBeVisible();

  const slot = page.getByRole('listitem', { name: '10:30' });
  const card = slot.getByRole('article', { name: 'Baban Shinde' });
  await expect(card.getByText('Requested')).toBeVisible();
  await expect(card.getByText('Public hearing (Janata Darbar)')).toBeVisible();
  await expect(slot.getByRole('button', { name: 'Book 10:30' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Confirmed')).toBeVisible();
  await card.getByRole('button', { name: 'Mark done' }).click();
  await expect(card.getByText('Done')).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);

  // Another desk books 10:45 while this one is typing: the second save names who has it.
  await page.getByRole('button', { name: 'Book 10:45' }).click();
  await dialog.getByLabel('Visitor’s name').fill('Late Comer');
  await dialog.getByLabel('Purpose').fill('Ration card');
  const taken = await request.post('/api/appointments', {
    headers: { authorization: `Bearer ${token}` },
    data: { visitor_name: 'Quick Desk', appointment_date: day, slot: '10:45', purpose: 'Pension' },
  });
  expect(taken.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog.getByText('This time is taken by Quick Desk. Choose another time.')).toBeVisible();
  await expect(dialog.getByLabel('Visitor’s name')).toHaveValue('Late Comer');
  await dialog.getByLabel('Time').selectOption('11:00');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('listitem', { name: '11:00' }).getByRole('article', { name: 'Late Comer' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: '10:45' }).getByRole('article', { name: 'Quick Desk' })).toBeVisible();
});

// Issue 59, decision 091: a leader's calendar set up, a day blocked, a booking, the walk-in
// queue's tokens (one given out by another desk meanwhile) and the day's sheet in Marathi.
test('should set up a calendar, block a day, book a slot, give walk-in tokens in order and download the day sheet', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  // A Monday of its own far ahead, the Tuesday after it and the Sunday before.
  const monday = new Date(Date.UTC(2098, 0, 6 + 7 * (stamp % 400)));
  const dayOf = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [blockedDay, tuesday, sunday] = [dayOf(0), dayOf(1), dayOf(-1)];
  const leader = `Khasdar Patil ${stamp}`;
  const token = await apiToken(request, E2E_USERS.admin);

  await signIn(page, E2E_USERS.admin);
  await page.goto('/appointment');
  await page.getByRole('button', { name: 'Calendars' }).click();
  const setUp = page.getByRole('dialog', { name: 'Leaders’ calendars' });
  await setUp.getByRole('button', { name: 'New calendar' }).click();
  await setUp.getByLabel('Leader’s name').fill(leader);
  await setUp.getByLabel('Day ends').fill('12:00');
  await setUp.getByLabel('Slot length (minutes)').fill('30');
  await setUp.getByLabel('Reminder SMS the day before').check();
  await setUp.getByRole('button', { name: 'Save calendar' }).click();
  await expect(page.getByText('Calendar saved')).toBeVisible();
  await expect(setUp.getByRole('button', { name: leader })).toHaveAttribute('aria-pressed', 'true');
  await setUp.getByLabel('Day to block').fill(blockedDay);
  await setUp.getByLabel('Reason').fill('Assembly session');
  await setUp.getByRole('button', { name: 'Block day' }).click();
  await expect(page.getByText('Day blocked', { exact: true })).toBeVisible();
  await expect(setUp.getByRole('button', { name: `Open ${blockedDay} again` })).toBeVisible();
  await setUp.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByLabel('Calendar', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Calendar', { exact: true }).locator('option:checked')).toHaveText(leader);
  await page.getByLabel('Day', { exact: true }).fill(blockedDay);
  await expect(page.getByText('This day is blocked: Assembly session')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Book / })).toHaveCount(0);
  await page.getByLabel('Day', { exact: true }).fill(sunday);
  await expect(page.getByText('The leader does not work on this day: no slots.')).toBeVisible();
  await page.getByLabel('Day', { exact: true }).fill(tuesday);
  await expect(page.getByText('Booked: 0 of 4 slots')).toBeVisible();
  await page.getByRole('button', { name: 'Book 11:00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByLabel('Time')).toHaveValue('11:00');
  await dialog.getByLabel('Visitor’s name').fill('Savita Gore');
  await dialog.getByLabel('Purpose').fill('Well subsidy');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText('Booked Savita Gore at 11:00')).toBeVisible();
  const card = page.getByRole('listitem', { name: '11:00' }).getByRole('article', { name: 'Savita Gore' });
  await card.getByRole('button', { name: 'Confirm' }).click();
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText('Checked in')).toBeVisible();

  await page.getByRole('tab', { name: 'Walk-in queue' }).click();
  await expect(page).toHaveURL(/view=queue/);
  await expect(page.getByText('No tokens yet for this day')).toBeVisible();
  for (const name of ['Baburao Jagtap', 'Meena Salve']) {
    await page.getByRole('button', { name: 'Register walk-in' }).click();
    const register = page.getByRole('dialog', { name: 'Register a walk-in' });
    await register.getByLabel('Visitor’s name').fill(name);
    await register.getByLabel('Purpose').fill('Crop loss');
    await register.getByRole('button', { name: 'Give token' }).click();
    await expect(register).toHaveCount(0);
  }
  await expect(page.getByText('Token 2 for Meena Salve')).toBeVisible();
  // Another desk gives a token meanwhile: it gets the next number, never one already given.
  const calendarId = new URL(page.url()).searchParams.get('calendar');
  const other = await request.post('/api/appointments/tokens', { headers: { authorization: `Bearer ${token}` }, data: { calendar_id: Number(calendarId), token_date: tuesday, visitor_name: 'Other Desk', purpose: 'Pension' } });
  expect((await other.json()).token_number).toBe(3);
  await page.reload();
  const queue = page.getByRole('listitem', { name: /^Token \d+$/ });
  await expect(queue).toHaveCount(3);
  await expect(queue.nth(2)).toContainText('Other Desk');
  const first = page.getByRole('listitem', { name: 'Token 1', exact: true });
  await expect(first).toContainText('Baburao Jagtap');
  await first.getByRole('button', { name: 'Call' }).click();
  await expect(first.getByText('Called')).toBeVisible();
  await first.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByText('Waiting: 2 · Done: 1')).toBeVisible();

  await page.getByLabel('Sheet language').selectOption({ label: 'मराठी' });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Day sheet (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`day-sheet-${calendarId}-${tuesday}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', await download.path(), '-']);
  for (const text of ['दिवसाचे पत्रक', leader, 'Savita Gore', 'हजर', 'Baburao Jagtap', 'Other Desk', 'झाले']) expect(stdout).toContain(text);
});

test('should let a Karyakarta at the door give tokens and call them on a phone, without the calendar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const day = `2097-${String((Date.now() % 11) + 1).padStart(2, '0')}-${String((Math.floor(Date.now() / 1000) % 27) + 1).padStart(2, '0')}`;
  await signIn(page, E2E_USERS.karyakarta);
  await page.goto(`/appointment?date=${day}`);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Day sheet (PDF)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calendars' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register walk-in' }).click();
  const register = page.getByRole('dialog', { name: 'Register a walk-in' });
  await register.getByLabel('Visitor’s name').fill('Door Visitor');
  await register.getByLabel('Mobile', { exact: true }).fill('9822011223');
  await register.getByLabel('Purpose').fill('Road repair');
  await register.getByRole('button', { name: 'Give token' }).click();
  const card = page.getByRole('listitem', { name: /^Token \d+$/ }).filter({ hasText: 'Door Visitor' });
  await expect(card).toContainText('9822011223');
  await card.getByRole('button', { name: 'Call' }).click();
  await expect(card.getByText('Called')).toBeVisible();
});
