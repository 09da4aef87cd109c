import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test('should create a task as a Supervisor, move it as the Karyakarta, and delete it as its assigner', async ({ browser }) => {
  // Two people, two browser contexts and a dozen steps: more time than one screen check.
  test.setTimeout(90_000);
  const title = `Visit ward 3 households ${Date.now()}`;
  const supervisorPage = await (await browser.newContext()).newPage();
  await signIn(supervisorPage, E2E_USERS.supervisor);
  await supervisorPage.goto('/tasks');
  await expect(supervisorPage.getByRole('heading', { name: 'Task Management' })).toBeVisible();

  await supervisorPage.getByRole('button', { name: 'Create Task' }).first().click();
  const dialog = supervisorPage.getByRole('dialog', { name: 'Create Task' });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Assign to').selectOption({ label: `${E2E_USERS.karyakarta.full_name} (Karyakarta)` });
  await expect(dialog.getByLabel('Priority')).toHaveValue('Medium');
  await dialog.getByLabel('Priority').selectOption('High');
  await dialog.getByLabel('Due Date').fill('2026-12-15');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(supervisorPage.getByText('Task created successfully')).toBeVisible();
  const supervisorCard = supervisorPage.getByRole('article', { name: title });
  await expect(supervisorCard.getByText('High')).toBeVisible();
  await expect(supervisorCard.getByText('Not Started')).toBeVisible();

  // The assignee starts and completes it; they did not assign it, so they cannot delete it.
  const workerPage = await (await browser.newContext()).newPage();
  await signIn(workerPage, E2E_USERS.karyakarta);
  await workerPage.goto('/tasks');
  const workerCard = workerPage.getByRole('article', { name: title });
  await expect(workerCard.getByText(`Assigned to ${E2E_USERS.karyakarta.full_name} by ${E2E_USERS.supervisor.full_name}`)).toBeVisible();
  await expect(workerCard.getByRole('button', { name: /^delete$/i })).toHaveCount(0);
  await workerCard.getByRole('button', { name: 'Start' }).click();
  await expect(workerPage.getByText('Task status updated')).toBeVisible();
  await expect(workerCard.getByText('In Progress')).toBeVisible();
  await workerCard.getByRole('button', { name: 'Complete' }).click();
  await expect(workerCard.getByText('Completed')).toBeVisible();
  await expect(workerCard.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await expect(workerCard.getByRole('button', { name: 'Complete' })).toHaveCount(0);

  // Filter by status; the URL keeps it.
  await workerPage.getByRole('button', { name: 'Not Started' }).click();
  await expect(workerPage).toHaveURL(/status=Not\+Started|status=Not%20Started/);
  await expect(workerPage.getByRole('article', { name: title })).toHaveCount(0);
  await workerPage.getByRole('button', { name: 'Completed' }).click();
  await expect(workerPage.getByRole('article', { name: title })).toBeVisible();

  await supervisorPage.reload();
  // Written as every other button is (issue 25), not in capitals.
  const deleteButton = supervisorCard.getByRole('button', { name: 'Delete', exact: true });
  await expect(deleteButton).toHaveText('Delete');
  await expect(deleteButton).toHaveCSS('text-transform', 'none');
  await deleteButton.click();
  await supervisorPage.getByRole('dialog', { name: 'Delete task' }).getByRole('button', { name: 'Delete' }).click();
  await expect(supervisorPage.getByText('Task deleted successfully')).toBeVisible();
  await expect(supervisorPage.getByRole('article', { name: title })).toHaveCount(0);
});

test('should show "No tasks" when a filter matches nothing', async ({ page }) => {
  await signIn(page, E2E_USERS.karyakarta);
  await page.goto('/tasks?status=In%20Progress');
  await expect(page.getByText('No tasks')).toBeVisible();
});
