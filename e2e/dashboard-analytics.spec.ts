import { expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

test('should show the dashboard with its cards, quick actions, disclaimer and recent activity', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  // Today on the office clock (the timezone setting, Asia/Kolkata by default), not the browser's.
  await expect(page.getByTestId('today')).toHaveText(new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()));
  for (const [card, change] of [
    ['Total Voters', '+2.5%'],
    ['Active Users', '+1.2%'],
    ['Total Tasks', '+5.4%'],
  ] as const) {
    await expect(page.getByRole('region', { name: card })).toContainText(change);
  }
  // The four seeded users at least; other specs running beside this one add their own. The
  // card's change line is there before its count arrives, so the count is waited for.
  const activeUsersCard = page.getByRole('region', { name: 'Active Users' });
  await expect.poll(async () => Number((await activeUsersCard.textContent())?.match(/Active Users(\d+)/)?.[1])).toBeGreaterThanOrEqual(4);
  for (const [name, path] of [
    ['Add Voter', '/voters?tab=entry'],
    ['View Tasks', '/tasks'],
    ['Send SMS', '/notifications'],
    ['Analytics', '/analytics'],
  ] as const) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  await expect(page.getByText(/Voter data is confidential\. .*legal action or loss of access\. .*not liable/)).toBeVisible();
  // Signing in wrote a LOGIN row, which is the newest activity.
  await expect(page.getByRole('region', { name: 'Recent Activity' }).getByText(`${E2E_USERS.admin.full_name} Login`).first()).toBeVisible();
});

test('should show each analytics view for a booth, change with a filter, and show the empty state', async ({ page, request }) => {
  // Many steps (three voters created, five views): more time than one screen check.
  test.setTimeout(90_000);
  const token = await apiToken(request, E2E_USERS.admin);
  const stamp = Date.now().toString(36).toUpperCase();
  const place = { booth: 'Booth-350', taluka: 'Ner', village: 'Udapur' };
  const voters = [
    { gender: 'Male', age: '24', caste: 'Maratha', political_preference: 'BJP', ward_area: 'Station Road' },
    { gender: 'Female', age: '38', caste: 'Maratha', political_preference: 'Congress', ward_area: 'Station Road' },
    { gender: 'Female', age: '61', caste: 'Mali', political_preference: 'BJP', ward_area: 'Market' },
  ];
  for (const [index, voter] of voters.entries()) {
    await createVoterViaApi(request, token, { voter_no: `B350-${index}`, full_name: `Analytics Voter ${index}`, voter_id: `ANL${stamp}${index}`, ...place, ...voter });
  }

  await signIn(page, E2E_USERS.admin);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Taluka')).toHaveValue('');
  await expect(page.getByLabel('Taluka').locator('option').first()).toHaveText('All Taluka');
  await expect(page.getByLabel('Village').locator('option').first()).toHaveText('All Villages');
  await expect(page.getByLabel('Booth').locator('option').first()).toHaveText('All Booths');

  await page.getByLabel('Booth').selectOption('Booth-350');
  await expect(page).toHaveURL(/booth=Booth-350/);
  await expect(page.getByRole('region', { name: 'Total Voters' })).toContainText('3');
  await expect(page.getByRole('region', { name: 'Political Parties' })).toContainText('2');
  await expect(page.getByRole('region', { name: 'Caste Groups' })).toContainText('2');
  await expect(page.getByTestId('chart-title')).toHaveText('Political Preference Distribution');
  await expect(page.getByRole('region', { name: 'Political Preference', exact: true }).getByText('2 (66.67%)')).toBeVisible();
  const cross = page.getByRole('region', { name: 'Caste vs Political Preference' });
  await expect(cross.getByRole('row')).toHaveCount(4);
  await expect(cross.getByRole('row').nth(1)).toContainText('Mali');
  await expect(cross.getByRole('row').nth(1)).toContainText('33.34%');
  await expect(page.getByRole('region', { name: 'Top Areas' }).getByText('Station Road')).toBeVisible();

  for (const [button, title] of [
    ['Caste Distribution', 'Caste Distribution'],
    ['Gender Distribution', 'Gender Distribution'],
    ['Age Groups', 'Age Group Distribution'],
    ['Area-wise', 'Top Areas by Voter Count'],
    ['Political Preference', 'Political Preference Distribution'],
  ] as const) {
    await page.getByRole('group', { name: 'Chart view' }).getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByTestId('chart-title')).toHaveText(title);
    await expect(page.getByRole('figure', { name: title }).locator('canvas')).toBeVisible();
  }

  // A booth with no voters: the empty state.
  await page.goto('/analytics?booth=Booth-396');
  await expect(page.getByText('No data available')).toBeVisible();
  await expect(page.getByText('Add some voters to see analytics data.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByText('No data available')).toHaveCount(0);
});

test('should keep a Supervisor out of the dashboard and analytics', async ({ page }) => {
  await signIn(page, E2E_USERS.supervisor);
  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/voters\?tab=entry$/);
});
