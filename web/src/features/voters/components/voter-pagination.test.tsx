// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@web/lib/i18n';
import { VoterPagination } from './voter-pagination';

describe('VoterPagination', () => {
  it('should show the spec summary and keep moves within 1 and the last page', async () => {
    const onPage = vi.fn();
    render(<VoterPagination page={3} totalPages={12} total={350} onPage={onPage} />);
    expect(screen.getByText('Showing page 3 of 12 (350 total voters)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls.map(([page]) => page)).toEqual([1, 12, 2, 4]);
  });

  it('should disable the backward buttons on the first page and the forward ones on the last', () => {
    const { rerender } = render(<VoterPagination page={1} totalPages={2} total={40} onPage={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous 10' })).toBeDisabled();
    rerender(<VoterPagination page={2} totalPages={2} total={40} onPage={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next 10' })).toBeDisabled();
  });
});
