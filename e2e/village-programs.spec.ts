import { expect, test } from '@playwright/test';
import { apiToken } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test('should record a visit to a village nobody visited, list it, raise a request and a follow-up task there, and see the village leave the not-visited list', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = String(Date.now()).slice(-6);
  const title = `Gram sabha ${suffix}`;
  const token = await apiToken(request, E2E_USERS.admin);
  // A village of Ner that no program has visited (never visited come first).
  const before = await request.get('/api/village-programs/not-visited?taluka=Ner&days=90', { headers: { authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);
  const village = ((await before.json()) as { talukas: { villages: { village: string; last_visit: string | null }[] }[] }).talukas[0]?.villages.find((row) => row.last_visit === null)?.village;
  if (!village) throw new Error('Every village of Ner was visited: the e2e database is not fresh');

  await signIn(page, E2E_USERS.admin);
  await page.goto('/village?view=not-visited&nv_taluka=Ner');
  await expect(page.getByRole('heading', { name: 'Village Program' })).toBeVisible();
  await expect(page.getByText('Feature will be added in future')).toHaveCount(0);
  const ner = page.getByRole('region', { name: 'Ner' });
  await expect(ner.getByText(village, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New program' }).click();
  const dialog = page.getByRole('dialog', { name: 'New program' });
  await dialog.getByRole('button', { name: 'Save program' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Choose visit, meeting, event, camp or rally')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Kind').selectOption({ label: 'Visit' });
  await dialog.getByLabel('Time').fill('11:00');
  await dialog.getByLabel('Taluka').selectOption({ label: 'Ner' });
  await dialog.getByLabel('Village').selectOption({ label: village });
  await dialog.getByLabel('Booths covered').selectOption('Booth-05');
  await expect(dialog.getByRole('button', { name: 'Remove Booth-05' })).toBeVisible();
  await dialog.getByLabel('Expected attendance').fill('-3');
  await dialog.getByRole('button', { name: 'Save program' }).click();
  await expect(dialog.getByText('Expected attendance must be 0 or more')).toBeVisible();
  await dialog.getByLabel('Expected attendance').fill('120');
  await dialog.getByLabel('Organiser').fill('Suresh Patil');
  await dialog.getByRole('button', { name: 'Save program' }).click();
  await expect(page.getByText(`Program saved: ${title}`)).toBeVisible();

  // The program opens: raise a request there.
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByText('Suresh Patil')).toBeVisible();
  await expect(detail.getByText('No request raised here yet.')).toBeVisible();
  await detail.getByRole('button', { name: 'Register a request raised here' }).click();
  const requestForm = page.getByRole('dialog', { name: 'New request' });
  await expect(requestForm.getByLabel('Village')).toHaveValue(village);
  await requestForm.getByLabel('Citizen’s name').fill(`Kisan More ${suffix}`);
  await requestForm.getByLabel('Category').selectOption({ label: 'Water' });
  await requestForm.getByLabel('Description').fill('Hand pump broken near the school');
  await requestForm.getByRole('button', { name: 'Register request' }).click();
  await expect(requestForm).toBeHidden();
  await expect(detail.getByText('1 request')).toBeVisible();
  await expect(detail.getByText(`Kisan More ${suffix}`)).toBeVisible();

  // A follow-up task in Task Management, named after the program and listed on it.
  await detail.getByRole('button', { name: 'Add a follow-up task' }).click();
  const taskForm = page.getByRole('dialog', { name: 'Create Task' });
  await expect(taskForm.getByLabel('Title')).toHaveValue(`Follow-up: ${title}`);
  await taskForm.getByLabel('Assign to').selectOption({ index: 1 });
  await taskForm.getByRole('button', { name: 'Create Task' }).click();
  await expect(taskForm).toBeHidden();
  await expect(detail.getByRole('link', { name: `Follow-up: ${title}` })).toBeVisible();
  await expect(detail.getByText('Not Started')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).first().click();

  // Listed, and found by the address's filters.
  await page.getByRole('tab', { name: 'Programs' }).click();
  await expect(page.getByRole('button', { name: `Open ${title}` })).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Taluka').selectOption({ label: 'Ner' });
  await filters.getByLabel('Village').selectOption({ label: village });
  await expect(page).toHaveURL(new RegExp(`taluka=Ner.*village=${encodeURIComponent(village).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page.getByRole('button', { name: `Open ${title}` })).toBeVisible();
  await filters.getByLabel('Kind').selectOption({ label: 'Rally' });
  await expect(page.getByText('No programs')).toBeVisible();

  // The village has left the not-visited list.
  await page.getByRole('tab', { name: 'Not visited' }).click();
  await expect(page.getByRole('region', { name: 'Ner' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ner' }).getByText(village, { exact: true })).toHaveCount(0);
});
