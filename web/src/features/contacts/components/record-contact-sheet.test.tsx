// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@web/lib/i18n';
import { RecordContactSheet } from './record-contact-sheet';

const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

// The server: the issues list, and the answer to a saved contact; every call is kept.
function mockServer() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = url.startsWith('/api/contacts/issues')
        ? { issues: ['Water', 'Roads', 'Drainage'] }
        : {
            contact: { id: 1, voter_id: 7, user_id: 1, user_name: 'Rahul', channel: 'call', outcome: 'leaning_supporter', issues: [], note: null, created_at: '2026-11-24T10:00:00.000Z' },
            voter: { id: 7, support_level: 'leaning_supporter', last_contact_at: '2026-11-24T10:00:00.000Z' },
            flag: null,
          };
      return new Response(JSON.stringify(body), { status: url.includes('/contacts/issues') ? 200 : 201, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderSheet() {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RecordContactSheet voter={{ id: 7, full_name: 'Sunita Kale' }} onClose={onClose} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onClose, onSaved };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('RecordContactSheet', () => {
  it('should save with one tap on the outcome, using the channel chosen last time', async () => {
    localStorage.setItem('contacts.lastChannel', 'call');
    const calls = mockServer();
    const { onClose, onSaved } = renderSheet();
    expect(screen.getByRole('radio', { name: 'Call' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Leaning supporter' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ voter: expect.objectContaining({ support_level: 'leaning_supporter' }) }));
    expect(calls.find((call) => call.url === '/api/voters/7/contacts')?.body).toEqual({ channel: 'call', outcome: 'leaning_supporter', issues: [], note: null });
  });

  it('should send the issues ticked and the note, and remember the channel when it changes', async () => {
    const calls = mockServer();
    renderSheet();
    expect(screen.getByRole('radio', { name: 'Visit' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Drainage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Water' }));
    await userEvent.click(screen.getByRole('button', { name: 'Drainage' }));
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Tanker comes late{Enter}');
    // Enter in the note saves nothing: the outcome is still to come.
    expect(calls.filter((call) => call.url.endsWith('/contacts'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Opposed' }));

    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/contacts'))).toHaveLength(1));
    expect(calls.find((call) => call.url.endsWith('/contacts'))?.body).toEqual({ channel: 'whatsapp', outcome: 'opposed', issues: ['Water'], note: 'Tanker comes late' });
    await waitFor(() => expect(localStorage.getItem('contacts.lastChannel')).toBe('whatsapp'));
  });
});
