// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RollVoter } from '@shared/booths/booth-schema';
import { i18n } from '@web/lib/i18n';
import { VoterContactCard } from './voter-contact-card';

const voter: RollVoter = {
  id: 1,
  part_serial: 12,
  voter_no: '12',
  full_name: 'सुनील जाधव',
  voter_id: 'ABC1234567',
  age: 42,
  gender: 'Male',
  father_husband_name: 'रामराव जाधव',
  relation_type: 'Father',
  house_no: '12',
  mobile_number: null,
  whatsapp_number: null,
  booth: 'Booth-01',
  support_level: null,
  last_contact_at: null,
};

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('VoterContactCard', () => {
  it('should show the gender in the interface language, as the voter list does (issue 56)', async () => {
    await act(() => i18n.changeLanguage('mr'));
    render(
      <ul>
        <VoterContactCard voter={voter} />
      </ul>,
    );
    expect(screen.getByText(/42 · पुरुष · रामराव जाधव/u)).toBeInTheDocument();
    expect(screen.queryByText(/Male/u)).not.toBeInTheDocument();
  });
});
