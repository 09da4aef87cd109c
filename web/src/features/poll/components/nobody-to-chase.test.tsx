// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@web/lib/i18n';
import { NobodyToChase } from './nobody-to-chase';

describe('NobodyToChase', () => {
  it('should say that no supporter is recorded when there is none, not that all voted', () => {
    render(<NobodyToChase supporters={0} />);
    expect(screen.getByText(/^No supporters are recorded here yet\./u)).toBeInTheDocument();
    expect(screen.queryByText('Every supporter here has voted.')).not.toBeInTheDocument();
  });

  it('should say every supporter voted when there are supporters and none is left', () => {
    render(<NobodyToChase supporters={4} />);
    expect(screen.getByText('Every supporter here has voted.')).toBeInTheDocument();
  });
});
