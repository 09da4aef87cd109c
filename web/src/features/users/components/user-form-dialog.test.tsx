// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@web/lib/i18n';
import { SessionProvider } from '@web/lib/session';
import { buildUser } from '@web/testing/user-factory';
import type { User } from '@shared/users/user-schema';
import { UserFormDialog } from './user-form-dialog';

function renderDialog(props: { actor: User; user?: User }) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <UserFormDialog {...props} onClose={onClose} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentBody(fetchMock: ReturnType<typeof mockFetch>): Record<string, unknown> {
  const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
  return JSON.parse(String(init.body)) as Record<string, unknown>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// No pause between keystrokes and no pointer-events walk: with 397 booth checkboxes jsdom is slow
// enough (for the same reason checkboxes are found by label, not by role).
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

describe('UserFormDialog', { timeout: 30_000 }, () => {
  it('should show the server field errors and keep what was typed when the server refuses', async () => {
    const fetchMock = mockFetch(409, { message: 'Username already exists', fields: { username: 'Username already exists' } });
    const { onClose } = renderDialog({ actor: buildUser({ id: 9, role: 'Admin' }) });
    await userEvent.type(screen.getByLabelText(/^Username/), 'rahul.kk');
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Rahul Chavan');
    await userEvent.type(screen.getByLabelText(/^Mobile/), '9812345678');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Field-Pass-2026');
    await userEvent.selectOptions(screen.getByLabelText(/^Role/), 'Karyakarta');
    await userEvent.click(screen.getByLabelText('Booth-03'));
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('Username already exists')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Rahul Chavan');
    expect(screen.getByLabelText('Booth-03')).toBeChecked();
    expect(sentBody(fetchMock)).toMatchObject({ username: 'rahul.kk', role: 'Karyakarta', booth_access: ['Booth-03'], email: null, age: null, password: 'Field-Pass-2026' });
    expect(sentBody(fetchMock)).not.toHaveProperty('is_active');
  });

  it('should offer an Admin only the Supervisor and Karyakarta roles when creating', () => {
    renderDialog({ actor: buildUser({ role: 'Admin' }) });
    const options = Array.from((screen.getByLabelText(/^Role/) as HTMLSelectElement).options).map((option) => option.value);
    expect(options).toEqual(['', 'Supervisor', 'Karyakarta']);
  });

  it('should hide the password, lock the own role and still send it when a user edits themselves', async () => {
    const self = buildUser({ id: 5, role: 'Admin' });
    const fetchMock = mockFetch(200, self);
    const { onClose } = renderDialog({ actor: self, user: self });
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Role/)).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/^Full Name/));
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Vikas J.');
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ full_name: 'Vikas J.', role: 'Admin', is_active: true });
    expect(sentBody(fetchMock)).not.toHaveProperty('password');
  });
});
