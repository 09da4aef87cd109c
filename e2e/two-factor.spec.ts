import { expect, type Page, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-users';

// Switching two-factor sign-in on would affect every spec sharing this server, so the
// screens are driven with the two-factor answers simulated around a real sign-in
// (the protocol itself is tested end to end in server/test/two-factor).
const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const RECOVERY_CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'jkmnp-qrstu', 'vwxyz-23456', '789ab-cdefg'];

async function simulateTwoFactor(page: Page, options: { enrol: boolean }) {
  let realSignIn: unknown;
  const codes: string[] = [];
  await page.route('**/api/auth/login', async (route) => {
    realSignIn = await (await route.fetch()).json();
    await route.fulfill({
      json: {
        twoFactorRequired: true,
        challengeToken: 'challenge-token',
        ...(options.enrol ? { enrolment: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: QR_PNG } } : {}),
      },
    });
  });
  await page.route('**/api/auth/login/two-factor', async (route) => {
    const body = route.request().postDataJSON() as { challengeToken: string; code: string };
    codes.push(body.code);
    if (body.code !== '123456' && body.code !== 'abcde-fghjk') {
      await route.fulfill({ status: 401, json: { message: 'Invalid authentication code' } });
      return;
    }
    await route.fulfill({ json: options.enrol ? { ...(realSignIn as object), recoveryCodes: RECOVERY_CODES } : realSignIn });
  });
  return codes;
}

async function passwordStep(page: Page) {
  const user = E2E_USERS.supervisor;
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('should enrol with a QR code, refuse a wrong code, then show the recovery codes once before signing in', async ({ page }) => {
  const codes = await simulateTwoFactor(page, { enrol: true });
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByTestId('two-factor-secret')).toHaveText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the code')).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid authentication code')).toBeVisible();

  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem')).toHaveText(RECOVERY_CODES);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  // The toast first: it stays two seconds, and the dashboard behind it can take longer to draw.
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText(`Welcome back, ${E2E_USERS.supervisor.full_name}`)).toBeVisible();
  expect(codes).toEqual(['000000', '123456']);
});

test('should sign in with a recovery code, and go back to the password step on request', async ({ page }) => {
  const codes = await simulateTwoFactor(page, { enrol: false });
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(E2E_USERS.supervisor.username);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill('abcde-fghjk');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Welcome back, ${E2E_USERS.supervisor.full_name}`)).toBeVisible();
  expect(codes).toEqual(['abcde-fghjk']);
});
