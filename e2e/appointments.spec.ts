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
