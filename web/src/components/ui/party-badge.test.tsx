// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { NEUTRAL_PARTY_COLOUR, PARTY_COLOURS } from '@shared/reference/party-colours';
import { POLITICAL_PREFERENCE_VALUES } from '@shared/reference/voter-lists';
import { partyChartFills } from '@web/lib/party-fill';
import { PartyBadge } from './party-badge';

// jsdom reports colours as rgb(); the table holds #RRGGBB.
const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('PartyBadge and the analytics chart', () => {
  it('should paint each badge swatch in the colour the chart draws that party in, both from the shared table', () => {
    const parties = [...POLITICAL_PREFERENCE_VALUES, null];
    // Without a canvas (jsdom) the chart's fill is the table's plain colour.
    const chartFills = partyChartFills(parties);
    for (const [index, party] of parties.entries()) {
      const { unmount } = render(<PartyBadge party={party} />);
      const expected = party === null ? NEUTRAL_PARTY_COLOUR.colour : PARTY_COLOURS.get(party)?.colour;
      expect(expected, String(party)).toBeDefined();
      expect(screen.getByTestId('party-swatch').style.backgroundColor, String(party)).toBe(rgbOf(expected ?? ''));
      expect(chartFills[index], String(party)).toBe(expected);
      unmount();
    }
  });

  it('should give BJP and Congress different colours in the badge, where the doughnut once swapped them', () => {
    render(<PartyBadge party="BJP" />);
    render(<PartyBadge party="Congress" />);
    const [bjp, congress] = screen.getAllByTestId('party-swatch');
    expect(bjp?.style.backgroundColor).toBe(rgbOf(PARTY_COLOURS.get('BJP')?.colour ?? ''));
    expect(congress?.style.backgroundColor).not.toBe(bjp?.style.backgroundColor);
  });

  it('should read "Neutral" when no preference is recorded', () => {
    render(<PartyBadge party={null} />);
    expect(screen.getByText('Neutral')).toBeInTheDocument();
  });

  it('should show the party\'s short name in the chosen language when the language changes', async () => {
    render(<PartyBadge party="Shiv Sena (UBT)" />);
    expect(screen.getByText('Shiv Sena (UBT)')).toBeInTheDocument();
    try {
      await act(() => i18n.changeLanguage('mr'));
      expect(screen.getByText('शिवसेना (उबाठा)')).toBeInTheDocument();
      await act(() => i18n.changeLanguage('gu'));
      expect(screen.getByText('શિવસેના (યુબીટી)')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
