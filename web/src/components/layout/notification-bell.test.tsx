// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '@web/lib/i18n';
import { SessionProvider } from '@web/lib/session';
import { NotificationBell } from './notification-bell';

const userEvent = userEventLib.setup({ delay: null });

describe('NotificationBell', () => {
  it('should show who sent each message and when, and mark an unread one read on a click', async () => {
    const onRead = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
      <MemoryRouter>
        <NotificationBell
          userId={7}
          onRead={onRead}
          notifications={[
            { _id: 2, message: 'Meeting at 5 pm', readBy: [], sender_name: 'Vikas Jadhav', createdAt: '2026-11-24T06:30:00.000Z' },
            { _id: 1, message: 'Older news', readBy: [7], sender_name: null, createdAt: '2026-11-20T06:30:00.000Z' },
          ]}
        />
      </MemoryRouter>
      </SessionProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '1 unread notification' }));
    const list = screen.getByRole('dialog', { name: 'Notifications' });
    const unread = within(list).getByRole('button', { name: /Meeting at 5 pm/ });
    expect(unread).toHaveTextContent('From Vikas Jadhav');
    expect(unread).toHaveTextContent('2026');
    expect(within(list).getByRole('button', { name: /Older news/ })).toHaveTextContent('From System');
    expect(within(list).getByRole('link', { name: 'See all messages' })).toHaveAttribute('href', '/notifications');
    await userEvent.click(unread);
    expect(onRead).toHaveBeenCalledWith(expect.objectContaining({ _id: 2 }));
  });
});
