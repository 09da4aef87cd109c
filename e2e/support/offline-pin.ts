import { expect, type Page } from '@playwright/test';

// Issue 57: a field worker's phone stores its copy of voters only once they set a PIN, offered in
// the header ("Set PIN") after the first sync.
export const E2E_PIN = '482915';

export async function setOfflinePin(page: Page, pin = E2E_PIN): Promise<void> {
  const offer = page.getByRole('button', { name: 'Set PIN' });
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Set a PIN for this phone' });
  await dialog.getByLabel('PIN', { exact: true }).fill(pin);
  await dialog.getByLabel('PIN again').fill(pin);
  await dialog.getByRole('button', { name: 'Keep voters on this phone' }).click();
  await expect(page.getByText('Voters kept on this phone, locked with your PIN')).toBeVisible({ timeout: 15_000 });
}
