// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
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

  // Decision 089: a name search with many matches on PostgreSQL shows the database's estimate.
  it('should say about for an estimated total, in Indian digit grouping, and ask for the exact count', async () => {
    const onCountExactly = vi.fn();
    const onPage = vi.fn();
    render(<VoterPagination page={1} totalPages={8334} total={250000} totalEstimated onCountExactly={onCountExactly} onPage={onPage} />);
    expect(screen.getByText('Showing page 1 of about 8,334 (about 2,50,000 voters)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    expect(onCountExactly).toHaveBeenCalledOnce();
    // The estimate's last page is reachable: the server counts for a page past the estimate's middle.
    await userEvent.click(screen.getByRole('button', { name: 'Next 10' }));
    expect(onPage).toHaveBeenCalledWith(11);
  });

  it('should show the exact total in Indian digit grouping without the Count exactly action', () => {
    render(<VoterPagination page={2} totalPages={8341} total={250226} onCountExactly={() => undefined} onPage={() => undefined} />);
    expect(screen.getByText('Showing page 2 of 8,341 (2,50,226 total voters)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Count exactly' })).toBeNull();
  });

  it('should keep the Count exactly action busy while the count comes', () => {
    render(<VoterPagination page={1} totalPages={8334} total={250000} totalEstimated counting onCountExactly={() => undefined} onPage={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Count exactly' })).toBeDisabled();
  });

  it('should word the estimate in Marathi', async () => {
    await i18n.changeLanguage('mr');
    try {
      render(<VoterPagination page={1} totalPages={8334} total={250000} totalEstimated onCountExactly={() => undefined} onPage={() => undefined} />);
      expect(await screen.findByText('पान 1 / सुमारे 8,334 (सुमारे 2,50,000 मतदार)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'अचूक संख्या मोजा' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
