// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@web/lib/i18n';
import { SessionProvider } from '@web/lib/session';
import { LoginPage } from './login-page';

function renderLogin() {
  // The device already remembers English, so the page asks the server for no default.
  localStorage.setItem('language', 'en');
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
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

  it('should switch the page to the chosen language at once and remember it on the device', async () => {
    renderLogin();
    await userEvent.selectOptions(screen.getByLabelText('Display language'), 'मराठी');
    expect(await screen.findByRole('heading', { name: 'मतदार व्यवस्थापन प्रणाली' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('mr');
    expect(localStorage.getItem('language')).toBe('mr');
    await userEvent.selectOptions(screen.getByLabelText('तुमची भाषा'), 'English');
    expect(await screen.findByRole('heading', { name: 'Voter Management System' })).toBeInTheDocument();
  });
});
