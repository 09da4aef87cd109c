import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './e2e-users';

export async function signIn(page: Page, user: Pick<E2eUser, 'username' | 'password' | 'full_name'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Welcome back, ${user.full_name}`)).toBeVisible();
}
