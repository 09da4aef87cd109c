// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@web/lib/i18n';
import { SessionProvider } from '@web/lib/session';
import { LoginPage } from './login-page';

function renderLogin() {
  return render(
    <MemoryRouter>
      <SessionProvider>
        <LoginPage />
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('LoginPage', () => {
  it('should show the spec title and subtitle', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Voter Management System' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeInTheDocument();
  });

  it('should say which field is missing and keep what was typed when submitted incomplete', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'ravi');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ravi');
  });
});
