import { expect, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';
import { servePublicSettingsWith } from './support/public-settings';

// The Language setting is the interface's default language. It is served as Marathi to this page
// only, so specs running beside this one keep English.
async function showInMarathi(page: Page) {
  await servePublicSettingsWith(page, { language: 'mr' });
}

// Selects by what they hold rather than by their labels, which are interface texts that the
// language changes too.
const selectHolding = (page: Page, value: string) => page.locator('select', { has: page.locator(`option[value="${value}"]`) });

test('should show castes and villages in Marathi in the voter filters, table and form when the language is mr', async ({ page, request }) => {
  const suffix = Date.now().toString().slice(-6);
  const name = `Reference Lists ${suffix}`;
  const token = await apiToken(request, E2E_USERS.admin);
  await createVoterViaApi(request, token, { voter_no: '61', full_name: name, voter_id: `RFL${suffix}`, booth: 'Booth-01', caste: 'Kunbi', sub_caste: 'Khaire', taluka: 'Digras', village: 'Arambhi', political_preference: 'BJP', gender: 'Female' });

  await signIn(page, E2E_USERS.admin);
  await showInMarathi(page);
  await page.goto(`/voters?tab=search&search=${encodeURIComponent(name)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr');

  // The filters name castes and villages in Marathi and filter on the stored value.
  const casteFilter = selectHolding(page, 'Kunbi');
  const villageFilter = selectHolding(page, 'Arambhi');
  await expect(casteFilter.locator('option[value="Kunbi"]')).toHaveText('कुणबी');
  await expect(villageFilter.locator('option[value="Arambhi"]')).toHaveText('आरंभी');
  await expect(villageFilter.locator('option').last()).toHaveText('इतर');
  await casteFilter.selectOption({ label: 'कुणबी' });
  await expect(page).toHaveURL(/caste=Kunbi/);
  await villageFilter.selectOption({ label: 'आरंभी' });
  await expect(page).toHaveURL(/village=Arambhi/);

  // The table shows the voter's caste and party in Marathi.
  const row = page.getByTestId('voter-row').filter({ hasText: name });
  await expect(row).toContainText('कुणबी');
  await expect(row).toContainText('भाजप');

  // The form offers and shows the Marathi names of the stored values.
  await row.getByRole('button', { name: `${name} संपादित करा` }).click();
  const dialog = page.getByRole('dialog');
  const caste = dialog.locator('select[name="caste"]');
  const village = dialog.locator('select[name="village"]');
  await expect(caste).toHaveValue('Kunbi');
  await expect(caste.locator('option:checked')).toHaveText('कुणबी');
  await expect(dialog.locator('select[name="sub_caste"] option:checked')).toHaveText('खैरे');
  await expect(village).toHaveValue('Arambhi');
  await expect(village.locator('option:checked')).toHaveText('आरंभी');
  await expect(dialog.locator('select[name="taluka"] option:checked')).toHaveText('दिग्रस');
  await caste.selectOption({ label: 'माळी' });
  await expect(caste).toHaveValue('Mali');
});
