import { expect, test } from '@playwright/test';
import { E2E_USERS, type E2eUser } from './support/e2e-users';
import { apiToken } from './support/api';
import { servePublicSettingsWith } from './support/public-settings';
import { signIn } from './support/session';

const ADMIN_MENU = [
  'Dashboard',
  'User Management',
  'Booths',
  'Mark voted',
  'Chase supporters',
  'Turnout',
  'Voter Data Entry',
  'Search & Filter',
  'Import/Export',
  'Availability Reports',
  'Task Management',
  'Notification Module',
  'Analytics',
  'Vilage Program',
  'Appointment',
  'Service/Complaint',
  'Surveys',
  'Settings',
];
// Decision 091: field workers give out walk-in tokens at a hearing day's door.
const FIELD_MENU = ['Voter Data Entry', 'Task Management', 'Notification Module', 'Walk-in queue'];
// Issue 22: poll day's screens (the E2E server starts with a poll date set).
const POLL_MENU = ['Mark voted', 'Chase supporters'];

// Issue 61: a Supervisor decides the availability reports and reads the survey results of their booths.
const SUPERVISOR_MENU = ['Booths', ...POLL_MENU, 'Turnout', 'Voter Data Entry', 'Availability Reports', 'Task Management', 'Notification Module', 'Walk-in queue', 'Surveys'];
const KARYAKARTA_MENU = ['My voters', ...POLL_MENU, ...FIELD_MENU];

// Spec section 2: field workers land on voter entry; an office may send them to their own work
// instead (issue 56; the E2E server is set so): a Supervisor's booths, a Karyakarta's voters.
const cases: { user: E2eUser; landing: RegExp; menu: string[]; home: string; fieldLanding?: 'voter-entry' }[] = [
  { user: E2E_USERS.superAdmin, landing: /\/dashboard$/, menu: ADMIN_MENU, home: 'Dashboard' },
  { user: E2E_USERS.admin, landing: /\/dashboard$/, menu: ADMIN_MENU, home: 'Dashboard' },
  { user: E2E_USERS.supervisor, landing: /\/voters\?tab=entry$/, menu: SUPERVISOR_MENU, home: 'Voter Data Entry', fieldLanding: 'voter-entry' },
  { user: E2E_USERS.karyakarta, landing: /\/voters\?tab=entry$/, menu: KARYAKARTA_MENU, home: 'Voter Data Entry', fieldLanding: 'voter-entry' },
  { user: E2E_USERS.supervisor, landing: /\/booths$/, menu: SUPERVISOR_MENU, home: 'Booths' },
  { user: E2E_USERS.karyakarta, landing: /\/my-voters$/, menu: KARYAKARTA_MENU, home: 'My voters' },
];

test.describe('/login', () => {
  test('should show the title, subtitle and a password that can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Voter Management System' })).toBeVisible();
    await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('should show the server message in a toast and stay on /login when the password is wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_USERS.admin.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toHaveValue(E2E_USERS.admin.username);
  });

  // Issue 17: strangers' wrong passwords slow unknown devices down, not the owner's browser.
  test('should sign the owner in from their own browser while strangers are held back for guessing', async ({ page, browser, request }) => {
    const suffix = Date.now().toString(36);
    const owner = { username: `owner_${suffix}`, password: 'Field-Pass-42!', full_name: `Owner ${suffix}` };
    const token = await apiToken(request, E2E_USERS.admin);
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...owner, role: 'Karyakarta', booth_access: ['Booth-01'], mobile: '9876543210' },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The owner signs in once: this browser is now a known device for that username.
    await signIn(page, owner);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // A stranger's browser guesses five times, then even the right password must wait.
    const stranger = await browser.newContext();
    try {
      const strangerPage = await stranger.newPage();
      for (let guess = 0; guess < 5; guess += 1) {
        const response = await stranger.request.post('/api/auth/login', { data: { username: owner.username, password: `guess-${guess}` } });
        expect(response.status()).toBe(401);
      }
      await strangerPage.goto('/login');
      await strangerPage.getByLabel('Username').fill(owner.username);
      await strangerPage.getByLabel('Password', { exact: true }).fill(owner.password);
      await strangerPage.getByRole('button', { name: 'Sign in' }).click();
      await expect(strangerPage.getByText(/^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/)).toBeVisible();
      await expect(strangerPage).toHaveURL(/\/login$/);
    } finally {
      await stranger.close();
    }

    await signIn(page, owner);
    await expect(page).toHaveURL(/\/my-voters$/);
  });

  test('should send a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login$/);
  });
});

for (const { user, landing, menu, home, fieldLanding } of cases) {
  const where = fieldLanding ? ' (the spec\'s landing)' : '';
  test(`should sign in as ${user.role}${where}, land on the right page, see exactly that role's menu, and sign out`, async ({ page }) => {
    if (fieldLanding) await servePublicSettingsWith(page, { field_landing: fieldLanding });
    // Signed in by hand (not the helper) so the short-lived success toast is caught as it appears.
    await page.goto('/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page.getByText(`Welcome back, ${user.full_name}`)).toBeVisible();
    await expect(page).toHaveURL(landing);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link')).toHaveText(menu);
    await expect(nav.getByRole('link', { name: home })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('sidebar-user-name')).toHaveText(user.full_name);
    await expect(page.getByTestId('sidebar-user-role')).toHaveText(user.role);

    // A signed-in user who opens /login is sent home again.
    await page.goto('/login');
    await expect(page).toHaveURL(landing);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
}

test('should send a Karyakarta who opens an admin route to /voters?tab=entry', async ({ page }) => {
  await signIn(page, E2E_USERS.karyakarta);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/voters\?tab=entry$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/voters\?tab=entry$/);
});

test('should highlight the voter tab item that matches the query', async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto('/voters?tab=search');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Search & Filter' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Voter Data Entry' })).not.toHaveAttribute('aria-current', 'page');
});

test('should keep the session across a reload', async ({ page }) => {
  await signIn(page, E2E_USERS.supervisor);
  await page.reload();
  await expect(page.getByText(`Welcome back, ${E2E_USERS.supervisor.full_name}`)).toBeVisible();
  await expect(page).toHaveURL(/\/booths$/);
});
