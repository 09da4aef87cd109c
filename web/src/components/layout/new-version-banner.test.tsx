// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewVersionBanner } from './new-version-banner';
import '@web/lib/i18n';
import { noticeServerBuild } from '@web/lib/app-build';

describe('new version offer', () => {
  it('should offer a reload only when the server serves another build than the page', async () => {
    const reload = vi.fn();
    render(<NewVersionBanner reload={reload} />);
    // Same build, a page without a stamp (dev server), an answer without the header: nothing.
    act(() => {
      noticeServerBuild('aaaa000011112222', 'aaaa000011112222');
      noticeServerBuild('bbbb000011112222', 'dev');
      noticeServerBuild('bbbb000011112222', undefined);
      noticeServerBuild(null, 'aaaa000011112222');
    });
    expect(screen.queryByRole('status')).toBeNull();

    act(() => noticeServerBuild('bbbb000011112222', 'aaaa000011112222'));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
