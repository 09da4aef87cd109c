import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { E2E_PIN, setOfflinePin } from './support/offline-pin';
import { signIn } from './support/session';

// Issue 57: a field worker's phone kept its booths' voters in browser storage in clear. The copy
// is now stored sealed under a PIN the worker sets after the first sync; the app asks for it each
// time it opens; a wrong PIN says how many tries are left (kept across reloads).
test.use({ viewport: { width: 390, height: 844 } });

async function fieldWorker(request: APIRequestContext, token: string, booth: string) {
  const suffix = Date.now().toString(36).slice(-6);
  const person = { username: `pin_${suffix}`, full_name: `Pin Worker ${suffix}`, password: 'Field-Pass-42!', role: 'Karyakarta', booth_access: [booth], mobile: '9876543210' };
  const response = await request.post('/api/users', { headers: { authorization: `Bearer ${token}` }, data: person });
  if (!response.ok()) throw new Error(await response.text());
  return person;
}

// The stored voter rows, as an attacker reading the phone's IndexedDB sees them (never creates
// or upgrades the database: the app does).
async function storedVoters(page: Page): Promise<{ keys: string[]; text: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ keys: string[]; text: string }[]>((resolve) => {
        const opening = indexedDB.open('vms-offline');
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('voters')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('voters').objectStore('voters').getAll();
          all.onsuccess = () => {
            db.close();
            const decoder = new TextDecoder();
            resolve((all.result as Record<string, unknown>[]).map((row) => ({ keys: Object.keys(row).sort(), text: decoder.decode(row.data as ArrayBuffer) })));
          };
        };
        opening.onerror = () => resolve([]);
      }),
  );
}

test('should keep the copy sealed under a PIN, ask for it after a reload, count wrong tries and open the voters with the right one', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString().slice(-6);
  const admin = await apiToken(request, E2E_USERS.admin);
  const worker = await fieldWorker(request, admin, 'Booth-233');
  await createVoterViaApi(request, admin, { voter_no: '1', voter_id: `PIN${suffix}`, full_name: 'Savita Kulupwale', booth: 'Booth-233', mobile_number: '9822133301' });

  await signIn(page, worker);
  await page.goto('/voters?tab=entry');
  await expect(page.getByRole('button', { name: 'Set PIN' })).toBeVisible({ timeout: 20_000 });
  // Nothing of the booth is stored before the PIN.
  expect(await storedVoters(page)).toEqual([]);
  await page.getByRole('button', { name: 'Set PIN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a PIN for this phone' });
  await dialog.getByLabel('PIN', { exact: true }).fill('12345');
  await dialog.getByRole('button', { name: 'Keep voters on this phone' }).click();
  await expect(dialog.getByText('The PIN must be 6 to 8 digits')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pin-setup-en-390.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await setOfflinePin(page);

  const rows = await storedVoters(page);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.keys).toEqual(['data', 'id', 'iv']);
    for (const secret of ['Savita', `PIN${suffix}`, '9822133301', 'Booth-233']) expect(row.text).not.toContain(secret);
  }

  // The app opened again: the PIN comes before anything else, online too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
  await page.getByLabel('PIN', { exact: true }).fill('111111');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Wrong PIN. 4 tries left.')).toBeVisible();

  // The count is kept on the phone: a reload does not give the try back.
  await page.reload();
  await page.getByLabel('PIN', { exact: true }).fill('222222');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Wrong PIN. 3 tries left.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pin-unlock-wrong-en-390.png') });

  await page.getByLabel('PIN', { exact: true }).fill(E2E_PIN);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeHidden({ timeout: 15_000 });

  // Opened: without a connection the voters come from the phone's copy.
  await context.setOffline(true);
  await page.getByRole('searchbox', { name: 'Search' }).fill('savita');
  await expect(page.getByTestId('voter-card').filter({ hasText: 'Savita Kulupwale' })).toBeVisible();
  await context.setOffline(false);
});

test('should ask for the PIN in Marathi and say the tries left in Marathi', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString().slice(-6);
  const admin = await apiToken(request, E2E_USERS.admin);
  const worker = await fieldWorker(request, admin, 'Booth-234');
  await createVoterViaApi(request, admin, { voter_no: '1', voter_id: `PIM${suffix}`, full_name: 'सविता कुलूपवाले', booth: 'Booth-234' });
  const token = (await (await request.post('/api/auth/login', { data: { username: worker.username, password: worker.password } })).json()) as { token: string };
  expect((await request.put('/api/users/me/language', { headers: { authorization: `Bearer ${token.token}` }, data: { language: 'mr' } })).ok()).toBe(true);

  // Signed in on the form (the welcome may already be in Marathi: signIn waits for the English one).
  await page.goto('/login');
  await page.getByLabel('Username').fill(worker.username);
  await page.getByLabel('Password', { exact: true }).fill(worker.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/voters?tab=entry');
  const offer = page.getByRole('button', { name: 'पिन ठेवा' });
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'या फोनसाठी पिन ठेवा' });
  await dialog.getByLabel('पिन', { exact: true }).fill(E2E_PIN);
  await dialog.getByLabel('पिन पुन्हा').fill(E2E_PIN);
  await page.screenshot({ path: test.info().outputPath('pin-setup-mr-390.png') });
  await dialog.getByRole('button', { name: 'मतदार या फोनवर ठेवा' }).click();
  await expect(page.getByText('मतदार या फोनवर ठेवले, तुमच्या पिनने कुलूपबंद')).toBeVisible({ timeout: 15_000 });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'तुमचा पिन टाका' })).toBeVisible();
  await page.getByLabel('पिन', { exact: true }).fill('999999');
  await page.getByRole('button', { name: 'उघडा' }).click();
  await expect(page.getByText('चुकीचा पिन. आणखी 4 प्रयत्न शिल्लक.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pin-unlock-wrong-mr-390.png') });
});

test('should warn at the last try, then wipe the copy and sign out at the fifth wrong PIN', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString().slice(-6);
  const admin = await apiToken(request, E2E_USERS.admin);
  const worker = await fieldWorker(request, admin, 'Booth-235');
  await createVoterViaApi(request, admin, { voter_no: '1', voter_id: `PIW${suffix}`, full_name: 'Kavita Pusli', booth: 'Booth-235' });

  await signIn(page, worker);
  await page.goto('/voters?tab=entry');
  await setOfflinePin(page);
  expect((await storedVoters(page)).length).toBeGreaterThan(0);

  await page.reload();
  for (const [at, left] of [[1, 4], [2, 3], [3, 2], [4, 1]] as const) {
    await page.getByLabel('PIN', { exact: true }).fill(`00000${at}`);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText(`Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`)).toBeVisible();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Last try: a wrong PIN now deletes the voters on this phone.' })).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill('000005');
  await page.getByRole('button', { name: 'Open' }).click();

  await expect(page.getByText('Five wrong PINs: the voters on this phone were deleted. Sign in again to get them back.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await storedVoters(page)).toEqual([]);
});
