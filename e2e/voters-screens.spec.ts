import { test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  test.describe(name, () => {
    test.use({ viewport });
    test(`screens ${name}`, async ({ page }) => {
      const token = ((await (await page.request.post('/api/auth/login', { data: { username: E2E_USERS.admin.username, password: E2E_USERS.admin.password } })).json()) as { token: string }).token;
      const names = ['राहुल शिवाजी चव्हाण', 'Sunita Rahul Pawar', 'प्रिया जाधव', 'Imran Shaikh', 'Asha Deshmukh'];
      for (let i = 0; i < 5; i += 1) {
        await page.request.post('/api/voters', { headers: { authorization: `Bearer ${token}` }, data: { voter_no: `B1-${i}`, voter_id: `SCR${name}${i}`, full_name: names[i], age: 30 + i * 7, gender: i % 2 ? 'Female' : 'Male', booth: 'Booth-01', ward_area: 'Shivaji Nagar', caste: i % 2 ? 'Kunbi' : 'Mali', political_preference: ['BJP', 'Congress', '', 'Vanchit', 'Shiv Sena (UBT)'][i], mobile_number: i === 2 ? '' : `98220011${i}${i}` } });
      }
      await signIn(page, E2E_USERS.admin);
      await page.goto('/voters?tab=entry');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `test-results/screens/${name}-entry.png`, fullPage: false });
      await page.goto('/voters?tab=search');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `test-results/screens/${name}-search.png`, fullPage: true });
      await page.getByRole('button', { name: 'Add Voter' }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/screens/${name}-modal.png` });
      await page.getByRole('dialog').getByLabel('Full Name').fill('x');
      await page.getByRole('dialog').getByLabel('Full Name').fill('');
      await page.getByRole('dialog').locator('form').evaluate((form) => form.querySelector('div')?.scrollTo(0, 900));
      await page.screenshot({ path: `test-results/screens/${name}-modal2.png` });
    });
  });
}
