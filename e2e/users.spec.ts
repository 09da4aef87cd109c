import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';
import { apiToken } from './support/api';
import { signIn } from './support/session';

// Names unique to each test run, so parallel specs and repeats never collide.
const uniqueTag = () => randomBytes(3).toString('hex');
// These walk through a whole flow; on a busy machine they need more than the default 30 s.
const LONG_FLOW_MS = 120_000;

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

function usersTable(page: Page) {
  return page.getByRole('table');
}

test.describe('/users as an Admin', () => {
  test('should create, search, filter, edit, deactivate and delete a user with the spec texts', async ({ page }) => {
    test.setTimeout(LONG_FLOW_MS);
    const tag = uniqueTag();
    const username = `meera_${tag}`;
    const fullName = `Meera Kulkarni ${tag}`;
    await signIn(page, E2E_USERS.admin);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(usersTable(page).getByRole('columnheader')).toHaveText(['User', 'Role', 'Contact', 'Status', 'Last Login', 'Actions']);

    // An Admin sees Super Admin and Admin rows but cannot edit or delete them.
    const superAdminRow = usersTable(page).getByRole('row').filter({ hasText: E2E_USERS.superAdmin.full_name });
    await expect(superAdminRow.getByText('Super Admin')).toBeVisible();
    await expect(superAdminRow.getByRole('button')).toHaveCount(0);

    // Add User: the form names what is missing and keeps what was typed when the server refuses.
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Mobile number is required')).toBeVisible();
    await expect(dialog.getByText('Role is required')).toBeVisible();
    await expect(dialog.getByRole('option', { name: 'Super Admin' })).toHaveCount(0);

    await dialog.getByLabel('Username').fill(E2E_USERS.karyakarta.username);
    await dialog.getByLabel('Full Name').fill(fullName);
    await dialog.getByLabel('Email').fill(`meera.${tag}@example.org`);
    await dialog.getByLabel('Mobile').fill('9812345678');
    await dialog.getByLabel('Password').fill('Field-Pass-2026');
    await dialog.getByLabel('Role').selectOption('Karyakarta');
    await dialog.getByLabel('Designation').selectOption('कार्यकर्ता');
    await dialog.getByLabel('Organisation').selectOption({ label: 'Youth Congress' });
    await dialog.getByLabel('Search booths').fill('12');
    await dialog.getByLabel('Booth-12', { exact: true }).check();
    await dialog.getByLabel('Booth-112', { exact: true }).check();
    await expect(dialog.getByText('2 selected')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'Username already exists')).toBeVisible();
    await expect(dialog.getByText('Username already exists')).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue(fullName);
    await expect(dialog.getByLabel('Booth-12', { exact: true })).toBeChecked();

    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'User created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = usersTable(page).getByRole('row').filter({ hasText: fullName });
    await expect(row).toContainText(`@${username}`);
    await expect(row).toContainText('Karyakarta');
    await expect(row).toContainText('9812345678');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');

    // Search by username, email or name; the query string keeps it.
    const search = page.getByLabel('Search users');
    await search.fill(`meera.${tag}@`);
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=meera.${tag}`));
    await search.fill('nobody-matches-this');
    await expect(page.getByText('No users found')).toBeVisible();
    await search.fill('');

    // Role filter: All Roles, Admin, Supervisor, Karyakarta.
    const roleFilter = page.getByLabel('Filter by role');
    await expect(roleFilter.getByRole('option')).toHaveText(['All Roles', 'Admin', 'Supervisor', 'Karyakarta']);
    await roleFilter.selectOption('Admin');
    await expect(page).toHaveURL(/role=Admin/);
    await expect(usersTable(page).getByRole('row').filter({ hasText: E2E_USERS.admin.full_name })).toBeVisible();
    await expect(row).toBeHidden();
    await roleFilter.selectOption('Karyakarta');
    await expect(row).toBeVisible();
    await expect(usersTable(page).getByRole('row').filter({ hasText: E2E_USERS.admin.full_name })).toBeHidden();
    await roleFilter.selectOption('');

    // Edit: no password field, the values are there, the change is saved.
    await row.getByRole('button', { name: `Edit ${fullName}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(editDialog.locator('input[type="password"]')).toHaveCount(0);
    await expect(editDialog.getByLabel('Username')).toHaveValue(username);
    await expect(editDialog.getByLabel('Designation')).toHaveValue('कार्यकर्ता');
    await expect(editDialog.getByRole('button', { name: 'Remove Booth-112' })).toBeVisible();
    const renamed = `Meera Patil ${tag}`;
    await editDialog.getByLabel('Full Name').fill(renamed);
    await editDialog.getByLabel('Mobile').fill('9822222222');
    await editDialog.getByRole('button', { name: 'Update User' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    const renamedRow = usersTable(page).getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toContainText('9822222222');

    // Deactivate with the Active toggle.
    await renamedRow.getByRole('button', { name: `Edit ${renamed}` }).click();
    const active = page.getByRole('dialog', { name: 'Edit User' }).getByRole('switch', { name: 'Active' });
    await expect(active).toHaveAttribute('aria-checked', 'true');
    await active.click();
    await expect(active).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(toast(page, 'User updated successfully').last()).toBeVisible();
    await expect(renamedRow).toContainText('Inactive');

    // Delete asks first; cancelling keeps the user.
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    await expect(confirm).toContainText(`Are you sure you want to delete ${renamed}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamedRow).toBeVisible();
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(renamedRow).toBeHidden();
  });

  test('should not offer deleting your own row when an Admin opens /users (the server still refuses it)', async ({ page, request }) => {
    await signIn(page, E2E_USERS.admin);
    await page.goto('/users');
    const ownRow = usersTable(page).getByRole('row').filter({ hasText: E2E_USERS.admin.full_name });
    await expect(ownRow.getByText('(You)')).toBeVisible();
    // Editing yourself stays; deleting yourself is not offered.
    await expect(ownRow.getByRole('button', { name: `Edit ${E2E_USERS.admin.full_name}` })).toBeVisible();
    await expect(ownRow.getByRole('button', { name: `Delete ${E2E_USERS.admin.full_name}` })).toHaveCount(0);
    // Another user's row keeps its delete.
    const otherRow = usersTable(page).getByRole('row').filter({ hasText: E2E_USERS.karyakarta.full_name });
    await expect(otherRow.getByRole('button', { name: `Delete ${E2E_USERS.karyakarta.full_name}` })).toBeVisible();

    // The server's own refusal stays for a request made without the screen.
    const login = await request.post('/api/auth/login', { data: { username: E2E_USERS.admin.username, password: E2E_USERS.admin.password } });
    const { token, user } = (await login.json()) as { token: string; user: { id: number } };
    const refused = await request.delete(`/api/users/${user.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ message: 'You cannot delete yourself.' });
  });
});

test('should let an Admin set a new password and the user change it again from the sidebar', async ({ page, browser }) => {
  test.setTimeout(LONG_FLOW_MS);
  const tag = uniqueTag();
  const username = `pw_${tag}`;
  const fullName = `Password Person ${tag}`;
  await signIn(page, E2E_USERS.admin);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Full Name').fill(fullName);
  await dialog.getByLabel('Mobile').fill('9700000001');
  await dialog.getByLabel('Password').fill('First-Pass-2026');
  await dialog.getByLabel('Role').selectOption('Supervisor');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(toast(page, 'User created successfully')).toBeVisible();

  // The edit modal's own action sets a new password.
  await usersTable(page).getByRole('button', { name: `Edit ${fullName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('button', { name: 'Set new password' }).click();
  await edit.getByLabel('New password').fill('short');
  await edit.getByRole('button', { name: 'Save password' }).click();
  await expect(edit.getByText('Password must contain at least 8 characters')).toBeVisible();
  await edit.getByLabel('New password').fill('Second-Pass-2026');
  await edit.getByRole('button', { name: 'Save password' }).click();
  await expect(toast(page, `Password updated. ${fullName} must sign in again.`)).toBeVisible();

  // The user signs in with it and must replace it first (issue 57), on a screen of its own.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await userPage.goto('/login');
  await userPage.getByLabel('Username').fill(username);
  await userPage.getByLabel('Password', { exact: true }).fill('Second-Pass-2026');
  await userPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(userPage.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await userPage.getByLabel('Current password').fill('wrong-password');
  await userPage.getByLabel(/^New password/).fill('Third-Pass-2026');
  await userPage.getByLabel('Confirm new password').fill('Third-Pass-2027');
  await userPage.getByRole('button', { name: 'Save my new password' }).click();
  await expect(userPage.getByText('Passwords do not match')).toBeVisible();
  await userPage.getByLabel('Confirm new password').fill('Third-Pass-2026');
  await userPage.getByRole('button', { name: 'Save my new password' }).click();
  await expect(userPage.getByRole('main').getByText('Current password is incorrect')).toBeVisible();
  await userPage.getByLabel('Current password').fill('Second-Pass-2026');
  await userPage.getByRole('button', { name: 'Save my new password' }).click();
  await expect(toast(userPage, 'Password changed successfully')).toBeVisible();

  // Then changes it again whenever they like, from the sidebar.
  await userPage.getByRole('button', { name: 'Change password' }).click();
  const change = userPage.getByRole('dialog', { name: 'Change password' });
  await change.getByLabel('Current password').fill('Third-Pass-2026');
  await change.getByLabel(/^New password/).fill('Fourth-Pass-2026');
  await change.getByLabel('Confirm new password').fill('Fourth-Pass-2026');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(userPage, 'Password changed successfully').last()).toBeVisible();
  await expect(change).toBeHidden();
  await userPage.getByRole('button', { name: 'Logout' }).click();
  // Wait for the sign-out to finish: going to /login while the session still lives lands on the home screen.
  await expect(userPage).toHaveURL(/\/login$/);
  await signIn(userPage, { username, password: 'Fourth-Pass-2026', full_name: fullName });
  await context.close();
});

test.describe('/users on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should show users as cards and open the Add User form full width', async ({ page }) => {
    await signIn(page, E2E_USERS.superAdmin);
    await page.goto('/users');
    await expect(page.getByRole('table')).toBeHidden();
    const card = page.getByTestId('user-card').filter({ hasText: E2E_USERS.admin.full_name });
    await expect(card).toContainText('Admin');
    // A Super Admin may edit an Admin.
    await expect(card.getByRole('button', { name: `Edit ${E2E_USERS.admin.full_name}` })).toBeVisible();
    // Their own card offers no delete; others' cards do.
    const ownCard = page.getByTestId('user-card').filter({ hasText: E2E_USERS.superAdmin.full_name }).filter({ hasText: '(You)' });
    await expect(ownCard.getByRole('button', { name: `Edit ${E2E_USERS.superAdmin.full_name}` })).toBeVisible();
    await expect(ownCard.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Delete ${E2E_USERS.admin.full_name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByRole('option', { name: 'Super Admin' })).toHaveCount(1);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('/users, editing one\'s own record', () => {
  test('should show the new name in the sidebar and the greeting at once when a user renames themself', async ({ page, request }) => {
    test.setTimeout(LONG_FLOW_MS);
    const tag = uniqueTag();
    const me = { username: `nanda_${tag}`, password: 'Own-Record-2026', full_name: `Nanda Pawar ${tag}` };
    const token = await apiToken(request, E2E_USERS.superAdmin);
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...me, role: 'Super Admin', booth_access: ['Admin'], mobile: '9876500099' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signIn(page, me);
    await page.goto('/users');
    await page.getByLabel('Search users').fill(me.username);
    await page.getByRole('button', { name: `Edit ${me.full_name}` }).click();
    const renamed = `Nanda Shinde ${tag}`;
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByLabel('Full Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(page.getByTestId('sidebar-user-name')).toHaveText(renamed);
    await expect(page.getByText(`Welcome back, ${renamed}`)).toBeVisible();
  });
});

test.describe('/users, two-factor reset by a Super Admin', () => {
  test('should show whether a user has an authenticator and reset it after a second click', async ({ page, request }) => {
    test.setTimeout(LONG_FLOW_MS);
    const tag = uniqueTag();
    const token = await apiToken(request, E2E_USERS.superAdmin);
    const person = { username: `lost_phone_${tag}`, password: 'Lost-Phone-2026', full_name: `Kiran Wagh ${tag}` };
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...person, role: 'Karyakarta', booth_access: ['Booth-01'], mobile: '9876500098' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Two-factor sign-in is off on this shared server, so the enrolled state is simulated; the
    // reset itself goes to the real server.
    let enrolled = true;
    await page.route(`**/api/two-factor/users/${id}`, async (route) => {
      if (route.request().method() === 'GET') await route.fulfill({ json: { enrolled, recoveryCodesLeft: enrolled ? 7 : 0 } });
      else {
        enrolled = false;
        await route.continue();
      }
    });

    await signIn(page, E2E_USERS.superAdmin);
    await page.goto('/users');
    await page.getByLabel('Search users').fill(person.username);
    await page.getByRole('button', { name: `Edit ${person.full_name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByTestId('two-factor-status')).toHaveText('Authenticator set up; 7 recovery codes left.');
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    await expect(dialog.getByText(`${person.full_name} will set up an authenticator again at their next sign-in.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(toast(page, 'Two-factor authentication reset. The user will set it up again at their next sign-in.')).toBeVisible();
    await expect(dialog.getByTestId('two-factor-status')).toHaveText('No authenticator set up.');
    await expect(dialog.getByRole('button', { name: 'Reset two-factor' })).toHaveCount(0);
  });

  test('should not offer the two-factor part to an Admin', async ({ page }) => {
    await signIn(page, E2E_USERS.admin);
    await page.goto('/users');
    await page.getByLabel('Search users').fill(E2E_USERS.karyakarta.username);
    await page.getByRole('button', { name: `Edit ${E2E_USERS.karyakarta.full_name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByRole('heading', { name: 'Password', exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Two-factor sign-in' })).toHaveCount(0);
  });
});
